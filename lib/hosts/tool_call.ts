/**
 * What a host's post-tool event reports about the tool call (issue 28): a
 * shell run with its command and outcome, a file edit, or nothing pwf uses.
 * Each host's reader is data in its table row (`toolCall`); the readers
 * below are the measured shapes (docs/hosts.md "Shell outcomes").
 * @module
 */

import type { Outcome } from "../core/verify/records.ts";
import { splitLines } from "../core/text/lines.ts";
import { type Payload, stringField } from "./payload.ts";

/** A finished tool call as the host reported it. */
export type ToolCall =
  | {
    readonly kind: "shell";
    readonly command: string;
    readonly outcome: Outcome;
    readonly exit: number | null;
    /** The host's call id ("" when it sends none). */
    readonly callId: string;
  }
  | { readonly kind: "edit"; readonly path: string };

/** Reads a host's post-tool payload; null for a tool pwf does not use. */
export type ToolCallReader = (eventName: string, payload: Payload) => ToolCall | null;

function objectField(p: Payload, key: string): Payload {
  const v = p[key];
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v as Payload : {};
}

/** A JSON object carried as a string (Copilot's `toolArgs`), or {}. */
function jsonObjectField(p: Payload, key: string): Payload {
  const v = p[key];
  if (typeof v !== "string") return objectField(p, key);
  try {
    const o = JSON.parse(v);
    return typeof o === "object" && o !== null && !Array.isArray(o) ? o : {};
  } catch {
    return {};
  }
}

/** The number after `marker` in `text` (digits, optional minus), or null. */
function numberAfter(text: string, marker: string): number | null {
  const at = text.indexOf(marker);
  if (at < 0) return null;
  let p = at + marker.length;
  while (text[p] === " ") p++;
  const start = p;
  if (text[p] === "-") p++;
  while (p < text.length && p - start < 10 && text[p]! >= "0" && text[p]! <= "9") p++;
  const n = Number(text.slice(start, p));
  return p > start && Number.isSafeInteger(n) ? n : null;
}

const shell = (
  command: string,
  outcome: Outcome,
  exit: number | null,
  callId: string,
): ToolCall => ({ kind: "shell", command, outcome, exit, callId });

/**
 * Claude Code 2.1.332: PostToolUse for `Bash` is a run that exited 0; a
 * non-zero exit arrives as PostToolUseFailure with `error: "Exit code N\n..."`.
 * @example
 * ```ts
 * import { claudeToolCall } from "./tool_call.ts";
 * const ev = "PostToolUseFailure";
 * const c = claudeToolCall(ev, { tool_name: "Bash", tool_input: { command: "make" }, error: "Exit code 2\nx" });
 * if (c?.kind !== "shell" || c.outcome !== "failed" || c.exit !== 2) throw new Error();
 * ```
 */
export function claudeToolCall(eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "tool_name");
  const input = objectField(p, "tool_input");
  if (tool === "Bash") {
    const command = stringField(input, "command");
    const id = stringField(p, "tool_use_id");
    if (eventName !== "PostToolUseFailure") return shell(command, "passed", 0, id);
    return shell(command, "failed", numberAfter(stringField(p, "error"), "Exit code"), id);
  }
  if (tool === "Write" || tool === "Edit" || tool === "MultiEdit" || tool === "NotebookEdit") {
    return { kind: "edit", path: stringField(input, "file_path") };
  }
  return null;
}

/**
 * The exit code a Gemini shell result states, or null: the last line of
 * `text` that reads `Exit Code: N` (or `[Exit Code: N]`). The host appends
 * it after the command's output, so the last one is the host's own.
 */
function statedExit(text: string): number | null {
  const lines = splitLines(text);
  for (let i = lines.length - 1; i >= 0; i--) {
    let l = (lines[i] ?? "").trim();
    if (l.startsWith("[")) l = l.slice(1);
    if (l.startsWith("Exit Code:")) return numberAfter(l, "Exit Code:");
  }
  return null;
}

/**
 * Gemini CLI 0.61.0: AfterTool for `run_shell_command`. Measured: a failed
 * run's `tool_response.llmContent` has a line `Exit Code: N` (and
 * `returnDisplay` "Command exited with code: N"); a passing run has neither;
 * a killed one a `Signal:` line. No line at all counts as passed.
 * @example
 * ```ts
 * import { geminiToolCall } from "./tool_call.ts";
 * const ev = "AfterTool";
 * const c = geminiToolCall(ev, { tool_name: "run_shell_command", tool_input: { command: "make" }, tool_response: { llmContent: "Output: x\nExit Code: 1\nProcess Group PGID: 9" } });
 * if (c?.kind !== "shell" || c.outcome !== "failed" || c.exit !== 1) throw new Error();
 * ```
 */
export function geminiToolCall(_eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "tool_name");
  const input = objectField(p, "tool_input");
  if (tool === "run_shell_command") {
    const response = p["tool_response"];
    const r = objectField(p, "tool_response");
    const text = typeof response === "string" ? response : stringField(r, "llmContent");
    const shown = numberAfter(stringField(r, "returnDisplay"), "Command exited with code:");
    const exit = statedExit(text) ?? shown;
    const signal = text.includes("\nSignal: ") || text.startsWith("Signal: ");
    const failed = (exit !== null && exit !== 0) || signal;
    return shell(
      stringField(input, "command"),
      failed ? "failed" : "passed",
      exit ?? (failed ? null : 0),
      "",
    );
  }
  if (tool === "write_file" || tool === "replace") {
    return { kind: "edit", path: stringField(input, "file_path") };
  }
  return null;
}

/** The exit code in Copilot's `<shellId: N completed with exit code M>` (its last one), or null. */
function copilotExit(text: string): number | null {
  const marker = "completed with exit code";
  const at = text.lastIndexOf(marker);
  return at < 0 ? null : numberAfter(text.slice(at), marker);
}

/**
 * Copilot CLI 1.0.102: postToolUse with `toolName` `bash` or `powershell`,
 * `toolArgs` (an object; a JSON string in older docs) with `command`.
 * Measured: `toolResult.resultType` is "success" even for exit code 1; the
 * outcome is the last `<shellId: N completed with exit code M>` of
 * `textResultForLlm`. Without it: failed on resultType "failure", else
 * unknown (never passed).
 * @example
 * ```ts
 * import { copilotToolCall } from "./tool_call.ts";
 * const ev = "postToolUse";
 * const c = copilotToolCall(ev, { toolName: "bash", toolArgs: { command: "make" }, toolResult: { resultType: "success", textResultForLlm: "<shellId: 0 completed with exit code 1>" } });
 * if (c?.kind !== "shell" || c.outcome !== "failed" || c.exit !== 1 || c.command !== "make") throw new Error();
 * ```
 */
export function copilotToolCall(_eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "toolName");
  const args = jsonObjectField(p, "toolArgs");
  if (tool === "bash" || tool === "powershell") {
    const result = objectField(p, "toolResult");
    const exit = copilotExit(stringField(result, "textResultForLlm"));
    const outcome: Outcome = exit !== null
      ? (exit === 0 ? "passed" : "failed")
      : stringField(result, "resultType") === "failure"
      ? "failed"
      : "unknown";
    return shell(stringField(args, "command"), outcome, exit, "");
  }
  if (
    tool === "create" || tool === "edit" || tool === "str_replace_editor" || tool === "apply_patch"
  ) {
    return { kind: "edit", path: stringField(args, "path") };
  }
  return null;
}

/**
 * Codex 0.171.0: PostToolUse for `Bash` with `tool_response` the bare output
 * string, fired for failing commands too: the outcome is never known.
 * @example
 * ```ts
 * import { codexToolCall } from "./tool_call.ts";
 * const ev = "PostToolUse";
 * const c = codexToolCall(ev, { tool_name: "Bash", tool_input: { command: "make" }, tool_response: "boom" });
 * if (c?.kind !== "shell" || c.outcome !== "unknown") throw new Error();
 * ```
 */
export function codexToolCall(_eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "tool_name");
  const input = objectField(p, "tool_input");
  if (tool === "Bash") {
    return shell(stringField(input, "command"), "unknown", null, stringField(p, "tool_use_id"));
  }
  if (tool === "Write" || tool === "Edit" || tool === "apply_patch") {
    return { kind: "edit", path: stringField(input, "file_path") };
  }
  return null;
}

/**
 * Whether an edited path is inside a `.planning` folder: pwf's own files
 * (the plan, progress, findings) are not the project's work, so editing
 * them does not make a check's evidence stale.
 * @example
 * ```ts
 * import { isPlanningPath } from "./tool_call.ts";
 * if (!isPlanningPath("/p/.planning/x/progress.md") || isPlanningPath("src/a.ts")) throw new Error();
 * ```
 */
export function isPlanningPath(path: string): boolean {
  const p = path.replaceAll("\\", "/");
  return p.startsWith(".planning/") || p.includes("/.planning/");
}

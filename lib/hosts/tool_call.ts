/**
 * What a host's post-tool event reports about the tool call (issue 28): a
 * shell run with its command and outcome, a file edit, or nothing pwf uses.
 * Each host's reader is data in its table row (`toolCall`); the readers
 * below are the measured shapes (docs/hosts.md "Shell outcomes").
 * @module
 */

import type { Outcome } from "../core/verify/records.ts";
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
 * Gemini CLI 0.61.0: AfterTool for `run_shell_command`; its text carries a
 * line `[Exit Code: N]` only on failure (a `Signal:` line when killed).
 * @example
 * ```ts
 * import { geminiToolCall } from "./tool_call.ts";
 * const ev = "AfterTool";
 * const c = geminiToolCall(ev, { tool_name: "run_shell_command", tool_input: { command: "make" }, tool_response: { llmContent: "Output: x\n[Exit Code: 1]" } });
 * if (c?.kind !== "shell" || c.outcome !== "failed" || c.exit !== 1) throw new Error();
 * ```
 */
export function geminiToolCall(_eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "tool_name");
  const input = objectField(p, "tool_input");
  if (tool === "run_shell_command") {
    const response = p["tool_response"];
    const text = typeof response === "string"
      ? response
      : stringField(objectField(p, "tool_response"), "llmContent");
    const exit = numberAfter(text, "[Exit Code:");
    const failed = exit !== null || text.includes("\nSignal: ") || text.startsWith("Signal: ");
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

/**
 * Copilot CLI: postToolUse with `toolName` `bash` or `powershell`,
 * `toolArgs` a JSON string with `command`, `toolResult.resultType`
 * `success` or `failure` (no exit code).
 * @example
 * ```ts
 * import { copilotToolCall } from "./tool_call.ts";
 * const ev = "postToolUse";
 * const c = copilotToolCall(ev, { toolName: "bash", toolArgs: '{"command":"make"}', toolResult: { resultType: "failure" } });
 * if (c?.kind !== "shell" || c.outcome !== "failed" || c.command !== "make") throw new Error();
 * ```
 */
export function copilotToolCall(_eventName: string, p: Payload): ToolCall | null {
  const tool = stringField(p, "toolName");
  const args = jsonObjectField(p, "toolArgs");
  if (tool === "bash" || tool === "powershell") {
    const result = stringField(objectField(p, "toolResult"), "resultType");
    const outcome: Outcome = result === "success"
      ? "passed"
      : result === "failure"
      ? "failed"
      : "unknown";
    return shell(stringField(args, "command"), outcome, null, "");
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

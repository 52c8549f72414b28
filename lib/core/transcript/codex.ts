/**
 * Codex rollout records (`{"timestamp","type","payload"}` lines): messages,
 * tool calls (function_call, custom_tool_call, local_shell_call), their
 * outputs, and `patch_apply_end` events, turned into transcript events.
 * @module
 */

import { asObject, asString, tryJson } from "../text/json_value.ts";
import type { TranscriptEvent } from "./event.ts";

// User-role messages Codex injects itself (environment, instructions): not the user's words.
const CODEX_INJECTED = [
  "<environment_context",
  "<user_instructions",
  "<permissions instructions",
  "<INSTRUCTIONS",
  "# AGENTS.md instructions",
  "<turn_aborted",
];

/**
 * The events of one Codex record, given its top-level type and payload.
 * @example
 * ```ts
 * import { codexEvents } from "./codex.ts";
 * const [e] = codexEvents("response_item", { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done" }] });
 * if (e?.kind !== "assistant") throw new Error();
 * ```
 */
export function codexEvents(type: string, p: Record<string, unknown>): TranscriptEvent[] {
  if (type === "event_msg") return patchEnd(p);
  if (type !== "response_item") return [];
  const itemType = asString(p.type);
  if (itemType === "message") return message(p);
  if (itemType === "function_call" || itemType === "custom_tool_call") return [call(p)];
  if (itemType === "local_shell_call") return [localShell(p)];
  if (itemType === "function_call_output" || itemType === "custom_tool_call_output") {
    const id = asString(p.call_id);
    return id ? [{ kind: "result", id, ok: outputOk(p.output) }] : [];
  }
  return [];
}

function message(p: Record<string, unknown>): TranscriptEvent[] {
  const role = asString(p.role);
  if (role !== "user" && role !== "assistant") return [];
  const content = p.content;
  const text = typeof content === "string"
    ? content
    : Array.isArray(content)
    ? content.map((c) => asString(asObject(c)?.text)).filter((t) => t !== "").join("\n")
    : "";
  if (text.trim() === "") return [];
  if (role === "user" && CODEX_INJECTED.some((x) => text.trimStart().startsWith(x))) return [];
  return [{ kind: role, text }];
}

function call(p: Record<string, unknown>): TranscriptEvent {
  const name = asString(p.name) || "tool";
  const rawArgs = p.arguments ?? p.input;
  const parsed = typeof rawArgs === "string" ? tryJson(rawArgs) : rawArgs;
  const args = asObject(parsed) ?? {};
  const id = asString(p.call_id) || null;
  if (name === "apply_patch") {
    const patch = typeof parsed === "string"
      ? parsed
      : asString(args.input) || asString(args.patch) ||
        (typeof rawArgs === "string" && parsed === undefined ? rawArgs : "");
    const files = patchFiles(patch);
    return { kind: "tool", id, name, detail: files.join(", "), writes: files };
  }
  const detail = asString(args.cmd) || shellCommand(args.command) || asString(args.path) ||
    asString(args.file_path) || asString(args.query) || asString(args.pattern);
  return { kind: "tool", id, name, detail, writes: [] };
}

function localShell(p: Record<string, unknown>): TranscriptEvent {
  const action = asObject(p.action) ?? {};
  return {
    kind: "tool",
    id: asString(p.call_id) || null,
    name: "shell",
    detail: shellCommand(action.command),
    writes: [],
  };
}

/** A shell command from `["bash","-lc","npm test"]` or a plain string. */
function shellCommand(v: unknown): string {
  if (typeof v === "string") return v;
  if (!Array.isArray(v)) return "";
  const parts = v.filter((x): x is string => typeof x === "string");
  const wrapped = parts.length === 3 && /^(?:ba|z|)sh$|\/(?:ba|z|)sh$/.test(parts[0] ?? "") &&
    /^-l?c$/.test(parts[1] ?? "");
  return wrapped ? parts[2] ?? "" : parts.join(" ");
}

/**
 * The files an apply_patch body touches (Add/Update/Delete File, Move to).
 * @example
 * ```ts
 * import { patchFiles } from "./codex.ts";
 * const f = patchFiles("*** Begin Patch\n*** Update File: a/progress.md\n@@\n-x\n+y\n*** End Patch");
 * if (f.join() !== "a/progress.md") throw new Error();
 * ```
 */
export function patchFiles(patch: string): string[] {
  const out = new Set<string>();
  for (const line of patch.split("\n")) {
    const head = PATCH_HEADER.exec(line);
    const name = head ? headerPath(line.slice(head[0].length)) : "";
    if (name) out.add(name);
  }
  return [...out];
}

const PATCH_HEADER = /^\*\*\* (?:(?:Add|Update|Delete) File|Move to): /;

/**
 * The path after a patch header: the rest without trailing whitespace (its
 * first character kept), "" when empty or holding a line terminator. What
 * `(.+?)\s*$` captured, without its quadratic backtracking on a long blank run.
 */
function headerPath(rest: string): string {
  const path = rest.trimEnd() || rest.slice(0, 1);
  return /[\r\u2028\u2029]/.test(path) ? "" : path;
}

function patchEnd(p: Record<string, unknown>): TranscriptEvent[] {
  if (p.type !== "patch_apply_end") return [];
  const changes = asObject(p.changes);
  return [{
    kind: "patch",
    id: asString(p.call_id) || null,
    ok: p.success === true,
    files: changes ? Object.keys(changes) : [],
  }];
}

/**
 * Whether a tool output reports success: an exit code when there is one
 * (`metadata.exit_code`, `Exit code: N`), else a leading "Success"; null when
 * it cannot tell.
 * @example
 * ```ts
 * import { outputOk } from "./codex.ts";
 * if (outputOk('{"output":"Success.","metadata":{"exit_code":0}}') !== true) throw new Error();
 * if (outputOk("Exit code: 1\nOutput:\nerror") !== false) throw new Error();
 * ```
 */
export function outputOk(output: unknown): boolean | null {
  const obj = asObject(typeof output === "string" ? tryJson(output) : output);
  if (obj) {
    if (typeof obj.success === "boolean") return obj.success;
    const code = asObject(obj.metadata)?.exit_code;
    if (typeof code === "number") return code === 0;
    return textOk(asString(obj.output) || asString(obj.content));
  }
  if (Array.isArray(output)) {
    return textOk(output.map((c) => asString(asObject(c)?.text)).join("\n"));
  }
  return textOk(asString(output));
}

function textOk(text: string): boolean | null {
  const code = /^\s*Exit code: (\d+)/.exec(text);
  if (code) return code[1] === "0";
  if (/^\s*Success\b/.test(text)) return true;
  if (/\b(?:error|failed|failure|invalid)\b/i.test(text)) return false;
  return null;
}

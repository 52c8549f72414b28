/**
 * One transcript record, interpreted: which host wrote it (Claude Code JSONL
 * or a Codex rollout), the working directory it names, and the events it
 * holds (user/assistant text, tool calls, tool results, applied patches).
 * Anything of an unexpected shape is ignored, never fatal.
 * @module
 */

import { asObject, asString } from "../text/json_value.ts";
import { codexEvents } from "./codex.ts";
import type { RecordFormat, TranscriptEvent } from "./event.ts";

/** A record's interpretation. */
export interface RecordInfo {
  readonly format: RecordFormat;
  /** The working directory this record names itself, if any. */
  readonly cwd: string | null;
  /** Codex: a session_meta/turn_context record sets the cwd of the records after it. */
  readonly setsContext: boolean;
  readonly events: readonly TranscriptEvent[];
}

const CODEX_TYPES = new Set([
  "session_meta",
  "response_item",
  "event_msg",
  "turn_context",
  "compacted",
]);
const CLAUDE_WRITE_TOOLS = new Set(["Write", "Edit", "MultiEdit"]);
const WRAPPER_PREFIXES = ["<local-command", "<command-", "<task-notification", "<system-reminder"];

/**
 * The format of one parsed record.
 * @example
 * ```ts
 * import { recordFormat } from "./records.ts";
 * if (recordFormat({ type: "response_item", payload: {} }) !== "codex") throw new Error();
 * if (recordFormat({ type: "user", message: { content: "hi" } }) !== "claude") throw new Error();
 * ```
 */
export function recordFormat(rec: Record<string, unknown>): RecordFormat {
  const type = asString(rec.type);
  if (CODEX_TYPES.has(type) && asObject(rec.payload)) return "codex";
  if ((type === "user" || type === "assistant") && asObject(rec.message)) return "claude";
  if (typeof rec.sessionId === "string" || typeof rec.uuid === "string") return "claude";
  return "unknown";
}

/**
 * Interpret one parsed JSON object of a transcript.
 * @example
 * ```ts
 * import { interpretRecord } from "./records.ts";
 * const r = interpretRecord({ type: "user", cwd: "/p", message: { content: "hello there" } });
 * if (r.cwd !== "/p" || r.events[0]?.kind !== "user") throw new Error();
 * ```
 */
export function interpretRecord(rec: Record<string, unknown>): RecordInfo {
  const format = recordFormat(rec);
  if (format === "codex") {
    const payload = asObject(rec.payload) ?? {};
    const type = asString(rec.type);
    const setsContext = type === "session_meta" || type === "turn_context";
    const cwd = setsContext && typeof payload.cwd === "string" ? payload.cwd : null;
    return { format, cwd, setsContext: cwd !== null, events: codexEvents(type, payload) };
  }
  const cwd = typeof rec.cwd === "string" && rec.cwd !== "" ? rec.cwd : null;
  return { format, cwd, setsContext: false, events: format === "claude" ? claudeEvents(rec) : [] };
}

/** Whether a user text is host plumbing (slash-command wrappers, reminders), not a message. */
export function isWrapperText(text: string): boolean {
  const t = text.trimStart();
  return WRAPPER_PREFIXES.some((p) => t.startsWith(p));
}

function claudeEvents(rec: Record<string, unknown>): TranscriptEvent[] {
  const message = asObject(rec.message);
  if (!message || rec.isMeta === true || rec.isCompactSummary === true) return [];
  const role = asString(rec.type);
  const content = message.content;
  if (typeof content === "string") return textEvent(role, content);
  if (!Array.isArray(content)) return [];
  const out: TranscriptEvent[] = [];
  const texts: string[] = [];
  for (const raw of content) {
    const item = asObject(raw);
    if (!item) continue;
    if (item.type === "text") texts.push(asString(item.text));
    else if (item.type === "tool_use" && role === "assistant" && typeof item.name === "string") {
      out.push(claudeTool(item));
    } else if (item.type === "tool_result" && typeof item.tool_use_id === "string") {
      out.push({ kind: "result", id: item.tool_use_id, ok: item.is_error !== true });
    }
  }
  return [...textEvent(role, texts.join("\n")), ...out];
}

function textEvent(role: string, text: string): TranscriptEvent[] {
  if (role !== "user" && role !== "assistant") return [];
  if (text.trim() === "" || (role === "user" && isWrapperText(text))) return [];
  return [{ kind: role, text }];
}

function claudeTool(item: Record<string, unknown>): TranscriptEvent {
  const name = asString(item.name) || "tool";
  const input = asObject(item.input) ?? {};
  const file = asString(input.file_path) || asString(input.notebook_path);
  const detail = asString(input.command) || file || asString(input.pattern) ||
    asString(input.url) || asString(input.description) || asString(input.query);
  return {
    kind: "tool",
    id: typeof item.id === "string" ? item.id : null,
    name,
    detail,
    writes: CLAUDE_WRITE_TOOLS.has(name) && file ? [file] : [],
  };
}

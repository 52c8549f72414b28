/**
 * OpenCode's `opencode export <sessionID>` document (one pretty-printed JSON
 * object, not JSONL): `info` (the session, with `directory`) and
 * `messages[]`, each `{ info: { role, path?: { cwd } }, parts[] }`. Text
 * parts become messages; `type: "tool"` parts become tool calls (with
 * `state.status` as their result), `write`/`edit` with `state.input.filePath`
 * count as writes. Checked against OpenCode 1.18.33's export command.
 * @module
 */

import { asObject, asString } from "../text/json_value.ts";
import type { TranscriptEvent } from "./event.ts";

const WRITE_TOOLS = new Set(["write", "edit"]);

/** One export message as a record: its cwd, its events, and its size in bytes. */
export interface OpencodeMessage {
  readonly cwd: string | null;
  readonly events: readonly TranscriptEvent[];
  readonly bytes: number;
}

/**
 * The export's messages when `doc` is an OpenCode export, else null.
 * @example
 * ```ts
 * import { opencodeMessages } from "./opencode.ts";
 * const doc = { info: { id: "ses_1", directory: "/p" }, messages: [{ info: { role: "user" }, parts: [{ type: "text", text: "hi there" }] }] };
 * const m = opencodeMessages(doc);
 * if (m?.[0]?.cwd !== "/p" || m[0].events[0]?.kind !== "user") throw new Error();
 * ```
 */
export function opencodeMessages(doc: Record<string, unknown>): OpencodeMessage[] | null {
  const info = asObject(doc.info);
  if (!info || !Array.isArray(doc.messages)) return null;
  const dir = asString(info.directory) || null;
  return doc.messages.map((raw) => {
    const m = asObject(raw) ?? {};
    const mi = asObject(m.info) ?? {};
    const cwd = asString(asObject(mi.path)?.cwd) || dir;
    return { cwd, events: messageEvents(mi, m.parts), bytes: JSON.stringify(raw ?? null).length };
  });
}

function messageEvents(info: Record<string, unknown>, parts: unknown): TranscriptEvent[] {
  const role = asString(info.role);
  if ((role !== "user" && role !== "assistant") || !Array.isArray(parts)) return [];
  const texts: string[] = [];
  const tools: TranscriptEvent[] = [];
  for (const raw of parts) {
    const p = asObject(raw);
    if (!p) continue;
    if (p.type === "text" && p.synthetic !== true) texts.push(asString(p.text));
    else if (p.type === "tool" && role === "assistant") tools.push(...toolEvents(p));
  }
  const text = texts.join("\n");
  return [...(text.trim() === "" ? [] : [{ kind: role, text } as TranscriptEvent]), ...tools];
}

function toolEvents(p: Record<string, unknown>): TranscriptEvent[] {
  const name = asString(p.tool) || "tool";
  const state = asObject(p.state) ?? {};
  const input = asObject(state.input) ?? {};
  const file = asString(input.filePath) || asString(input.path);
  const detail = asString(input.command) || file || asString(input.pattern) ||
    asString(input.url) || asString(input.description) || asString(input.query);
  const id = asString(p.callID) || asString(p.id) || null;
  const out: TranscriptEvent[] = [{
    kind: "tool",
    id,
    name,
    detail,
    writes: WRITE_TOOLS.has(name) && file ? [file] : [],
  }];
  const status = asString(state.status);
  if (id) {
    out.push({
      kind: "result",
      id,
      ok: status === "completed" ? true : status === "error" ? false : null,
    });
  }
  return out;
}

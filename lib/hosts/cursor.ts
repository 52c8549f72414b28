/**
 * Cursor: `.cursor/hooks.json` version 1 with the current event names;
 * context through `additional_context`; a `followup_message` on stop only
 * when the gate blocks. Sources and dates: docs/hosts.md section 3.
 * @module
 */

import { hookCommand, type HostEvent, type HostSpec, json, type OpResult } from "./host_spec.ts";
import type { Payload } from "./payload.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "sessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a conversation starts",
  },
  {
    name: "beforeSubmitPrompt",
    op: "turn",
    timeout: 10,
    does: "starts a turn (Cursor has no per-prompt context channel)",
  },
  {
    name: "preToolUse",
    op: "noop",
    timeout: 10,
    does: "nothing (Cursor has no pre-tool context channel)",
  },
  {
    name: "postToolUse",
    op: "posttool",
    matcher: "Write",
    timeout: 10,
    does: "once per turn: update progress.md",
  },
  { name: "preCompact", op: "noop", timeout: 10, does: "nothing (no model channel)" },
  {
    name: "stop",
    op: "stop",
    timeout: 30,
    does: "completion gate: a follow-up message only when the gate blocks",
  },
];

function respond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return json(r.block ? { followup_message: r.block } : {});
  if (event.name === "beforeSubmitPrompt") return json({ continue: true });
  return json(r.context ? { additional_context: r.context } : {});
}

/** Cursor's stop payload in the gate's terms: a repeat or an aborted run counts as already continuing. */
export function cursorStopPayload(p: Payload): Payload {
  const loop = typeof p.loop_count === "number" ? p.loop_count : 0;
  const status = typeof p.status === "string" ? p.status : "completed";
  return { ...p, stop_hook_active: loop > 0 || status !== "completed" };
}

/** The Cursor adapter. */
export const cursor: HostSpec = {
  name: "cursor",
  title: "Cursor",
  manifestPath: ".cursor/hooks.json",
  events: EVENTS,
  manifest: (bin) => {
    const hooks: Record<string, unknown> = {};
    for (const e of EVENTS) {
      hooks[e.name] = [{
        command: hookCommand(bin, cursor, e.name),
        ...(e.matcher ? { matcher: e.matcher } : {}),
        timeout: e.timeout,
        ...(e.op === "stop" ? { loop_limit: 5 } : {}),
      }];
    }
    return { version: 1, hooks };
  },
  settings: { layout: "flat", commandKeys: ["command"] },
  respond,
  stopPayload: cursorStopPayload,
  // Every event carries conversation_id; only sessionStart also has session_id (same value).
  sessionIdKeys: ["conversation_id", "session_id"],
  windowsRunner: "unknown",
  proven: "golden tests from documented payloads; no CLI runs here",
  notes:
    "Save as `.cursor/hooks.json`. Cursor also runs `.claude/settings.json` hooks by default: register one of the two, not both.",
};

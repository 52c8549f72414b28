/**
 * Plain: any host that turns a command's plain stdout into context. Events
 * are pwf's own tier names.
 * @module
 */

import { hookCommand, type HostEvent, type HostSpec, type OpResult } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  { name: "session-start", op: "session-start", timeout: 30, does: "plan + catch-up" },
  { name: "userprompt", op: "userprompt", timeout: 30, does: "plan view and recent progress" },
  { name: "pretool", op: "pretool", timeout: 10, does: "short plan view" },
  { name: "posttool", op: "posttool", timeout: 10, does: "once per turn: update progress.md" },
  { name: "precompact", op: "precompact", timeout: 10, does: "reminder before compaction" },
  { name: "stop", op: "stop", timeout: 30, does: "prints the gate's block reason when it blocks" },
];

function respond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return r.block ? `${r.block}\n` : "";
  return r.context;
}

/** The plain-text adapter. */
export const plain: HostSpec = {
  name: "plain",
  title: "Any host (plain stdout)",
  manifestPath: "pwf-hooks.json",
  events: EVENTS,
  manifest: (bin) => ({
    description: "Run each command from the project root; its stdout is the context to add.",
    commands: Object.fromEntries(EVENTS.map((e) => [e.name, hookCommand(bin, plain, e.name)])),
  }),
  respond,
  // Whatever the host pipes in: the two common spellings (PWF_SESSION_ID works too).
  sessionIdKeys: ["session_id", "sessionId"],
  windowsRunner: "powershell",
  proven: "golden tests",
  notes: "Wire each command to the matching lifecycle event of your host; stdout is plain text.",
};

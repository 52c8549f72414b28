/**
 * What pwf answers to a host whose registration is glue code (a plugin or
 * an extension that starts `pwf hook <host> <event>` itself): one compact
 * JSON object the glue reads, `{"additionalContext": text}` for context,
 * `{"decision":"block","reason": text}` when the gate blocks, `{}` for
 * nothing.
 * @module
 */

import { type HostEvent, type HostSpec, json, type OpResult } from "./host_spec.ts";

/** The answer every glue host gets. */
export function glueRespond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return json(r.block ? { decision: "block", reason: r.block } : {});
  return json(r.context ? { additionalContext: r.context } : {});
}

/** Event name -> timeout in milliseconds, for the glue's own child-process timer. */
export function glueTimeouts(events: readonly HostEvent[]): Record<string, number> {
  return Object.fromEntries(events.map((e) => [e.name, e.timeout * 1000]));
}

/** The README line shared by glue hosts. */
export const GLUE_NOTE =
  "The glue starts pwf as a child process with an argument list (no shell) and the event's JSON on stdin; if pwf is missing, fails or times out, the host carries on and the glue logs one line.";

/** Type guard used by tests: a host whose registration is code. */
export function isGlueHost(h: HostSpec): boolean {
  return h.glue !== undefined;
}

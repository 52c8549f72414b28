/**
 * Pi coding agent: a TypeScript extension for `.pi/extensions/` (loaded
 * without a build) that runs `pwf hook pi <event>`: `before_agent_start`
 * returns the plan as a hidden message, `tool_result` appends the progress
 * nudge to write/edit results, `session_before_compact` queues a reminder
 * for the next turn, and the `turn_end` of a final turn (no tool calls)
 * turns a gate block into a follow-up user message. Pi does not await
 * turn_end handlers and checks its follow-up queue right after emitting it,
 * so that one call is synchronous (measured: with an async call, or in
 * agent_end, the follow-up is lost in `pi -p`). API read from the package source (@mariozechner/pi-coding-agent
 * 0.73.1, dist/core/extensions/types.d.ts). Sources and dates: docs/hosts.md
 * section 9.
 * @module
 */

import extensionTemplate from "../../templates/glue/pi_extension.ts" with { type: "text" };
import { GLUE_NOTE, glueRespond, glueTimeouts } from "./glue.ts";
import { renderJsGlue } from "./glue_template.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "session_start",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up, delivered with the session's first prompt",
  },
  {
    name: "before_agent_start",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress as a hidden message after each prompt",
  },
  {
    name: "tool_result",
    op: "posttool",
    matcher: "write|edit",
    timeout: 10,
    does: "once per turn: update progress.md (appended to the tool result)",
  },
  {
    name: "session_before_compact",
    op: "precompact",
    timeout: 10,
    does: "reminder queued for the turn after compaction",
  },
  {
    name: "turn_end",
    op: "stop",
    timeout: 30,
    does:
      "completion gate for gated plans at the end of a final turn: the block reason is queued as a follow-up user message (a synchronous call)",
  },
];

/** The extension for a pwf binary: templates/glue/pi_extension.ts with the runner spliced in. */
function extension(bin: string): string {
  return renderJsGlue(extensionTemplate, "pi", bin, glueTimeouts(EVENTS));
}

/** The Pi adapter. */
export const pi: HostSpec = {
  name: "pi",
  title: "Pi",
  manifestPath: ".pi/extensions/pwf.ts",
  glue: "ts",
  events: EVENTS,
  manifest: extension,
  respond: glueRespond,
  sessionIdKeys: ["session_id"],
  windowsRunner: "argv",
  proven:
    "real CLI (Pi 0.73.1, `deno task e2e`): the session-start frame with the first prompt, the nudge in a write tool result, the turn_end gate (reason as the next user message, second stop allowed), PLANNING_DISABLED and the tampered-plan refusal reach the model request; the extension run under Deno with pwf absent, failing and working; a second prompt after `--continue` gets a fresh session-start frame of the changed plan; a `cd` into a subfolder in the bash tool keeps the nudge, the gate and the next frame; golden tests",
  notes:
    "Save as `.pi/extensions/pwf.ts` (or `~/.pi/agent/extensions/pwf.ts`); Pi loads it without a build. " +
    GLUE_NOTE,
};

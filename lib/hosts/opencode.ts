/**
 * OpenCode: no command hooks, only JS plugins. `pwf hooks print opencode`
 * prints a self-contained ESM plugin for `.opencode/plugins/` that runs
 * `pwf hook opencode <event>` and puts the answer where OpenCode carries it:
 * the system prompt (session start, then refreshed on each user message),
 * the output of write/edit tools, the compaction context. OpenCode has no
 * blocking stop hook: on `session.idle` the plugin only logs the gate's
 * reason (advisory). Sources and dates: docs/hosts.md section 8.
 * @module
 */

import pluginTemplate from "../../templates/glue/opencode_plugin.js" with { type: "text" };
import { GLUE_NOTE, glueRespond, glueTimeouts } from "./glue.ts";
import { renderJsGlue } from "./glue_template.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";

/** OpenCode's plugin events; Kilo CLI (lib/hosts/kilo.ts), its fork, has the same. */
export const PLUGIN_EVENTS: readonly HostEvent[] = [
  {
    name: "session.start",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up in the system prompt of a session's first request",
  },
  {
    name: "chat.system",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress in the system prompt, refreshed after each user message",
  },
  {
    name: "tool.execute.after",
    op: "posttool",
    matcher: "write|edit|patch|multiedit|apply_patch",
    timeout: 10,
    does: "once per turn: update progress.md (appended to the tool's output)",
  },
  {
    name: "session.compacting",
    op: "precompact",
    timeout: 10,
    does: "reminder added to the compaction context",
  },
  {
    name: "session.idle",
    op: "stop",
    timeout: 30,
    does: "advisory only: the host cannot block a stop, so a gate block is one log line",
  },
];

/** The plugin for a host and a pwf binary: templates/glue/opencode_plugin.js with the runner spliced in. */
export function opencodePlugin(host: string, title: string, bin: string): string {
  return renderJsGlue(pluginTemplate, host, bin, glueTimeouts(PLUGIN_EVENTS), title);
}

/** The OpenCode adapter. */
export const opencode: HostSpec = {
  name: "opencode",
  title: "OpenCode",
  manifestPath: ".opencode/plugins/pwf.js",
  glue: "esm",
  events: PLUGIN_EVENTS,
  manifest: (bin) => opencodePlugin("opencode", "OpenCode", bin),
  respond: glueRespond,
  sessionIdKeys: ["session_id"],
  windowsRunner: "argv",
  proven:
    "real CLI (OpenCode 1.18.33, `deno task e2e`): the session-start frame in the system prompt, the nudge appended to a write tool result, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a gated stop is only logged (advisory); the plugin run under Deno with pwf absent, failing and working; a second prompt after `run --continue` gets a fresh session-start frame of the changed plan; a bash call with `workdir` in a subfolder keeps the nudge, the advisory stop and the next frame; golden tests",
  notes:
    "Save as `.opencode/plugins/pwf.js` (or `~/.config/opencode/plugins/pwf.js`): a plain ES module with no dependencies. " +
    GLUE_NOTE +
    " The completion gate cannot block on OpenCode (it has no blocking stop hook): a gate block on `session.idle` is only logged.",
};

/**
 * Kilo CLI (`@kilocode/cli`), a fork of OpenCode: the same JS plugin API, read
 * from `.kilo/plugins/` (or `~/.config/kilo/plugins/`), so pwf prints
 * OpenCode's plugin (templates/glue/opencode_plugin.js) for host `kilo`. Like
 * OpenCode it has no blocking stop hook: a gate block on `session.idle` is
 * only logged. Sources and dates: docs/hosts.md section 13.
 * @module
 */

import { GLUE_NOTE, glueRespond } from "./glue.ts";
import type { HostSpec } from "./host_spec.ts";
import { opencodePlugin, PLUGIN_EVENTS } from "./opencode.ts";

/** The Kilo CLI adapter. */
export const kilo: HostSpec = {
  name: "kilo",
  title: "Kilo CLI",
  manifestPath: ".kilo/plugins/pwf.js",
  glue: "esm",
  events: PLUGIN_EVENTS,
  manifest: (bin) => opencodePlugin("kilo", "Kilo CLI", bin),
  respond: glueRespond,
  sessionIdKeys: ["session_id"],
  windowsRunner: "argv",
  proven:
    "real CLI (Kilo CLI 7.7.7, `deno task e2e`): the session-start frame in the system prompt, the nudge appended to a write tool result, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a gated stop is only logged (advisory); a second prompt after `run --continue` gets a fresh session-start frame of the changed plan; a bash call with `workdir` in a subfolder keeps the nudge, the advisory stop and the next frame; golden tests",
  notes:
    "Save as `.kilo/plugins/pwf.js` (or `~/.config/kilo/plugins/pwf.js`): OpenCode's plugin, a plain ES module with no dependencies, for host `kilo`. " +
    GLUE_NOTE +
    " The completion gate cannot block on Kilo CLI (no blocking stop hook, as in OpenCode): a gate block on `session.idle` is only logged.",
};

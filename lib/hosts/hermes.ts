/**
 * Hermes Agent: an in-process Python plugin directory
 * (`.hermes/plugins/pwf/` with `plugin.yaml` and `__init__.py`). Python is
 * Hermes's own runtime, so the glue is a few lines of Python that start
 * `pwf hook hermes <event>` with `subprocess.run` and an argument list (no
 * shell): `pre_llm_call` returns `{"context": ...}` (joined into the user
 * message), `transform_tool_result` appends the nudge to write/patch
 * results, `pre_verify` returns the Claude-shaped block to keep going.
 * From documentation and source, not run here. Sources and dates:
 * docs/hosts.md section 11.
 * @module
 */

import pluginTemplate from "../../templates/glue/hermes_plugin.py" with { type: "text" };
import { GLUE_NOTE, glueRespond, glueTimeouts } from "./glue.ts";
import { pythonNumberDict, pythonString } from "./glue_literal.ts";
import { fillGlue } from "./glue_template.ts";
import type { GlueFile, HostEvent, HostSpec } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "session_start",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up on a session's first turn (`pre_llm_call` with `is_first_turn`)",
  },
  {
    name: "pre_llm_call",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress joined into each later user message",
  },
  {
    name: "transform_tool_result",
    op: "posttool",
    matcher: "write_file|patch",
    timeout: 10,
    does: "once per turn: update progress.md (appended to the tool result)",
  },
  {
    name: "pre_verify",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans at Hermes's verify step (a block keeps the turn going)",
  },
];

const DIR = ".hermes/plugins/pwf";

/** The plugin's `__init__.py` for a pwf binary: templates/glue/hermes_plugin.py filled in. */
function python(bin: string): string {
  const timeouts = glueTimeouts(EVENTS);
  const seconds = Object.fromEntries(Object.entries(timeouts).map(([k, v]) => [k, v / 1000]));
  return fillGlue(pluginTemplate, {
    BIN: pythonString(bin),
    TIMEOUT_S: pythonNumberDict(seconds),
    DIR,
  });
}

const PLUGIN_YAML = `manifest_version: 1
name: pwf
version: 1.0.0
description: planning-with-files (pwf) plan context, progress nudges and the completion gate
provides_tools: []
provides_hooks:
  - pre_llm_call
  - transform_tool_result
  - pre_verify
`;

/** The Hermes adapter. */
export const hermes: HostSpec = {
  name: "hermes",
  title: "Hermes Agent",
  manifestPath: `${DIR}/__init__.py`,
  glue: "python",
  events: EVENTS,
  manifest: python,
  companions: (): readonly GlueFile[] => [{ path: `${DIR}/plugin.yaml`, text: PLUGIN_YAML }],
  respond: glueRespond,
  sessionIdKeys: ["session_id"],
  windowsRunner: "argv",
  proven: "from documentation, not run here: golden tests from the documented hook arguments",
  notes:
    `Put \`__init__.py\` and \`plugin.yaml\` (\`pwf hooks print hermes --file plugin.yaml\`) in \`${DIR}/\` (or \`~/.hermes/plugins/pwf/\`); project plugins load only with \`HERMES_ENABLE_PROJECT_PLUGINS=1\`, and the plugin must be enabled (\`hermes plugins enable pwf\`). ` +
    GLUE_NOTE,
};

/**
 * End to end with the real OpenCode CLI and pwf's generated plugin against
 * the loopback model server (issue 15; docs/e2e.md). Run with `deno task
 * e2e`. The first system prompt carries the session-start text (so no
 * separate prompt fire on the first prompt); OpenCode cannot block a stop,
 * so the gate is advisory.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { assert } from "../tests/assert.ts";
import { opencodeDriver, opencodeEnv } from "./hosts/opencode.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";

hostSuite(opencodeDriver, {
  sessionStartEvent: "session.start",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "tool.execute.after",
  stopEvent: "session.idle",
  stop: "advisory",
  advisoryLine: "[pwf] advisory (OpenCode cannot block a stop)",
  editCall: (file) => ({ tool: "write", args: { filePath: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 25: a bash call with `workdir: <sub>` (the tool's own way to change directory; its
// description says to use it instead of `cd`). The plugin starts pwf in the project root.
subfolderSuite(opencodeDriver, {
  cdCall: (_project, dir) => ({ tool: "bash", args: { command: SHOW_DIR, workdir: dir } }),
  editCall: (file) => ({ tool: "write", args: { filePath: file, content: "quokka notes\n" } }),
  postToolEvent: "tool.execute.after",
  stopEvent: "session.idle",
  stop: { advisoryLine: "[pwf] advisory (OpenCode cannot block a stop)" },
  promptEvent: "session.start",
  cwdAfter: "resets",
});

// Issue 18: the OpenCode plugin package in packages/opencode, installed with
// `opencode plugin <path> --global` (its path goes into the `plugin` list of
// ~/.config/opencode/opencode.jsonc). OpenCode has no command that removes a
// plugin, so the uninstall is the README's manual step: that path taken out
// of the list.
packageTest(opencodeDriver, {
  env: opencodeEnv,
  async uninstall(sb, pkg) {
    const path = `${sb.home}/.config/opencode/opencode.jsonc`;
    const config = JSON.parse(await Deno.readTextFile(path));
    assert(config.plugin.includes(pkg), `${path} lists ${pkg}: ${JSON.stringify(config)}`);
    config.plugin = config.plugin.filter((p: string) => p !== pkg);
    await Deno.writeTextFile(path, JSON.stringify(config, null, 2) + "\n");
  },
});

/**
 * End to end with the real Kilo CLI (an OpenCode fork) and pwf's plugin for
 * it against the loopback model server (issue 30; docs/e2e.md). Run with
 * `deno task e2e`. As in OpenCode, the first system prompt carries the
 * session-start text and the gate is advisory: Kilo cannot block a stop.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { kiloDriver } from "./hosts/kilo.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";

hostSuite(kiloDriver, {
  sessionStartEvent: "session.start",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "tool.execute.after",
  stopEvent: "session.idle",
  stop: "advisory",
  advisoryLine: "[pwf] advisory (Kilo CLI cannot block a stop)",
  editCall: (file) => ({ tool: "write", args: { filePath: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 25, as for OpenCode: a bash call with `workdir: <sub>`; the plugin starts pwf in the root.
subfolderSuite(kiloDriver, {
  cdCall: (_project, dir) => ({ tool: "bash", args: { command: SHOW_DIR, workdir: dir } }),
  editCall: (file) => ({ tool: "write", args: { filePath: file, content: "quokka notes\n" } }),
  postToolEvent: "tool.execute.after",
  stopEvent: "session.idle",
  stop: { advisoryLine: "[pwf] advisory (Kilo CLI cannot block a stop)" },
  promptEvent: "session.start",
  cwdAfter: "resets",
});

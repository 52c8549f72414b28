/**
 * End to end with the real OpenCode CLI and pwf's generated plugin against
 * the loopback model server (issue 15; docs/e2e.md). Run with `deno task
 * e2e`. The first system prompt carries the session-start text (so no
 * separate prompt fire on the first prompt); OpenCode cannot block a stop,
 * so the gate is advisory.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { opencodeDriver } from "./hosts/opencode.ts";

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

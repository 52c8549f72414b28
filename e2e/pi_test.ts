/**
 * End to end with the real Pi CLI and pwf's generated extension against the
 * loopback model server (issue 15; docs/e2e.md). Run with `deno task e2e`.
 * The session-start text arrives with the first prompt (Pi has no channel at
 * session start), so no separate prompt fire happens on it.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { piDriver } from "./hosts/pi.ts";

hostSuite(piDriver, {
  sessionStartEvent: "session_start",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "tool_result",
  stopEvent: "turn_end",
  editCall: (file) => ({ tool: "write", args: { path: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

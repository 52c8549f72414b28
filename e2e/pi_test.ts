/**
 * End to end with the real Pi CLI and pwf's generated extension against the
 * loopback model server (issue 15; docs/e2e.md). Run with `deno task e2e`.
 * The session-start text arrives with the first prompt (Pi has no channel at
 * session start), so no separate prompt fire happens on it.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { piDriver } from "./hosts/pi.ts";
import { packageTest } from "./package_suite.ts";

hostSuite(piDriver, {
  sessionStartEvent: "session_start",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "tool_result",
  stopEvent: "turn_end",
  editCall: (file) => ({ tool: "write", args: { path: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 18: the Pi package in packages/pi, installed with `pi install <path>`
// (user scope: Pi records the path in ~/.pi/agent/settings.json and copies
// nothing), removed with `pi remove <path>`.
packageTest(piDriver, { env: () => ({ PI_OFFLINE: "1" }) });

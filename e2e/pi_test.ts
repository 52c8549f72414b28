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
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";

hostSuite(piDriver, {
  sessionStartEvent: "session_start",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "tool_result",
  stopEvent: "turn_end",
  editCall: (file) => ({ tool: "write", args: { path: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 25: `cd <sub> && SHOW_DIR` in the bash tool, which runs each command in a new shell in
// Pi's working directory; the extension starts pwf in the project root.
subfolderSuite(piDriver, {
  cdCall: (_project, dir) => ({ tool: "bash", args: { command: `cd ${dir} && ${SHOW_DIR}` } }),
  editCall: (file) => ({ tool: "write", args: { path: file, content: "quokka notes\n" } }),
  postToolEvent: "tool_result",
  stopEvent: "turn_end",
  promptEvent: "session_start",
  cwdAfter: "resets",
});

// Issue 18: the Pi package in packages/pi, installed with `pi install <path>`
// (user scope: Pi records the path in ~/.pi/agent/settings.json and copies
// nothing), removed with `pi remove <path>`.
packageTest(piDriver, { env: () => ({ PI_OFFLINE: "1" }) });

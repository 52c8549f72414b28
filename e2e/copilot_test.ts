/**
 * End to end with the real GitHub Copilot CLI against the loopback model
 * server (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { copilotDriver } from "./hosts/copilot.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";
import { verifiedSuite } from "./verified_suite.ts";

hostSuite(copilotDriver, {
  sessionStartEvent: "sessionStart",
  promptEvent: "userPromptSubmitted",
  // Copilot ignores command-hook output of userPromptSubmitted (docs/hosts.md).
  promptContext: false,
  postToolEvent: "postToolUse",
  stopEvent: "agentStop",
  editCall: (file) => ({ tool: "create", args: { path: file, file_text: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 28: the bash tool's postToolUse carries toolResult.resultType.
verifiedSuite(copilotDriver, {
  shellCall: (command) => ({ tool: "bash", args: { command, description: "Run it" } }),
  editCall: (file) => ({ tool: "create", args: { path: file, file_text: "ok\n" } }),
  outcomes: ["failed", "passed"],
});

// Issue 18: the Copilot CLI plugin marketplace in packages/copilot, added with
// `copilot plugin marketplace add <path>` and `copilot plugin install`.
packageTest(copilotDriver, {
  env: () => ({ COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false" }),
});

// Issue 25: `cd <sub> && SHOW_DIR` in the bash tool.
subfolderSuite(copilotDriver, {
  cdCall: (_project, dir) => ({
    tool: "bash",
    args: { command: `cd ${dir} && ${SHOW_DIR}`, description: "Enter the sub folder" },
  }),
  editCall: (file) => ({ tool: "create", args: { path: file, file_text: "quokka notes\n" } }),
  postToolEvent: "postToolUse",
  stopEvent: "agentStop",
  promptEvent: "sessionStart",
  cwdAfter: "resets",
});

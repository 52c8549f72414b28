/**
 * End to end with the real GitHub Copilot CLI against the loopback model
 * server (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { copilotDriver } from "./hosts/copilot.ts";
import { packageTest } from "./package_suite.ts";

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

// Issue 18: the Copilot CLI plugin marketplace in packages/copilot, added with
// `copilot plugin marketplace add <path>` and `copilot plugin install`.
packageTest(copilotDriver, {
  env: () => ({ COPILOT_OFFLINE: "true", COPILOT_AUTO_UPDATE: "false" }),
});

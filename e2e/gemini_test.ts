/**
 * End to end with the real Gemini CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { geminiDriver } from "./hosts/gemini.ts";
import { packageTest } from "./package_suite.ts";

hostSuite(geminiDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: "BeforeAgent",
  promptContext: true,
  postToolEvent: "AfterTool",
  stopEvent: "AfterAgent",
  editCall: (file) => ({
    tool: "write_file",
    args: { file_path: file, content: "quokka notes\n" },
  }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 18: the Gemini CLI extension in packages/gemini, installed with
// `gemini extensions install <path> --consent`, removed with `uninstall`.
// Gemini asks whether to trust the source folder; the environment answers yes.
packageTest(geminiDriver, { env: () => ({ GEMINI_CLI_TRUST_WORKSPACE: "true" }) });

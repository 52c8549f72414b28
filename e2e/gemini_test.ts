/**
 * End to end with the real Gemini CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { geminiDriver } from "./hosts/gemini.ts";

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

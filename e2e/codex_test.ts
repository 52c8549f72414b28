/**
 * End to end with the real Codex CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { codexDriver } from "./hosts/codex.ts";

hostSuite(codexDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: "UserPromptSubmit",
  promptContext: true,
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  editCall: (file) => ({
    custom: "apply_patch",
    input: `*** Begin Patch\n*** Add File: ${file}\n+quokka notes\n*** End Patch\n`,
  }),
  // Codex wraps a Stop block reason in <hook_prompt> and escapes "&" as "&amp;".
  blockReasonAsSent: (reason) => reason.replaceAll("&", "&amp;"),
});

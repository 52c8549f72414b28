/**
 * End to end with the real Factory droid CLI against the loopback model
 * server (issue 15; docs/e2e.md). Run with `deno task e2e`. `droid exec`
 * fires no UserPromptSubmit, so the first request carries the SessionStart
 * context only.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { factoryDriver } from "./hosts/factory.ts";

hostSuite(factoryDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  editCall: (file) => ({ tool: "Create", args: { file_path: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

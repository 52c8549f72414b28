/**
 * End to end with the real Qwen Code CLI against the loopback model server
 * (issue 15; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { qwenDriver } from "./hosts/qwen.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";

hostSuite(qwenDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: "UserPromptSubmit",
  promptContext: true,
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  editCall: (file) => ({
    tool: "write_file",
    args: { file_path: file, content: "quokka notes\n" },
  }),
  blockReasonAsSent: (reason) => reason,
});

// Issue 25: run_shell_command with `directory: <sub>` (the tool's own parameter for running
// a command elsewhere).
subfolderSuite(qwenDriver, {
  cdCall: (_project, dir) => ({
    tool: "run_shell_command",
    args: { command: SHOW_DIR, directory: dir, description: "Print the sub folder" },
  }),
  editCall: (file) => ({
    tool: "write_file",
    args: { file_path: file, content: "quokka notes\n" },
  }),
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  promptEvent: "UserPromptSubmit",
  cwdAfter: "resets",
});

// Issue 18: the Qwen Code extension in packages/qwen, installed with
// `qwen extensions install <path> --consent` (copied into ~/.qwen/extensions/),
// removed with `qwen extensions uninstall`.
packageTest(qwenDriver, { env: () => ({}) });

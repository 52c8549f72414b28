/**
 * End to end with the real Gemini CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { hostSuite } from "./host_suite.ts";
import { geminiDriver } from "./hosts/gemini.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";
import { verifiedSuite } from "./verified_suite.ts";

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

// Issue 25: `cd <sub> && SHOW_DIR` in the shell tool; Gemini runs every command and hook from
// the project root (a `cd` does not outlive its command), so the plan stays in reach.
subfolderSuite(geminiDriver, {
  cdCall: (_project, dir) => ({
    tool: "run_shell_command",
    args: { command: `cd ${dir} && ${SHOW_DIR}`, description: "Enter the sub folder" },
  }),
  editCall: (file) => ({
    tool: "write_file",
    args: { file_path: file, content: "quokka notes\n" },
  }),
  postToolEvent: "AfterTool",
  stopEvent: "AfterAgent",
  promptEvent: "BeforeAgent",
  cwdAfter: "resets",
});

// Issue 28: run_shell_command's AfterTool text says "[Exit Code: 1]" for the failing run only.
verifiedSuite(geminiDriver, {
  shellCall: (command) => ({
    tool: "run_shell_command",
    args: { command, description: "Run it" },
  }),
  editCall: (file) => ({ tool: "write_file", args: { file_path: file, content: "ok\n" } }),
  outcomes: ["failed", "passed"],
});

// Issue 18: the Gemini CLI extension in packages/gemini, installed with
// `gemini extensions install <path> --consent`, removed with `uninstall`.
// Gemini asks whether to trust the source folder; the environment answers yes.
packageTest(geminiDriver, { env: () => ({ GEMINI_CLI_TRUST_WORKSPACE: "true" }) });

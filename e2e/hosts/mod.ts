/**
 * Every host `deno task e2e` proves, with how to install it and which test
 * file proves it. Adding a host: a driver module in this folder, a test file
 * `e2e/<name>_test.ts` calling `hostSuite`, and one line in E2E_HOSTS
 * (docs/e2e.md "How to add a host").
 * @module
 */

import type { HostDriver, InstallSpec } from "../harness.ts";

export { CLAUDE_CODE_VERSION } from "./claude.ts";
import { claudeDriver } from "./claude.ts";
import { codexDriver } from "./codex.ts";
import { copilotDriver } from "./copilot.ts";
import { factoryDriver } from "./factory.ts";
import { geminiDriver } from "./gemini.ts";
import { kiloDriver } from "./kilo.ts";
import { opencodeDriver } from "./opencode.ts";
import { piDriver } from "./pi.ts";
import { qoderDriver } from "./qoder.ts";
import { qwenDriver } from "./qwen.ts";

/** One host of the e2e run. */
export interface E2eHost {
  /** pwf's host name; the line naming a failed host uses it. */
  readonly name: string;
  readonly title: string;
  readonly install: InstallSpec;
  /** The test file, relative to the repository root. */
  readonly testFile: string;
  /** The environment variable the test file reads the CLI path from. */
  readonly binEnv: string;
  /**
   * "required": the host talks to the loopback model server and runs only in
   * a private network namespace; "preferred": it is offline by construction
   * and runs in one when there is one (no host today: every driver uses the
   * model server).
   */
  readonly namespace: "required" | "preferred";
}

/** A driver's host entry: test file `e2e/<name>_test.ts`, namespace required. */
export function fromDriver(d: HostDriver): E2eHost {
  return {
    name: d.name,
    title: d.title,
    install: d.install,
    testFile: `e2e/${d.name}_test.ts`,
    binEnv: "E2E_HOST_BIN",
    namespace: "required",
  };
}

/** The original's npm release, whose check-complete.sh e2e/original_test.ts runs beside pwf. */
export const ORIGINAL_VERSION = "3.20.5";

/** The original's npm release, installed into the e2e cache (the bench runs its hooks too). */
export const ORIGINAL_INSTALL: InstallSpec = {
  pkg: "planning-with-files",
  version: ORIGINAL_VERSION,
  bin: "check-complete.sh",
  binPath: "planning-with-files/scripts/check-complete.sh",
  interpreter: "bash",
  versionArgs: ["/nonexistent/task_plan.md"],
  versionText: "No task_plan.md found",
};

/**
 * Not a host: the original planning-with-files from npm, installed like the
 * host CLIs; its test compares its check-complete.sh counts with `pwf check`.
 * A bash script: offline by construction.
 */
const ORIGINAL: E2eHost = {
  name: "original",
  title: `planning-with-files ${ORIGINAL_VERSION} (npm), scripts/check-complete.sh`,
  install: ORIGINAL_INSTALL,
  testFile: "e2e/original_test.ts",
  binEnv: "E2E_ORIGINAL_SCRIPT",
  namespace: "preferred",
};

/** Every e2e host, in run order. */
export const E2E_HOSTS: readonly E2eHost[] = [
  claudeDriver,
  codexDriver,
  geminiDriver,
  copilotDriver,
  opencodeDriver,
  piDriver,
  qwenDriver,
  factoryDriver,
  qoderDriver,
  kiloDriver,
].map(fromDriver).concat([ORIGINAL]);

/**
 * End to end with the real Factory droid CLI against the loopback model
 * server (issue 15; docs/e2e.md). Run with `deno task e2e`. `droid exec`
 * fires no UserPromptSubmit, so the first request carries the SessionStart
 * context only.
 * @module
 */

import type { HostDriver } from "./harness.ts";
import { hostSuite } from "./host_suite.ts";
import { factoryDriver } from "./hosts/factory.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";

hostSuite(factoryDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: null,
  promptContext: false,
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  editCall: (file) => ({ tool: "Create", args: { file_path: file, content: "quokka notes\n" } }),
  blockReasonAsSent: (reason) => reason,
});

/**
 * droid with the user settings `droid plugin` wrote kept: the driver's own
 * settings (the loopback model) are merged into them instead of replacing
 * the file, so the marketplace and the enabled plugin stay.
 */
const factoryWithPlugins: HostDriver = {
  ...factoryDriver,
  async configure(sb, server) {
    const path = `${sb.home}/.factory/settings.json`;
    const before = JSON.parse(await Deno.readTextFile(path).catch(() => "{}"));
    await factoryDriver.configure(sb, server);
    const ours = JSON.parse(await Deno.readTextFile(path));
    await Deno.writeTextFile(path, JSON.stringify({ ...before, ...ours }));
  },
};

// Issue 25: `cd <sub> && SHOW_DIR` in the Execute tool, which runs each call in a new shell in the
// session's directory.
subfolderSuite(factoryDriver, {
  cdCall: (_project, dir) => ({
    tool: "Execute",
    args: {
      command: `cd ${dir} && ${SHOW_DIR}`,
      summary: "Enter the sub folder",
      riskLevelReason: "It only prints a directory.",
      riskLevel: "low",
    },
  }),
  editCall: (file) => ({ tool: "Create", args: { file_path: file, content: "quokka notes\n" } }),
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  promptEvent: "SessionStart",
  cwdAfter: "resets",
});

// Issue 18: the Factory droid plugin marketplace in packages/factory, added with
// `droid plugin marketplace add <path>` and `droid plugin install`.
packageTest(factoryDriver, { env: () => ({}), driver: factoryWithPlugins });

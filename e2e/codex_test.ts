/**
 * End to end with the real Codex CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { unverifiableSuite } from "./verified_suite.ts";
import { hostSuite } from "./host_suite.ts";
import type { HostDriver } from "./harness.ts";
import { codexDriver } from "./hosts/codex.ts";
import { packageTest } from "./package_suite.ts";
import { subfolderSuite } from "./subfolder_suite.ts";
import { mcpTest } from "./mcp_suite.ts";
import { codexMcpRoute } from "./mcp_routes.ts";

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

// Issue 25: a command run with `workdir` in a subfolder; Codex starts later hooks in the
// root (payload.cwd names the subfolder for that call), so the plan stays in reach.
subfolderSuite(codexDriver, {
  cdCall: (_project, dir) => ({ tool: "exec_command", args: { cmd: "pwd", workdir: dir } }),
  editCall: (file) => ({
    custom: "apply_patch",
    input: `*** Begin Patch\n*** Add File: ${file}\n+quokka notes\n*** End Patch\n`,
  }),
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  promptEvent: "UserPromptSubmit",
  cwdAfter: "resets",
});

/**
 * Codex with plugins on (the hook-route suite turns them off), keeping the
 * marketplace and plugin sections `codex plugin` wrote into config.toml.
 */
const codexWithPlugins: HostDriver = {
  ...codexDriver,
  async configure(sb, server) {
    const path = `${sb.home}/.codex/config.toml`;
    const before = await Deno.readTextFile(path).catch(() => "");
    const kept = [...before.matchAll(/^\[(?:marketplaces|plugins)\.[^\n]*\n(?:(?!\[)[^\n]*\n?)*/gm)]
      .map((m) => m[0]).join("\n");
    await codexDriver.configure(sb, server);
    const base = (await Deno.readTextFile(path)).replace("plugins = false", "plugins = true");
    await Deno.writeTextFile(path, base + "\n" + kept);
  },
};

// Issue 18: the Codex plugin marketplace in packages/codex, added with
// `codex plugin marketplace add <path>` and `codex plugin add`.
packageTest(codexDriver, {
  env: (sb) => ({ CODEX_HOME: `${sb.home}/.codex` }),
  prepare: (sb) => Deno.mkdir(`${sb.home}/.codex`, { recursive: true }),
  driver: codexWithPlugins,
});

// Issue 31: [mcp_servers.pwf] merged into config.toml, a scripted phase_set call.
mcpTest(codexDriver, codexMcpRoute);

// Issue 28: Codex 0.171.0 reports a shell run's command but not its outcome.
unverifiableSuite(codexDriver, (command) => ({ tool: "exec_command", args: { cmd: command } }));

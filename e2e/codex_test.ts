/**
 * End to end with the real Codex CLI against the loopback model server
 * (issue 14; docs/e2e.md). Run with `deno task e2e`.
 * @module
 */

import { unverifiableSuite } from "./verified_suite.ts";
import { hostSuite } from "./host_suite.ts";
import { type HostDriver, makeSandbox, requestTexts, runHost } from "./harness.ts";
import { verifiedFrames } from "./frames.ts";
import { assert, assertEquals } from "../tests/assert.ts";
import { runPwf } from "../tests/helpers.ts";
import { codexDriver } from "./hosts/codex.ts";
import { packageTest } from "./package_suite.ts";
import { SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";
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
  cdCall: (_project, dir) => ({ tool: "exec_command", args: { cmd: SHOW_DIR, workdir: dir } }),
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

// Issue 30: a real compaction. With `model_auto_compact_token_limit` below the stub server's
// 15 tokens a turn, Codex compacts before the next prompt's turn: PreCompact and PostCompact
// fire (neither can carry context), then SessionStart (resume and compact), then
// UserPromptSubmit. The plan and catch-up come back through SessionStart, which takes
// PostCompact's marker, so UserPromptSubmit adds no second catch-up (lib/inject/compact_markers.ts).
const compacting: HostDriver = {
  ...codexDriver,
  async configure(sb, server) {
    await codexDriver.configure(sb, server);
    const path = `${sb.home}/.codex/config.toml`;
    const text = await Deno.readTextFile(path);
    await Deno.writeTextFile(path, `model_auto_compact_token_limit = 5\n${text}`);
  },
};

Deno.test("codex: after a compaction the next prompt's request carries the plan frame, its catch-up once per SessionStart and none from UserPromptSubmit", async () => {
  const sb = await makeSandbox("codex");
  try {
    const goal = "Keep the lunar almanac parser on track after a compaction.";
    const init = await runPwf(sb.project, ["init", "Quokka calendars", "--json"]);
    assertEquals(init.code, 0, init.stderr);
    const dir = JSON.parse(init.stdout).dir as string;
    const plan = await Deno.readTextFile(`${sb.project}/${dir}/task_plan.md`);
    await Deno.writeTextFile(
      `${sb.project}/${dir}/task_plan.md`,
      plan.replace(/## Goal\n[^\n]*\n/, `## Goal\n${goal}\n`),
    );
    const first = await runHost(compacting, sb, { script: [{ text: "First." }] });
    assertEquals(first.code, 0, first.stderr);
    const next = await runHost(compacting, sb, {
      prompt: "Where were we?",
      script: [{ text: "Second." }],
      continueFrom: first,
    });
    assertEquals(next.code, 0, next.stderr);
    const events = next.fires.map((f) => f.event);
    for (const e of ["PreCompact", "PostCompact", "SessionStart", "UserPromptSubmit"]) {
      assert(events.includes(e), `${e} fired: ${events.join(", ")}`);
    }
    assert(next.fires.every((f) => f.code === 0), JSON.stringify(next.fires));
    assert(
      events.indexOf("PostCompact") < events.indexOf("UserPromptSubmit"),
      events.join(", "),
    );
    const req = next.requests.find((r) => r.offersTools);
    assert(req, "the agent's request after the compaction");
    const text = requestTexts(req.body).join("\n");
    const frames = await verifiedFrames(text);
    assert(
      frames.some((f) => f.kind === "plan" && f.payload.includes(goal)),
      "a verified plan frame",
    );
    const catchUps = text.split("SESSION CATCH-UP").length - 1;
    assertEquals(catchUps, events.filter((e) => e === "SessionStart").length, events.join(", "));
  } finally {
    await sb.cleanup();
  }
});

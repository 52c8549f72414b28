/**
 * Issue 26 item 4: hook entry points never exit non-zero, whatever the argv.
 * Exit 2 is Claude Code's "block this Stop", so `pwf check --gate` with a
 * bogus `--host`, an unknown flag or a stray word used to trap (or, worse,
 * silently block) the agent. The gate still runs with what it understood and
 * says on stderr what it set aside; without `--gate`, `check` stays strict.
 */

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

const STOP = `{"stop_hook_active": false}`;

const BAD_GATE_ARGV: readonly (readonly string[])[] = [
  ["--host", "bogus"],
  ["--host=bogus"],
  ["--bogus-flag"],
  ["stray"],
  ["--gate"],
  ["--json=1"],
  ["--host"],
];

Deno.test("check --gate exits 0 and still blocks a gated plan whatever else is on the argv", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Gate", "--gated"]);
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    for (const extra of BAD_GATE_ARGV) {
      // A plan edit between stops is progress, so every stop may block again.
      await writeText(dir, `.planning/${id}/task_plan.md`, `${SAMPLE_PLAN}\n${extra.join(" ")}\n`);
      const r = await runPwf(dir, ["check", "--gate", ...extra], { stdin: STOP });
      assertEquals(r.code, 0, `${extra.join(" ")}: ${r.stderr}`);
      assertEquals(JSON.parse(r.stdout).decision, "block", extra.join(" "));
      assertStringIncludes(r.stderr, "evaluating the gate without it", extra.join(" "));
    }
  });
});

Deno.test("check --gate with a bad argv keeps a known --host and --json", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Gate", "--gated"]);
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    const r = await runPwf(dir, ["check", "--gate", "--host", "claude", "--json", "stray"], {
      stdin: STOP,
      env: { PWF_GATE_CAP: "50" },
    });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(JSON.parse(r.stdout).gate.cap, 7);
  });
});

Deno.test("check --gate with no plan and a bad argv exits 0", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["check", "--gate", "--host", "bogus", "x"], { stdin: "{}" });
    assertEquals(r.code, 0, r.stderr);
  });
});

Deno.test("check without --gate still refuses a bad argv with exit 2", async () => {
  await inProject(async (dir) => {
    for (const argv of [["--host", "bogus"], ["--bogus-flag"], ["stray"], ["--", "--gate"]]) {
      const r = await runPwf(dir, ["check", ...argv]);
      assertEquals(r.code, 2, argv.join(" "));
    }
  });
});

Deno.test("pwf hook exits 0 on an unknown host, an unknown event, extra words and flags", async () => {
  await inProject(async (dir) => {
    const argvs = [[], ["bogus"], ["claude"], ["claude", "Bogus"], ["claude", "Stop", "x", "--y"], [
      "--help",
    ], ["claude", "--help"]];
    for (const argv of argvs) {
      const r = await runPwf(dir, ["hook", ...argv], { stdin: "{}" });
      assertEquals(r.code, 0, `${argv.join(" ")}: ${r.stderr}`);
    }
  });
});

Deno.test("check --gate with a --plan that has no value still exits 0 and evaluates the gate", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["check", "--gate", "--plan"], { stdin: "{}" });
    assertEquals(r.code, 0, r.stderr);
  });
});

/**
 * `--plan <id>` on every command that takes a plan, with the meaning and the
 * errors of PLAN_ID, and no `PLAN_ID=` hint in anything pwf prints (issue 24).
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { takePlanFlag } from "../lib/cli/plan_flag.ts";

/** One invocation per command that takes a plan, each working on plan `id`. */
const COMMANDS = (id: string): string[][] => [
  ["status", "--plan", id],
  ["phase", "1", "complete", "--plan", id],
  ["attest", "--plan", id],
  ["check", "--plan", id],
  ["lint", "--plan", id],
  ["ledger", "append", "note", "x", "--plan", id],
  ["inject", "--context", "userprompt", "--plan", id],
  ["catchup", "--plan", id],
  ["resolve", "--plan", id],
  ["use", "--plan", id],
  ["archive", "--force", "--plan", id],
];

Deno.test("takePlanFlag() takes --plan ID and --plan=ID out of argv, and stops at --", () => {
  assertEquals(takePlanFlag(["--plan=a", "x"], "status"), { plan: "a", rest: ["x"] });
  assertEquals(takePlanFlag(["x", "--", "--plan", "a"], "ledger"), {
    plan: undefined,
    rest: ["x", "--", "--plan", "a"],
  });
});

Deno.test("--plan picks the plan on every command that takes one, where PLAN_ID would", async () => {
  await inProject(async (dir) => {
    const a = await initPlan(dir, ["Alpha"]);
    const b = await initPlan(dir, ["Beta"]);
    assertEquals(await Deno.readTextFile(`${dir}/.planning/.active_plan`), `${b}\n`);
    for (const args of COMMANDS(a)) {
      const r = await runInProcess(dir, args);
      const said = r.stdout + r.stderr;
      assert(r.code === 0 || r.code === 3, `pwf ${args.join(" ")}: ${said}`);
      // commands that report on a plan name it; phase, ledger and catchup are checked by their effect
      const names = !["phase", "ledger", "catchup"].includes(args[0] as string);
      if (names) assertStringIncludes(said, a, `pwf ${args.join(" ")}`);
    }
    const archived = `${dir}/.planning/.archive/${a}`;
    assertStringIncludes(await Deno.readTextFile(`${archived}/ledger-main.jsonl`), '"x"');
    assertStringIncludes(
      await Deno.readTextFile(`${archived}/task_plan.md`),
      "- **Status:** complete",
    );
    assert((await Deno.stat(`${archived}/.attestation`)).isFile);
    assertStringIncludes(
      await Deno.readTextFile(`${dir}/.planning/${b}/task_plan.md`),
      "in_progress",
    );
  });
});

Deno.test("--plan refuses an unknown or invalid id like PLAN_ID, naming the flag", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Alpha"]);
    for (const args of COMMANDS("ghost").filter((a) => a[0] !== "archive")) {
      const r = await runInProcess(dir, args);
      // inject answers like a hook: exit 0 with the refusal as its one notice line
      const code = args[0] === "inject" ? 0 : 5;
      assertEquals(r.code, code, `pwf ${args.join(" ")}: ${r.stderr}`);
      assertStringIncludes(r.stdout + r.stderr, `--plan 'ghost' names no plan`);
    }
    const bad = await runInProcess(dir, ["status", "--plan", "../x"]);
    assertStringIncludes(bad.stderr, "is not a valid plan id");
    assertEquals((await runInProcess(dir, ["status", "--plan"])).code, 2);
  });
});

Deno.test("no text pwf prints names PLAN_ID= as a hint: init, ambiguity, several open plans, gate", async () => {
  await inProject(async (dir) => {
    const init = await runPwf(dir, ["init", "One"]);
    await runPwf(dir, ["init", "Two", "--gated"]);
    await Deno.remove(`${dir}/.planning/.active_plan`);
    const status = await runPwf(dir, ["status"]);
    const prompt = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: JSON.stringify({ session_id: "s9", prompt: "x" }),
    });
    for (const out of [init.stdout, status.stdout + status.stderr, prompt.stdout]) {
      assertNotIncludes(out, "PLAN_ID=");
    }
    assertStringIncludes(status.stderr, "--plan <id>");
  });
});

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, readText, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

Deno.test(".mode extra tokens inject-smart and plan-guard-off survive and keep the gate armed", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Tokens", "--gated"]);
    const p = `.planning/${id}`;
    await writeText(dir, `${p}/task_plan.md`, SAMPLE_PLAN);
    await writeText(dir, `${p}/.mode`, "autonomous gate inject-smart plan-guard-off\n");
    const status = JSON.parse((await runPwf(dir, ["status", "--json"])).stdout);
    assertEquals(status.mode, "gated");
    assertEquals(status.modeTokens, ["autonomous", "gate", "inject-smart", "plan-guard-off"]);
    const r = await runPwf(dir, ["check", "--gate"], { stdin: "{}" });
    assertStringIncludes(r.stdout, `"decision":"block"`);
    assertEquals(
      await readText(dir, `${p}/.mode`),
      "autonomous gate inject-smart plan-guard-off\n",
    );
  });
});

Deno.test(".mode 'autonomous inject-smart' does not arm the gate", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Tokens", "--autonomous"]);
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    await writeText(dir, `.planning/${id}/.mode`, "autonomous inject-smart\n");
    const r = await runPwf(dir, ["check", "--gate", "--json"], { stdin: "{}" });
    const out = JSON.parse(r.stdout);
    assertEquals([out.gate.decision, out.gate.condition], ["allow", "not-gated"]);
  });
});

Deno.test("init --gated then --autonomous: each plan gets its own .mode and zeroed counter", async () => {
  await inProject(async (dir) => {
    const gated = await initPlan(dir, ["One", "--gated"]);
    const auto = await initPlan(dir, ["Two", "--autonomous"]);
    assertEquals(await readText(dir, `.planning/${gated}/.mode`), "autonomous gate\n");
    assertEquals(await readText(dir, `.planning/${auto}/.mode`), "autonomous\n");
    assertEquals(await readText(dir, `.planning/${auto}/.stop_blocks`), "0\n");
  });
});

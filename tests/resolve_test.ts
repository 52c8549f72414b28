import { assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, shownPath, writeText } from "./helpers.ts";

const FINISHED_PLAN = SAMPLE_PLAN.replace(/in_progress|pending/g, "complete");

async function plan(dir: string, id: string, mtimeSec?: number): Promise<void> {
  await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
  if (mtimeSec !== undefined) {
    await Deno.utime(`${dir}/.planning/${id}/task_plan.md`, mtimeSec, mtimeSec);
  }
}

async function resolved(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ code: number; json: Record<string, unknown> }> {
  const r = await runPwf(dir, ["resolve", "--json"], { env });
  return { code: r.code, json: JSON.parse(r.stdout) };
}

Deno.test("resolve prefers a valid PLAN_ID over .active_plan", async () => {
  await inProject(async (dir) => {
    await plan(dir, "alpha");
    await plan(dir, "beta");
    await writeText(dir, ".planning/.active_plan", "alpha\n");
    const r = await resolved(dir, { PLAN_ID: "beta" });
    assertEquals([r.code, r.json.id, r.json.source], [0, "beta", "PLAN_ID"]);
  });
});

Deno.test("resolve with an invalid PLAN_ID resolves nothing and exits 5", async () => {
  await inProject(async (dir) => {
    await plan(dir, "alpha");
    for (const bad of ["../x", "a/b", ".hidden", "-x"]) {
      const r = await runPwf(dir, ["resolve"], { env: { PLAN_ID: bad } });
      assertEquals(r.code, 5, bad);
      assertEquals(r.stdout, "");
      assertStringIncludes(r.stderr, "PLAN_ID");
      assertEquals(r.stderr.trim().split("\n").length, 1);
    }
  });
});

Deno.test("resolve with a PLAN_ID naming no plan does not fall back", async () => {
  await inProject(async (dir) => {
    await plan(dir, "alpha");
    await writeText(dir, ".planning/.active_plan", "alpha\n");
    const r = await resolved(dir, { PLAN_ID: "ghost" });
    assertEquals([r.code, r.json.found], [5, false]);
    assertStringIncludes(String(r.json.why), "ghost");
  });
});

Deno.test("resolve strips a BOM and whitespace from .active_plan", async () => {
  await inProject(async (dir) => {
    await plan(dir, "alpha", 1000);
    await plan(dir, "beta", 2000);
    await writeText(dir, ".planning/.active_plan", "\uFEFF  alpha \r\n");
    const r = await resolved(dir);
    assertEquals([r.json.id, r.json.source], ["alpha", "active_plan"]);
  });
});

Deno.test("resolve falls through an invalid or dangling .active_plan to the only open plan", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/done/task_plan.md", FINISHED_PLAN);
    await plan(dir, "new", 1000);
    await Deno.utime(`${dir}/.planning/done/task_plan.md`, 2000, 2000);
    for (const pointer of ["../old\n", "ghost\n", ""]) {
      await writeText(dir, ".planning/.active_plan", pointer);
      const r = await resolved(dir);
      assertEquals([r.json.id, r.json.source], ["new", "only_open"], JSON.stringify(pointer));
    }
  });
});

Deno.test("resolve refuses to guess between two open plans: exit 5 and both ids named, whatever their mtimes", async () => {
  await inProject(async (dir) => {
    await plan(dir, "a", 1000);
    await plan(dir, "b", 3000);
    const r = await runPwf(dir, ["resolve"]);
    assertEquals([r.code, r.stdout], [5, ""]);
    assertStringIncludes(r.stderr, "a, b");
    assertStringIncludes(r.stderr, "--plan <id>");
    assertEquals(r.stderr.trim().split("\n").length, 1);
  });
});

Deno.test("resolve uses a legacy root task_plan.md read-only", async () => {
  await inProject(async (dir) => {
    await writeText(dir, "task_plan.md", SAMPLE_PLAN);
    const r = await resolved(dir);
    assertEquals([r.json.source, r.json.legacy, r.json.dir], ["legacy", true, "."]);
    const s = await runPwf(dir, ["status", "--json"]);
    assertEquals(JSON.parse(s.stdout).counts.complete, 1);
    const p = await runPwf(dir, ["phase", "2", "complete"]);
    assertEquals(p.code, 1);
    assertStringIncludes(p.stderr, "legacy");
    assertEquals(await Deno.readTextFile(`${dir}/task_plan.md`), SAMPLE_PLAN);
  });
});

Deno.test("resolve prefers a .planning plan over a legacy root plan", async () => {
  await inProject(async (dir) => {
    await writeText(dir, "task_plan.md", SAMPLE_PLAN);
    await plan(dir, "alpha");
    assertEquals((await resolved(dir)).json.id, "alpha");
  });
});

Deno.test("resolve exits 5 with no plan at all", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["resolve"]);
    assertEquals(r.code, 5);
    assertStringIncludes(r.stderr, "pwf init");
  });
});

Deno.test("resolve refuses PWF_PLAN_ROOT naming another directory", async () => {
  await inProject(async (dir) => {
    await plan(dir, "alpha");
    const r = await runPwf(dir, ["resolve"], { env: { PWF_PLAN_ROOT: "/elsewhere" } });
    assertEquals(r.code, 5);
    assertStringIncludes(r.stderr, "PWF_PLAN_ROOT");
    const same = await runPwf(dir, ["resolve"], { env: { PWF_PLAN_ROOT: dir } });
    assertEquals([same.code, same.stdout], [0, `${shownPath(".planning/alpha")}\n`]);
  });
});

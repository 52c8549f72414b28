import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, shownPath, writeText } from "./helpers.ts";

async function planWith(dir: string, text: string): Promise<string> {
  const id = await initPlan(dir, ["Lint"]);
  await writeText(dir, `.planning/${id}/task_plan.md`, text);
  return `.planning/${id}`;
}

/** Every problem of SPEC section 11 at once. */
const BROKEN = `# Task Plan: Broken

## Current Phase
Phase 1

### Phase 1: A
- **Status:** in_progress

### Phase 1: B
- **Status:** finished

### Phase 3: C
- **Status:** in_progress
`;

Deno.test("lint reports each structural problem with its line number and exits 1", async () => {
  await inProject(async (dir) => {
    const p = await planWith(dir, BROKEN);
    const r = await runPwf(dir, ["lint"]);
    assertEquals(r.code, 1, r.stderr);
    const lines = r.stdout.split("\n");
    const has = (prefix: string, text: string) =>
      assertEquals(
        lines.some((l) => l.startsWith(prefix) && l.includes(text)),
        true,
        `${prefix} ... ${text}\n${r.stdout}`,
      );
    has("ERROR 1: ", `no "## Goal" section`);
    has("WARN 1: ", `no "## Next Step" section`);
    has("ERROR 9: ", "duplicate phase number: Phase 1 already heads line 6");
    has("ERROR 10: ", `Phase 1 has unknown status "finished"`);
    has("ERROR 13: ", "Phase 3 is in_progress while Phase 1 (line 7) is too");
    assertStringIncludes(r.stdout, `${shownPath(`${p}/task_plan.md`)}: 4 errors, 1 warning\n`);
  });
});

Deno.test("lint reports a placeholder goal as a warning on its line and exits 0", async () => {
  await inProject(async (dir) => {
    await planWith(dir, SAMPLE_PLAN.replace("Ship the sample feature with tests.", "[Your goal]"));
    const r = await runPwf(dir, ["lint"]);
    assertEquals(r.code, 0, r.stdout);
    assertStringIncludes(r.stdout, `WARN 4: the Goal is still a placeholder ("[Your goal]")`);
  });
});

Deno.test("lint reports a plan without phases as an error", async () => {
  await inProject(async (dir) => {
    await planWith(dir, "# Notes\n\n## Goal\nThink.\n\n## Next Step\nRead.\n");
    const r = await runPwf(dir, ["lint"]);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stdout, "ERROR 1: no phases:");
  });
});

Deno.test("lint reports a Current Phase that disagrees with the in-progress phase", async () => {
  await inProject(async (dir) => {
    await planWith(
      dir,
      SAMPLE_PLAN.replace("## Current Phase\nPhase 2", "## Current Phase\nPhase 4"),
    );
    const r = await runPwf(dir, ["lint"]);
    assertEquals(r.code, 0);
    assertStringIncludes(
      r.stdout,
      `WARN 10: "## Current Phase" says "Phase 4" but Phase 2 is in_progress`,
    );
  });
});

Deno.test("lint of a well-formed plan prints only the summary and exits 0", async () => {
  await inProject(async (dir) => {
    const p = await planWith(dir, SAMPLE_PLAN);
    const r = await runPwf(dir, ["lint"]);
    assertEquals([r.code, r.stdout], [
      0,
      `${shownPath(`${p}/task_plan.md`)}: 0 errors, 0 warnings\n`,
    ]);
  });
});

Deno.test("lint of a freshly initialised plan only warns about the placeholder goal", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Fresh", "--gated"]);
    const r = await runPwf(dir, ["lint", "--json"]);
    assertEquals(r.code, 0);
    const out = JSON.parse(r.stdout);
    assertEquals([out.errors, out.warnings], [0, 1]);
  });
});

Deno.test("lint --json lists findings with severity, line and message", async () => {
  await inProject(async (dir) => {
    await planWith(dir, BROKEN);
    const r = await runPwf(dir, ["lint", "--json"]);
    assertEquals(r.code, 1);
    const out = JSON.parse(r.stdout);
    assertEquals(out.schemaVersion, 1);
    assertEquals(out.findings[0], {
      severity: "ERROR",
      line: 1,
      message:
        `no "## Goal" section: add one with a sentence saying what is true when the work is done`,
    });
    assertEquals(out.findings.length, 5);
  });
});

Deno.test("lint with no plan exits 5", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["lint"]);
    assertEquals([r.code, r.stdout], [5, ""]);
  });
});

import { assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, shownPath, writeText } from "./helpers.ts";

async function planWith(dir: string, text: string): Promise<string> {
  const id = await initPlan(dir, ["Check"]);
  await writeText(dir, `.planning/${id}/task_plan.md`, text);
  return `.planning/${id}`;
}

Deno.test("check reports done/total, in progress and pending, and exits 3 while phases remain", async () => {
  await inProject(async (dir) => {
    const p = await planWith(dir, SAMPLE_PLAN);
    const r = await runPwf(dir, ["check"]);
    assertEquals(r.code, 3, r.stderr);
    assertEquals(
      r.stdout,
      `Task in progress (1/5 phases complete) in ${shownPath(`${p}/task_plan.md`)}.\n` +
        `  in progress: Phase 2: Build\n` +
        `  pending: 3 (Phase 3: Test, Phase 4: Review, Phase 5: Deliver)\n`,
    );
  });
});

Deno.test("check exits 0 when every phase is complete", async () => {
  await inProject(async (dir) => {
    await planWith(dir, SAMPLE_PLAN.replace(/in_progress|pending/g, "complete"));
    const r = await runPwf(dir, ["check"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "ALL PHASES COMPLETE (5/5)");
  });
});

Deno.test("check lists unknown statuses, never counts them complete, and points at lint", async () => {
  await inProject(async (dir) => {
    const text = SAMPLE_PLAN.replace("- **Status:** complete", "- **Status:** done")
      .replace("### Phase 5: Deliver\n- **Status:** pending\n", "### Phase 5: Deliver\n");
    await planWith(dir, text);
    const r = await runPwf(dir, ["check"]);
    assertEquals(r.code, 3);
    assertStringIncludes(r.stdout, "(0/5 phases complete)");
    assertStringIncludes(
      r.stdout,
      `  unknown status: Phase 1: Discovery ("done"), Phase 5: Deliver (no status line)\n`,
    );
    assertStringIncludes(r.stdout, `Plan structure: 2 lint errors, the first at line 16:`);
    assertStringIncludes(r.stdout, `Run "pwf lint" for all.`);
  });
});

Deno.test("check on an unstructured plan prints one lint-based line, not a 0/0 nag, and exits 0", async () => {
  await inProject(async (dir) => {
    const p = await planWith(dir, "# Ideas\n\nSome notes, no phases yet.\n");
    const r = await runPwf(dir, ["check"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(
      r.stdout,
      `No phases in ${
        shownPath(`${p}/task_plan.md`)
      }: nothing to check (phases are "### Phase N: <title>" headings; see "pwf lint").\n`,
    );
    assertNotIncludes(r.stdout, "0/0");
  });
});

Deno.test("check with no plan exits 5 with one line on stderr", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["check"]);
    assertEquals([r.code, r.stdout], [5, ""]);
    assertEquals(r.stderr.trim().split("\n").length, 1);
    assertStringIncludes(r.stderr, "pwf: ");
  });
});

Deno.test("check --json prints one object with schemaVersion and the counts", async () => {
  await inProject(async (dir) => {
    await planWith(dir, SAMPLE_PLAN);
    const r = await runPwf(dir, ["check", "--json"]);
    assertEquals(r.code, 3);
    const out = JSON.parse(r.stdout);
    assertEquals(out.schemaVersion, 1);
    assertEquals([out.total, out.complete, out.remaining, out.allComplete], [5, 1, 4, false]);
    assertEquals(out.inProgress, [{ number: 2, title: "Build", status: "in_progress" }]);
    assertEquals(out.pending.length, 3);
    assertEquals(out.unknown, []);
  });
});

Deno.test("check output is deterministic for the same state", async () => {
  await inProject(async (dir) => {
    await planWith(dir, SAMPLE_PLAN);
    const a = await runPwf(dir, ["check", "--json"]);
    const b = await runPwf(dir, ["check", "--json"]);
    assertEquals(a.stdout, b.stdout);
  });
});

Deno.test("check --host without --gate is a usage error (exit 2)", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["check", "--host", "claude"]);
    assertEquals(r.code, 2);
    assertStringIncludes(r.stderr, `"--host" only applies with "--gate"`);
  });
});

Deno.test("check --gate --host names an unknown host on stderr and still exits 0", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["check", "--gate", "--host", "emacs"]);
    assertEquals(r.code, 0);
    assertStringIncludes(r.stderr, `"--host" must be one of`);
  });
});

Deno.test("check reads a legacy root task_plan.md and check --gate never blocks it", async () => {
  await inProject(async (dir) => {
    await writeText(dir, "task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["check"]);
    assertEquals(r.code, 3, r.stderr);
    assertStringIncludes(r.stdout, `(1/5 phases complete) in ${shownPath("./task_plan.md")}.`);
    const g = await runPwf(dir, ["check", "--gate"], { stdin: "{}" });
    assertEquals(g.code, 0);
    assertNotIncludes(g.stdout, `"decision"`);
    assertStringIncludes(g.stdout, "gate off");
  });
});

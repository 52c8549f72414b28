import { skipUnlessSymlinks } from "./skip.ts";
import { parseFrames } from "../lib/core/inject/framing.ts";
import { assertEquals, assertMatch, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

const PROGRESS = `# Progress Log

## Session: 2025-01-01

### Actions Taken
${Array.from({ length: 30 }, (_, i) => `- step ${i + 1} done`).join("\n")}
- wrote the parser skeleton
- ran the tests: 3 failing
`;

async function samplePlan(dir: string): Promise<string> {
  const id = await initPlan(dir, ["Sample"]);
  await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
  await writeText(dir, `.planning/${id}/progress.md`, PROGRESS);
  return id;
}

async function ageFile(path: string, msAgo: number): Promise<void> {
  const t = new Date(Date.now() - msAgo);
  await Deno.utime(path, t, t);
}

Deno.test("catchup (zero access) reports the in-progress phase and the last progress entries", async () => {
  await inProject(async (dir) => {
    const id = await samplePlan(dir);
    const r = await runPwf(dir, ["catchup"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "SESSION CATCH-UP");
    assertStringIncludes(
      r.stdout,
      `Plan: ${id} (.planning/${id}; named by .planning/.active_plan)`,
    );
    assertStringIncludes(r.stdout, "Phases: 1/5 complete; in progress: Phase 2");
    const frames = parseFrames(r.stdout);
    assertEquals(frames.map((f) => f.kind), ["plan", "progress"]);
    assertStringIncludes(frames[0]!.payload, "In progress: Phase 2: Build\n");
    assertStringIncludes(frames[0]!.payload, "Next step: Write the parser tests.\n");
    const tail = frames[1]!.payload.trimEnd().split("\n");
    assertEquals(tail.length, 20);
    assertEquals(tail.slice(-2), ["- wrote the parser skeleton", "- ran the tests: 3 failing"]);
    assertEquals(frames[1]!.truncated, true);
    assertStringIncludes(r.stdout, `1. Re-read .planning/${id}/task_plan.md`);
    assertStringIncludes(r.stdout, '2. Run "pwf status"');
    assertStringIncludes(r.stdout, "3. Continue Phase 2 (in progress)");
  });
});

Deno.test(skipUnlessSymlinks({
  name:
    "catchup (zero access) reads nothing outside .planning: symlinks and neighbour files stay unread",
  fn: async () => {
    await inProject(async (dir) => {
      const id = await samplePlan(dir);
      await writeText(dir, "secret.txt", "OUTSIDE-CANARY api key\n");
      await writeText(
        dir,
        ".claude/projects/x/session.jsonl",
        '{"type":"user","cwd":"OUTSIDE-CANARY"}\n',
      );
      await Deno.remove(`${dir}/.planning/${id}/findings.md`);
      await Deno.symlink(`${dir}/secret.txt`, `${dir}/.planning/${id}/findings.md`);
      const r = await runPwf(dir, ["catchup"]);
      assertEquals(r.code, 0, r.stderr);
      assertNotIncludes(r.stdout, "OUTSIDE-CANARY");
      assertStringIncludes(r.stdout, "Note: findings.md: refused (");
      assertStringIncludes(r.stdout, "symbolic link");
      assertStringIncludes(r.stdout, "in progress: Phase 2");
      // A symlinked progress.md is refused the same way, never followed.
      await Deno.remove(`${dir}/.planning/${id}/progress.md`);
      await Deno.symlink("../../secret.txt", `${dir}/.planning/${id}/progress.md`);
      const j = JSON.parse((await runPwf(dir, ["catchup", "--json"])).stdout);
      assertEquals(j.progressTail, null);
      assertEquals(j.problems.length, 2);
      assertNotIncludes(JSON.stringify(j), "OUTSIDE-CANARY");
    });
  },
}));

Deno.test("catchup (zero access) names the planning file that changed last and how long ago", async () => {
  await inProject(async (dir) => {
    const id = await samplePlan(dir);
    const p = `${dir}/.planning/${id}`;
    await ageFile(`${p}/task_plan.md`, 3 * 86_400_000);
    await ageFile(`${p}/findings.md`, 5 * 86_400_000);
    await ageFile(`${p}/progress.md`, 2 * 3_600_000 + 60_000);
    const r = await runPwf(dir, ["catchup"]);
    assertMatch(
      r.stdout,
      /\nLast change: progress\.md, 2 hours ago \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)\n/,
    );
    const j = JSON.parse((await runPwf(dir, ["catchup", "--json"])).stdout);
    assertEquals(j.schemaVersion, 1);
    assertEquals(j.lastChanged.file, "progress.md");
    assertEquals(j.inProgress, { number: 2, title: "Build" });
    assertEquals(j.ledger, { records: 0, summary: null });
  });
});

Deno.test("catchup (zero access) counts the ledger records and frames the ledger summary", async () => {
  await inProject(async (dir) => {
    const id = await samplePlan(dir);
    const rec = (tick: number) =>
      `{"tick":${tick},"ts":"2025-01-01T00:00:00Z","agent":"main","phase":"2","event":"progress","summary":"s","files":[]}\n`;
    await writeText(dir, `.planning/${id}/ledger-main.jsonl`, rec(1) + rec(2));
    await writeText(dir, `.planning/${id}/ledger-helper.jsonl`, rec(3));
    await writeText(dir, `.planning/${id}/ledger-broken.jsonl`, "not json\n");
    const r = await runPwf(dir, ["catchup"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "\nLedger: 3 records\n");
    const ledger = parseFrames(r.stdout).find((f) => f.kind === "ledger");
    const summary = await runPwf(dir, ["ledger", "summary"]);
    assertEquals(ledger?.payload, summary.stdout);
    assertStringIncludes(summary.stdout, "entries: 3\n");
  });
});

Deno.test("catchup (zero access) without a plan exits 5 with one line", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["catchup"]);
    assertEquals(r.code, 5);
    assertEquals(r.stdout, "");
    assertEquals(r.stderr.trim().split("\n").length, 1);
    assertStringIncludes(r.stderr, "pwf init");
  });
});

Deno.test("catchup (zero access) is byte-identical for identical state and clock-independent frames", async () => {
  await inProject(async (dir) => {
    await samplePlan(dir);
    const a = await runPwf(dir, ["catchup"]);
    const b = await runPwf(dir, ["catchup"]);
    assertEquals(parseFrames(a.stdout), parseFrames(b.stdout));
  });
});

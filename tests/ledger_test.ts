import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

Deno.test("20 concurrent ledger appends give 20 valid JSON lines with ticks 1..20", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        runPwf(dir, [
          "ledger",
          "append",
          "progress",
          `step ${i}`,
          "--agent",
          i % 2 ? "worker" : "main",
        ])),
    );
    // On failure: every run's exit code and stderr, and both ledgers as written.
    const report = runs.map((r, i) =>
      `append "step ${i}": exit ${r.code}${r.stderr ? `, stderr: ${r.stderr.trim()}` : ""}`
    ).join("\n");
    assertEquals(runs.map((r) => r.code), Array(20).fill(0), report);
    const lines = [
      ...(await Deno.readTextFile(`${dir}/.planning/p/ledger-main.jsonl`)).trim().split("\n"),
      ...(await Deno.readTextFile(`${dir}/.planning/p/ledger-worker.jsonl`)).trim().split("\n"),
    ];
    const ticks = lines.map((l) => JSON.parse(l).tick).sort((a, b) => a - b);
    const why = `${report}\n${lines.join("\n")}`;
    assertEquals(lines.length, 20, why);
    assertEquals(ticks, Array.from({ length: 20 }, (_, i) => i + 1), why);
  });
});

Deno.test("ledger append writes the record with keys in order and no spaces", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, [
      "ledger",
      "append",
      "phase_complete",
      "done",
      "--phase",
      "2",
      "--files",
      "a.ts,,b.ts",
      "--agent",
      "wörk er!",
    ]);
    assertEquals(r.code, 0, r.stderr);
    const line = await Deno.readTextFile(`${dir}/.planning/p/ledger-wrker.jsonl`);
    assert(
      /^\{"tick":1,"ts":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ","agent":"wrker","phase":"2","event":"phase_complete","summary":"done","files":\["a.ts","b.ts"\]\}\n$/
        .test(line),
      line,
    );
  });
});

Deno.test("ledger append with a bad event exits 2 and writes nothing", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["ledger", "append", "bogus", "x"]);
    assertEquals(r.code, 2);
    assertStringIncludes(r.stderr, "bogus");
    assertEquals((await Array.fromAsync(Deno.readDir(`${dir}/.planning/p`))).map((e) => e.name), [
      "task_plan.md",
    ]);
  });
});

Deno.test("ledger append cuts a 1000-byte multibyte summary to 200 bytes of valid UTF-8", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await runPwf(dir, ["ledger", "append", "note", "é✓漢".repeat(112)]);
    const bytes = await Deno.readFile(`${dir}/.planning/p/ledger-main.jsonl`);
    const rec = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    const size = new TextEncoder().encode(rec.summary).length;
    assert(size <= 200 && size >= 197, String(size));
  });
});

Deno.test("ledger summary is byte-identical for identical state and has no timestamps", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await runPwf(dir, ["ledger", "append", "progress", "secret summary text"]);
    const a = await runPwf(dir, ["ledger", "summary"]);
    const b = await runPwf(dir, ["ledger", "summary"]);
    assertEquals(a.stdout, b.stdout);
    assert(!/\d{2}:\d{2}/.test(a.stdout));
    assert(!a.stdout.includes("secret"));
    assertStringIncludes(
      a.stdout,
      "=== RUN LEDGER ===\nentries: 1\nphases: 1/5 complete\nin_progress: Phase 2: Build\nagent main: progress\n",
    );
  });
});

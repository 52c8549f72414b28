import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { skipOnWindows } from "./skip.ts";
import { initPlan, inProject, readText, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

Deno.test("phase 2 complete starts phase 3 and changes only their status lines and Current Phase", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["phase", "2", "complete"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(
      r.stdout,
      "Phase 3: pending -> in_progress (started: the next pending phase)",
    );
    const after = await readText(dir, ".planning/p/task_plan.md");
    const a = SAMPLE_PLAN.split("\n"), b = after.split("\n");
    const changed = a.map((l, i) => l === b[i] ? null : `${l} => ${b[i]}`).filter(Boolean);
    assertEquals(changed, [
      "Phase 2 => Phase 3",
      "- **Status:** in_progress => - **Status:** complete",
      "- **Status:** pending => - **Status:** in_progress",
    ]);
  });
});

Deno.test("phase 2 complete --no-advance changes only phase 2's status line and Current Phase", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["phase", "2", "complete", "--no-advance"]);
    assertEquals(r.code, 0, r.stderr);
    const after = await readText(dir, ".planning/p/task_plan.md");
    const a = SAMPLE_PLAN.split("\n"), b = after.split("\n");
    const changed = a.map((l, i) => l === b[i] ? null : `${l} => ${b[i]}`).filter(Boolean);
    assertEquals(changed, [
      "Phase 2 => Phase 3",
      "- **Status:** in_progress => - **Status:** complete",
    ]);
  });
});

Deno.test("phase with bad arguments exits 2 and writes nothing", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    for (
      const args of [["x", "complete"], ["2", "done"], ["2"], ["2", "complete", "extra"], [
        "2",
        "complete",
        "--nope",
      ]]
    ) {
      const r = await runPwf(dir, ["phase", ...args]);
      assertEquals(r.code, 2, args.join(" "));
      assertEquals(r.stderr.trim().split("\n").length, 1);
    }
    assertEquals(await readText(dir, ".planning/p/task_plan.md"), SAMPLE_PLAN);
  });
});

Deno.test("phase of a missing phase number exits 1 and leaves the plan unchanged", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["phase", "9", "complete"]);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, "Phase 9");
    assertEquals(await readText(dir, ".planning/p/task_plan.md"), SAMPLE_PLAN);
  });
});

Deno.test("10 concurrent phase edits of different phases all land", async () => {
  await inProject(async (dir) => {
    const phases = Array.from(
      { length: 10 },
      (_, i) => `### Phase ${i + 1}: P${i + 1}\n- **Status:** pending\n`,
    ).join("\n");
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      `# T\n\n## Current Phase\nPhase 1\n\n${phases}`,
    );
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => runPwf(dir, ["phase", String(i + 1), "complete"])),
    );
    const after = await readText(dir, ".planning/p/task_plan.md");
    // On failure: every run's exit code and stderr, and which phases did not land.
    const report = runs.map((r, i) =>
      `pwf phase ${i + 1} complete: exit ${r.code}${r.stderr ? `, stderr: ${r.stderr.trim()}` : ""}`
    ).join("\n");
    const lost = Array.from({ length: 10 }, (_, i) => i + 1).filter((n) =>
      !after.includes(`### Phase ${n}: P${n}\n- **Status:** complete\n`)
    );
    assertEquals(runs.map((r) => r.code), Array(10).fill(0), report);
    assertEquals(lost, [], `phases not complete: ${lost.join(", ")}\n${report}\n${after}`);
    assertStringIncludes(after, "## Current Phase\nAll phases complete\n");
  });
});

Deno.test("phase keeps an intact attested plan attested", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["G", "--gated"]);
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const r = await runPwf(dir, ["phase", "1", "complete"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "re-attested");
    const bytes = await Deno.readFile(`${dir}/.planning/${id}/task_plan.md`);
    const hash = Array.from(
      new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    assertEquals(await readText(dir, `.planning/${id}/.attestation`), `${hash}\n`);
  });
});

Deno.test("phase refuses a tampered attested plan with exit 4 and changes nothing", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["G", "--gated"]);
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const path = `${dir}/.planning/${id}/task_plan.md`;
    const tampered = (await Deno.readTextFile(path)) + "\nsneaky edit\n";
    await Deno.writeTextFile(path, tampered);
    const att = await readText(dir, `.planning/${id}/.attestation`);
    const r = await runPwf(dir, ["phase", "1", "complete"]);
    assertEquals(r.code, 4);
    assertStringIncludes(r.stderr, "pwf attest");
    assertEquals(await Deno.readTextFile(path), tampered);
    assertEquals(await readText(dir, `.planning/${id}/.attestation`), att);
  });
});

Deno.test("phase takes over a stale lock left by a crashed writer", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/.pwf.lock", "crashed");
    await Deno.utime(`${dir}/.planning/p/.pwf.lock`, 1000, 1000);
    const r = await runPwf(dir, ["phase", "3", "in_progress", "--switch"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(
      await readText(dir, ".planning/p/task_plan.md"),
      "### Phase 3: Test\n- **Status:** in_progress",
    );
  });
});

Deno.test("phase refuses to rewrite a plan that is not valid UTF-8", async () => {
  await inProject(async (dir) => {
    const bytes = new Uint8Array([...new TextEncoder().encode(SAMPLE_PLAN), 0xff, 0x0a]);
    await writeText(dir, ".planning/p/task_plan.md", "");
    await Deno.writeFile(`${dir}/.planning/p/task_plan.md`, bytes);
    const r = await runPwf(dir, ["phase", "3", "complete"]);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, "UTF-8");
    const after = await Deno.readFile(`${dir}/.planning/p/task_plan.md`);
    assert(after.length === bytes.length && after.every((b, i) => b === bytes[i]));
  });
});

Deno.test(skipOnWindows("Deno.chmod throws, so the test cannot make task_plan.md read-only", {
  name: "phase refuses a read-only task_plan.md and leaves it unchanged",
  fn: async () => {
    await inProject(async (dir) => {
      await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
      await Deno.chmod(`${dir}/.planning/p/task_plan.md`, 0o444);
      const r = await runPwf(dir, ["phase", "3", "complete"]);
      assertEquals(r.code, 1);
      assertStringIncludes(r.stderr, "read-only");
      assertEquals(await readText(dir, ".planning/p/task_plan.md"), SAMPLE_PLAN);
    });
  },
}));

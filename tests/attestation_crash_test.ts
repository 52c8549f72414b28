/**
 * Attestation (issue 12, items 7 and 8; acceptance 4): "attested" heads only
 * the exact bytes that were hashed, and a `pwf phase` killed anywhere leaves
 * the plan old or new with an attestation that verifies (or that the next
 * command repairs and says so).
 */
import { assert, assertEquals } from "./assert.ts";
import { initPlan, inProject, MAIN, runPwf, shownPath, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { setPhaseStatus } from "../lib/core/plan/edit.ts";
import { rng } from "./rng.ts";

/** A plan of about `mib` MiB: two phases, then filler that keeps reads and hashes busy. */
function bigPlan(title: string, mib: number): string {
  const head =
    `# ${title}\n## Goal\nG\n## Current Phase\nPhase 1\n### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n- **Status:** pending\n## Notes\n`;
  return head + "filler line of notes\n".repeat(Math.ceil((mib * 1024 * 1024) / 21));
}

Deno.test("a plan swapped while hooks read it is never shown as attested unless those bytes were hashed", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Swap"]);
    const plan = `${dir}/.planning/${id}/task_plan.md`;
    const original = bigPlan("ORIGINAL", 5); // over the 4 MiB view cap
    await writeText(dir, `.planning/${id}/task_plan.md`, original);
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const edited = original.replace("# ORIGINAL", "# EDITED!");
    // Another process swaps the plan between the approved and an edited copy until told to stop.
    const script = `
      const [plan, a, b, stop] = Deno.args;
      const texts = [Deno.readTextFileSync(a), Deno.readTextFileSync(b)];
      for (let i = 0; ; i++) {
        try { Deno.statSync(stop); break; } catch { /* keep going */ }
        Deno.writeTextFileSync(plan + ".swap", texts[i % 2]);
        Deno.renameSync(plan + ".swap", plan);
        await new Promise((r) => setTimeout(r, 3));
      }`;
    const tmp = await Deno.makeTempDir({ prefix: "pwf-swap-" });
    try {
      await Deno.writeTextFile(`${tmp}/a`, original);
      await Deno.writeTextFile(`${tmp}/b`, edited);
      await Deno.writeTextFile(`${tmp}/swapper.ts`, script);
      const swapper = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", `${tmp}/swapper.ts`, plan, `${tmp}/a`, `${tmp}/b`, `${tmp}/stop`],
        stdout: "null",
        stderr: "null",
      }).spawn();
      let attested = 0;
      try {
        for (let i = 0; i < 30; i++) {
          const r = await runInProcess(dir, ["hook", "plain", "userprompt"], { stdin: "{}" });
          assertEquals(r.code, 0, r.stderr);
          if (!r.stdout.includes("attested sha256=")) continue;
          attested++;
          assert(!r.stdout.includes("# EDITED!"), `fire ${i}: edited text headed "attested"`);
        }
      } finally {
        await Deno.writeTextFile(`${tmp}/stop`, "");
        await swapper.status;
      }
      assert(attested > 0, "no fire saw the approved plan at all");
      await Deno.writeTextFile(plan, original);
      await Deno.remove(`${plan}.swap`).catch(() => {});
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  });
});

/** Spawn `pwf phase 1 <status>` and kill -9 it after `ms` (or let it finish). */
async function phaseKilledAfter(dir: string, status: string, ms: number | null): Promise<void> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...PERMISSION_FLAGS, MAIN, "phase", "1", status, "--no-advance"],
    cwd: dir,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const timer = ms === null ? undefined : setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already done */ }
  }, ms);
  await child.status;
  clearTimeout(timer);
}

// 100 kills natively; under Wine each spawn costs ~1 s, so the Windows lane runs 30 of them.
const KILLS = Deno.build.os === "windows" ? 30 : 100;

Deno.test(`${KILLS} kill -9 at random points of pwf phase on an attested plan: old-or-new, and attest --verify passes`, async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Crash"]);
    const rel = `.planning/${id}/task_plan.md`;
    let text = bigPlan("Crash", 1);
    await writeText(dir, rel, text);
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    // Calibrate: how long one uninterrupted edit takes here.
    const t0 = performance.now();
    await phaseKilledAfter(dir, "complete", null);
    const full = performance.now() - t0;
    text = setPhaseStatus(text, 1, "complete").text;
    assertEquals(await Deno.readTextFile(`${dir}/${rel}`), text);
    const next = rng(12);
    let repaired = 0;
    let changed = 0;
    let current = "complete";
    // When the commit happens, in ms after the spawn: first guess from the calibration run,
    // then a staircase (down after a kill that came too late, up after one that came too
    // early), so the kills stay around the commit point when the load changes the timing.
    let aim = full * 0.7;
    for (let i = 0; i < KILLS; i++) {
      const status = current === "complete" ? "in_progress" : "complete";
      const after = setPhaseStatus(text, 1, status).text;
      // Most of a run is start-up: aim the kills at the part that reads, hashes and writes,
      // at a random point within +-50% of the current aim.
      await phaseKilledAfter(dir, status, Math.floor(aim * (0.5 + next())));
      const now = await Deno.readTextFile(`${dir}/${rel}`);
      assert(now === text || now === after, `kill ${i}: the plan is neither old nor new`);
      const v = await runInProcess(dir, ["attest", "--verify"]);
      assertEquals(v.code, 0, `kill ${i}: ${v.stdout}${v.stderr}`);
      if (v.stderr.includes("repaired")) repaired++;
      if (now === after) [changed, current] = [changed + 1, status];
      aim = Math.min(full * 4, Math.max(full * 0.1, aim * (now === after ? 0.85 : 1.15)));
      text = now;
      // A killed writer may leave its temp file (nothing reads it; docs/storage.md) and its
      // lock (taken over at once: its owner is gone); clear temps so the next kill is judged alone.
      for await (const e of Deno.readDir(`${dir}/.planning/${id}`)) {
        if (e.name.includes(".tmp-")) await Deno.remove(`${dir}/.planning/${id}/${e.name}`);
      }
    }
    await Deno.remove(`${dir}/.planning/${id}/.pwf.lock`).catch(() => {});
    // The kills landed on both sides of the commit (else the loop proved nothing).
    assert(changed > 0 && changed < KILLS, `changed ${changed} of ${KILLS}`);
  });
});

Deno.test("a crash between task_plan.md and .attestation is repaired by the next command, which says so", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Window"]);
    const p = `.planning/${id}`;
    const old = bigPlan("Window", 0);
    await writeText(dir, `${p}/task_plan.md`, old);
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const oldHash = (await Deno.readTextFile(`${dir}/${p}/.attestation`)).trim();
    // The state a kill leaves between pwf phase's plan write and its attestation write.
    const next = setPhaseStatus(old, 1, "complete").text;
    const { sha256Hex } = await import("../lib/core/text/sha256.ts");
    const newHash = await sha256Hex(next);
    await writeText(dir, `${p}/.attestation.pending`, `${newHash}\n`);
    await writeText(dir, `${p}/task_plan.md`, next);
    assertEquals((await Deno.readTextFile(`${dir}/${p}/.attestation`)).trim(), oldHash);
    const v = await runPwf(dir, ["attest", "--verify"]);
    assertEquals(v.code, 0, v.stdout + v.stderr);
    assert(v.stderr.includes(`repaired ${shownPath(`${p}/.attestation`)}`), v.stderr);
    assertEquals(await Deno.readTextFile(`${dir}/${p}/.attestation`), `${newHash}\n`);
    assertEquals(await Deno.stat(`${dir}/${p}/.attestation.pending`).catch(() => null), null);
    // A pending hash that does not match the plan repairs nothing: an edit stays TAMPERED.
    await writeText(dir, `${p}/.attestation.pending`, `${"0".repeat(64)}\n`);
    await writeText(dir, `${p}/task_plan.md`, next + "edited by hand\n");
    assertEquals((await runPwf(dir, ["attest", "--verify"])).code, 4);
    await Deno.remove(`${dir}/${p}/.attestation.pending`);
  });
});

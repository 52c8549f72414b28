/**
 * Locks and clocks (issue 12, item 1): a lock from the future, a stale lock
 * and a lock whose owner died are taken over; hooks never wait on a lock for
 * more than a few hundred ms; a command that gives up says who holds it.
 */
import { assert, assertEquals, assertRejects, assertStringIncludes } from "./assert.ts";
import { attestedPlan, inProject, readText, SAMPLE_PLAN } from "./helpers.ts";
import { calibratedBoundMs, futureLock, plantLock, runFaulty } from "./faults.ts";
import { LOCK_NAME, withLock } from "../lib/fs/lock.ts";
import { type Location, planningLoc } from "../lib/fs/containment.ts";

/**
 * Take the lock of `loc` in this test process, a live owner holding it (and
 * its OS lock) until the returned release is called and awaited.
 */
async function holdLock(loc: Location): Promise<() => Promise<void>> {
  let release = () => {};
  const holding = new Promise<void>((r) => release = r);
  let entered = () => {};
  const inside = new Promise<void>((r) => entered = r);
  const owner = withLock(loc, async () => {
    entered();
    await holding;
  });
  await inside;
  return async () => {
    release();
    await owner;
  };
}

Deno.test("a lock whose mtime is an hour in the future is taken over by commands and hooks", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    const bound = await calibratedBoundMs(dir);
    await futureLock(dir, id);
    const stop = await runFaulty(dir, ["hook", "claude", "Stop"], { stdin: "{}" });
    assertEquals(stop.code, 0);
    assert(stop.ms < bound, `Stop hook took ${stop.ms.toFixed(0)} ms (bound ${bound})`);
    // Claude Code's blocked Stop: the reason as Stop's additionalContext.
    assertEquals(
      JSON.parse(stop.stdout).hookSpecificOutput.hookEventName,
      "Stop",
      stop.stdout + stop.stderr,
    );
    await futureLock(dir, id);
    const phase = await runFaulty(dir, ["phase", "2", "complete"]);
    assertEquals(phase.code, 0, phase.stderr);
    assert(phase.ms < bound, `phase took ${phase.ms.toFixed(0)} ms (bound ${bound})`);
    assertStringIncludes(await readText(dir, `.planning/${id}/task_plan.md`), "Phase 3");
  });
});

Deno.test("a fresh lock left by a dead owner is taken over at once, not after the stale limit", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    const bound = await calibratedBoundMs(dir);
    // The owner died: the file is there (fresh mtime) but nobody holds its OS lock.
    await plantLock(dir, id, {
      text: `{"pid":999999,"host":null,"started":"2026-01-01T00:00:00Z"}\n`,
    });
    const r = await runFaulty(dir, ["phase", "2", "complete"]);
    assertEquals(r.code, 0, r.stderr);
    assert(r.ms < bound, `phase took ${r.ms.toFixed(0)} ms: it waited for the stale limit`);
  });
});

Deno.test("a lock older than the stale limit is taken over", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    await plantLock(dir, id, { mtime: new Date(Date.now() - 60_000) });
    const r = await runFaulty(dir, ["ledger", "append", "note", "x"]);
    assertEquals(r.code, 0, r.stderr);
  });
});

Deno.test("a Stop hook waits a few hundred ms at most on a lock a live owner holds, exits 0 and answers", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    const bound = await calibratedBoundMs(dir);
    // This test process is the live owner, holding the lock (and its OS lock) throughout.
    const release = await holdLock(planningLoc(dir, id));
    try {
      for (const host of ["claude", "codex"]) {
        const r = await runFaulty(dir, ["hook", host, "Stop"], { stdin: "{}" });
        assertEquals(r.code, 0, r.stderr);
        assert(r.ms < bound, `${host} Stop took ${r.ms.toFixed(0)} ms (bound ${bound})`);
        // The block could not be recorded, so the stop is allowed: no decision on stdout.
        assert(!r.stdout.includes('"decision"'), r.stdout);
        assertStringIncludes(r.stderr, "lock");
      }
    } finally {
      await release();
    }
  });
});

Deno.test("a command that gives up on a held lock names the holder's pid, start and age", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    const dirLoc = planningLoc(dir, id);
    const release = await holdLock(dirLoc);
    try {
      const err = await assertRejects(() => withLock(dirLoc, () => 1, { waitMs: 150 }));
      const msg = (err as Error).message;
      assertStringIncludes(msg, `held by pid ${Deno.pid} since 20`);
      assert(/\(age \d+\.\d s\)/.test(msg), msg);
      assertStringIncludes(msg, `.planning/${id}/${LOCK_NAME}`);
    } finally {
      await release();
    }
  });
});

Deno.test("the lock file carries an owner token with pid and start time", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    const text = await withLock(
      planningLoc(dir, id),
      () => Deno.readTextFile(`${dir}/.planning/${id}/${LOCK_NAME}`).catch(() => "(locked)"),
    );
    // On Windows the owner's OS lock keeps other handles from reading it; elsewhere the token is there.
    if (text !== "(locked)") {
      const token = JSON.parse(text);
      assertEquals(token.pid, Deno.pid);
      assert(!Number.isNaN(Date.parse(token.started)), text);
    }
  });
});

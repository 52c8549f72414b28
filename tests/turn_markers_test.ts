/**
 * Post-tool turn markers stay bounded however many sessions come and go
 * (issue 12: bounded in size whatever the fault), and live sessions still
 * get the post-tool nudge exactly once per turn. Fires run in process
 * (tests/in_process.ts): the same `run()` as the binary, a thousand times.
 */

import { assert, assertEquals } from "./assert.ts";
import { inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { MAX_TURN_MARKERS, TURN_MARKERS_PRUNE_TO } from "../lib/inject/turn_markers.ts";

const TURNS = ".planning/.cache/turns";
const NUDGE = "record what you did in .planning/p1/progress.md";

/** One Claude Code hook fire of a session; returns its stdout. */
async function fire(
  dir: string,
  session: string,
  event: "PostToolUse" | "UserPromptSubmit",
): Promise<string> {
  const payload = { "session_id": session, cwd: dir, "hook_event_name": event, prompt: "go" };
  const r = await runInProcess(dir, ["hook", "claude", event], { stdin: JSON.stringify(payload) });
  assertEquals([r.code, r.stderr], [0, ""], `${event} of ${session}`);
  return r.stdout;
}

/** Whether a PostToolUse fire of the session nudged (true) or stayed silent (false). */
async function nudged(dir: string, session: string): Promise<boolean> {
  const out = await fire(dir, session, "PostToolUse");
  if (out === "") return false;
  assert(out.includes(NUDGE), `unexpected PostToolUse output: ${out}`);
  return true;
}

async function markerCount(dir: string): Promise<number> {
  const names = (await Array.fromAsync(Deno.readDir(`${dir}/${TURNS}`))).map((e) => e.name);
  return names.filter((n) => /^[0-9a-f]{16}$/.test(n)).length;
}

/** A post-tool fire of `pwf inject` for a session named by PWF_SESSION_ID; returns its stdout. */
async function injectPosttool(dir: string, session: string): Promise<string> {
  const env = { PWF_SESSION_ID: session };
  const r = await runInProcess(dir, ["inject", "--context", "posttool"], { env });
  assertEquals([r.code, r.stderr], [0, ""], `posttool of ${session}`);
  return r.stdout;
}

Deno.test("1000 sessions' post-tool fires leave at most MAX_TURN_MARKERS marker files", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p1/task_plan.md", SAMPLE_PLAN);
    // `pwf inject` runs the hooks' fire (same marker code) without a binding and a receipt
    // per fire, which would triple the time under Wine; the hook path is the next test's.
    for (let i = 0; i < 1000; i++) {
      const out = await injectPosttool(dir, `abandoned-${i}`);
      assert(out.includes(NUDGE), `first fire of session ${i} did not nudge: ${out}`);
    }
    const count = await markerCount(dir);
    assert(count <= MAX_TURN_MARKERS, `${count} marker files`);
    assert(count >= TURN_MARKERS_PRUNE_TO, `pruning removed too much: ${count} left`);
    const all = await Array.fromAsync(Deno.readDir(`${dir}/${TURNS}`));
    assertEquals(all.length, count, "only marker files in .cache/turns");
    // The newest session is still mid-turn (silent); the oldest one's marker went first.
    assertEquals(await injectPosttool(dir, "abandoned-999"), "");
    assert((await injectPosttool(dir, "abandoned-0")).includes(NUDGE));
  });
});

Deno.test("live sessions get the post-tool nudge once per turn while abandoned sessions churn", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p1/task_plan.md", SAMPLE_PLAN);
    const live = ["live-a", "live-b", "live-c", "live-d"];
    let abandoned = 0;
    for (let turn = 0; turn < 6; turn++) {
      const nudges = new Map(live.map((s) => [s, 0]));
      for (const s of live) await fire(dir, s, "UserPromptSubmit");
      for (let call = 0; call < 3; call++) {
        for (const s of live) if (await nudged(dir, s)) nudges.set(s, nudges.get(s)! + 1);
        // Sessions that fire once and are never seen again, between this turn's tool calls.
        for (let k = 0; k < 10; k++) await nudged(dir, `gone-${abandoned++}`);
      }
      for (const s of live) assertEquals(nudges.get(s), 1, `${s}, turn ${turn}`);
      assert(await markerCount(dir) <= MAX_TURN_MARKERS);
    }
    assertEquals(abandoned, 180);
  });
});

Deno.test("markers of the old layout (.cache/posttool-*) are ignored and swept; other cache files stay", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p1/task_plan.md", SAMPLE_PLAN);
    // What earlier versions left: one file per (plan, session) directly in .cache/.
    await writeText(dir, ".planning/.cache/posttool-p1-live", "1\n");
    for (let i = 0; i < 100; i++) {
      await writeText(dir, `.planning/.cache/posttool-p1-old-${i}`, "1\n");
    }
    await writeText(dir, ".planning/.cache/guard-p1", "1 1\n");
    assertEquals(await nudged(dir, "live"), true);
    assertEquals(await nudged(dir, "live"), false);
    const left = (await Array.fromAsync(Deno.readDir(`${dir}/.planning/.cache`)))
      .map((e) => e.name).sort();
    assertEquals(left.filter((n) => n.startsWith("posttool-")), []);
    assert(left.includes("guard-p1"), left.join(" "));
    await fire(dir, "live", "UserPromptSubmit");
    assertEquals(await nudged(dir, "live"), true);
  });
});

Deno.test("a session id too long for a file name still gets its nudge once per turn", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p1/task_plan.md", SAMPLE_PLAN);
    const session = "s".repeat(5000);
    assert((await injectPosttool(dir, session)).includes(NUDGE));
    assertEquals(await injectPosttool(dir, session), "");
    const env = { PWF_SESSION_ID: session };
    await runInProcess(dir, ["inject", "--context", "userprompt"], { env });
    assert((await injectPosttool(dir, session)).includes(NUDGE));
  });
});

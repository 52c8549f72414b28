/**
 * The promise, end to end on every host that carries a Stop gate (issue 24):
 * `init --gated`, fill in the Goal, follow the printed next steps, complete
 * phase 1; from then on every Stop blocks until the plan is really done, the
 * command each block reason suggests moves the plan forward (a later phase
 * starts), and the escape valves (stall, cap) still release the Stop.
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { inProject, readText, REPO, runPwf, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { HOSTS } from "../lib/hosts/mod.ts";

const PAYLOADS = `${REPO}/tests/testdata/payloads`;
const STOPS = HOSTS.flatMap((h) =>
  h.events.filter((e) => e.op === "stop").map((e) => [h.name, e.name] as const)
);

/** Follow `pwf init --gated` exactly as its output says: fill in the Goal, then the printed commands. */
async function newGatedPlan(dir: string): Promise<string> {
  const init = await runPwf(dir, ["init", "Ship it", "--gated"]);
  assertEquals(init.code, 0, init.stderr);
  const id = /Created plan (\S+)/.exec(init.stdout)?.[1] ?? "";
  const rel = `.planning/${id}/task_plan.md`;
  const text = await readText(dir, rel);
  await writeText(dir, rel, text.replace(/## Goal\n\[[^\n]*\]/, "## Goal\nThe parser ships."));
  for (const [, command] of init.stdout.matchAll(/then run "pwf ([a-z]+)"/g)) {
    const r = await runPwf(dir, [command as string]);
    assertEquals(r.code, 0, `pwf ${command}: ${r.stderr}`);
  }
  return id;
}

/** The suggested command in a block reason (`pwf phase N complete|in_progress`). */
function suggested(out: string): string[] | null {
  const m = /pwf (phase \d+ (?:complete|in_progress))/.exec(out);
  return m ? m[1]!.split(" ") : null;
}

async function currentPhases(dir: string): Promise<{ complete: number; active: number[] }> {
  const j = JSON.parse((await runInProcess(dir, ["status", "--json"])).stdout);
  // deno-lint-ignore no-explicit-any
  const phases = j.phases as any[];
  return {
    complete: phases.filter((p) => p.status === "complete").length,
    active: phases.filter((p) => p.status === "in_progress").map((p) => p.number),
  };
}

for (const [host, event] of STOPS) {
  Deno.test(`${host} ${event}: a gated plan holds every Stop until it is done, and each block's advice moves it forward`, async () => {
    await inProject(async (dir) => {
      const payload = await Deno.readTextFile(`${PAYLOADS}/${host}.${event}.json`);
      const stop = () => runPwf(dir, ["hook", host, event], { stdin: payload });
      await newGatedPlan(dir);
      const first = await runPwf(dir, ["phase", "1", "complete"]);
      assertEquals(first.code, 0, first.stderr);
      assertEquals((await currentPhases(dir)).active, [2]);
      let blocks = 0;
      for (;;) {
        const r = await stop();
        if (!r.stdout.includes("Gated plan incomplete")) {
          // Allowed: only once every phase is complete.
          assertEquals((await runPwf(dir, ["check"])).code, 0, `${host}: allowed at ${r.stdout}`);
          break;
        }
        blocks++;
        assertNotIncludes(r.stdout, "PLAN_ID");
        const next = suggested(r.stdout);
        assert(next !== null, `${host}: no command in ${r.stdout}`);
        const before = await currentPhases(dir);
        const run = await runPwf(dir, next);
        assertEquals(run.code, 0, run.stderr);
        const after = await currentPhases(dir);
        assert(
          after.complete > before.complete || after.active.length > before.active.length,
          `${host}: "pwf ${next.join(" ")}" did not move the plan (${JSON.stringify(after)})`,
        );
        assert(blocks < 10, `${host}: never released`);
      }
      assertEquals(blocks, 4, `${host}: one block per remaining phase`);
    });
  });
}

Deno.test("a gated Stop with no progress since the last block is released (stall), and the cap still applies", async () => {
  await inProject(async (dir) => {
    const payload = await Deno.readTextFile(`${PAYLOADS}/claude.Stop.json`);
    const stop = (env: Record<string, string> = {}) =>
      runPwf(dir, ["hook", "claude", "Stop"], { stdin: payload, env });
    await newGatedPlan(dir);
    await runPwf(dir, ["phase", "1", "complete"]);
    assertStringIncludes((await stop()).stdout, "Gated plan incomplete");
    const stalled = await stop();
    assertNotIncludes(stalled.stdout, "Gated plan incomplete");
    assertEquals((await runPwf(dir, ["ledger", "append", "note", "did work"])).code, 0);
    assertStringIncludes((await stop({ PWF_GATE_CAP: "1" })).stdout, "Gated plan incomplete");
    await runPwf(dir, ["ledger", "append", "note", "more work"]);
    assertNotIncludes((await stop({ PWF_GATE_CAP: "1" })).stdout, "Gated plan incomplete");
  });
});

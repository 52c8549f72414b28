/**
 * A full disk (issue 12, item 12): a failed operation leaves the tree as it
 * was (no empty lock, no temp file, no empty plan directory), hooks still
 * exit 0 with valid output, and once there is room again nothing is left
 * waiting. Needs a small tmpfs, so it runs as root on Linux only.
 */
import { assert, assertEquals } from "./assert.ts";
import { assertNoLeftovers, attestedPlan, SAMPLE_PLAN } from "./helpers.ts";
import { fillDisk, runFaulty, smallTmpfs } from "./faults.ts";
import { isLinuxRoot, skipWhen } from "./skip.ts";

async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(`${dir}/${rel}`)) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (p === "filler") continue;
      const info = await Deno.lstat(`${dir}/${p}`);
      out.push(`${p} ${info.isDirectory ? "dir" : info.size}`);
      if (info.isDirectory) await walk(p);
    }
  }
  await walk("");
  return out.sort();
}

Deno.test(skipWhen(
  !isLinuxRoot(),
  "a full disk is simulated with a small tmpfs, which needs root on Linux",
  {
    name:
      "on a full disk every command fails cleanly, hooks still answer, and nothing is left behind",
    fn: async () => {
      const { dir, cleanup } = await smallTmpfs("pwf-full-", 200);
      try {
        const id = await attestedPlan(dir, SAMPLE_PLAN);
        const filler = await fillDisk(dir);
        const before = await tree(dir);
        const planBefore = await Deno.readTextFile(`${dir}/.planning/${id}/task_plan.md`);
        for (
          const args of [
            ["init", "Another"],
            ["phase", "2", "complete"],
            ["ledger", "append", "note", "x".repeat(3000)],
            ["use", id],
          ]
        ) {
          const r = await runFaulty(dir, args);
          assert(r.code !== 0, `${args[0]} succeeded on a full disk`);
          assertEquals(r.stderr.trim().split("\n").length, 1, r.stderr);
          assert(!/bug in pwf/.test(r.stderr), r.stderr);
          assertEquals(await tree(dir), before, `${args[0]} left debris`);
        }
        for (const [host, event] of [["claude", "UserPromptSubmit"], ["claude", "Stop"]]) {
          const r = await runFaulty(dir, ["hook", host!, event!], { stdin: "{}" });
          assertEquals(r.code, 0, `${host} ${event}: ${r.stderr}`);
          if (r.stdout.trim()) JSON.parse(r.stdout);
        }
        assertEquals(await Deno.readTextFile(`${dir}/.planning/${id}/task_plan.md`), planBefore);
        await assertNoLeftovers(dir);
        // Room again: the next writer goes straight through (no stale lock to wait out).
        await Deno.remove(filler);
        const t0 = performance.now();
        const phase = await runFaulty(dir, ["phase", "2", "complete"]);
        assertEquals(phase.code, 0, phase.stderr);
        assert(performance.now() - t0 < 4000, "the next writer waited on a lock");
        await assertNoLeftovers(dir);
      } finally {
        await cleanup();
      }
    },
  },
));

/**
 * Cross-implementation: the original planning-with-files, installed from npm
 * by `deno task e2e` (e2e/hosts/mod.ts ORIGINAL), counts the phases of
 * English plans that pwf wrote and edited exactly as `pwf check` does. Its
 * translated scripts are not on npm; their counting rules live in
 * lib/core/plan/labels.ts and are tested there (docs/languages.md).
 */

import { assertEquals } from "../tests/assert.ts";
import { initPlan, inProject, readText, runPwf, writeText } from "../tests/helpers.ts";

const SCRIPT = Deno.env.get("E2E_ORIGINAL_SCRIPT");
if (!SCRIPT) throw new Error("E2E_ORIGINAL_SCRIPT is not set: run with `deno task e2e`");

interface Counts {
  readonly total: number;
  readonly complete: number;
  readonly inProgress: number;
  readonly pending: number;
}

/** What the original's advisory check-complete.sh reports for one plan file. */
async function theirs(file: string): Promise<Counts> {
  const out = await new Deno.Command("bash", {
    args: [SCRIPT!, file],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, text);
  const done = /\((\d+)\/(\d+)(?: phases complete)?\)/.exec(text);
  const n = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  return {
    total: Number(done?.[2] ?? 0),
    complete: Number(done?.[1] ?? 0),
    inProgress: n(/(\d+) phase\(s\) still in progress/),
    pending: n(/(\d+) phase\(s\) pending/),
  };
}

/** What `pwf check --json` reports for the active plan. */
async function ours(dir: string): Promise<Counts> {
  const r = JSON.parse((await runPwf(dir, ["check", "--json"])).stdout);
  return {
    total: r.total,
    complete: r.complete,
    inProgress: r.inProgress.length,
    pending: r.pending.length,
  };
}

async function assertSameCounts(dir: string, id: string, step: string): Promise<void> {
  const file = `${dir}/.planning/${id}/task_plan.md`;
  assertEquals(await theirs(file), await ours(dir), `${id}: ${step}`);
}

const EDITS: readonly (readonly [string, string])[] = [
  ["1", "complete"],
  ["2", "in_progress"],
  ["2", "complete"],
  ["4", "in_progress"],
  ["3", "complete"],
  ["4", "complete"],
  ["5", "complete"],
];

for (const flags of [[], ["--template", "analytics"], ["--gated"], ["--autonomous"]]) {
  Deno.test(`original: check-complete.sh counts a plan pwf init ${flags.join(" ")} wrote and pwf phase edited as pwf check does`, async () => {
    await inProject(async (dir) => {
      const id = await initPlan(dir, ["Cross", ...flags]);
      await assertSameCounts(dir, id, "as written");
      const total = (await ours(dir)).total;
      for (const [n, status] of EDITS.filter(([n]) => Number(n) <= total)) {
        // Starting a phase while another is in progress needs --switch (issue 24).
        const args = status === "in_progress"
          ? ["phase", n, status, "--switch"]
          : ["phase", n, status];
        const r = await runPwf(dir, args);
        assertEquals(r.code, 0, `pwf ${args.join(" ")}: ${r.stderr}`);
        await assertSameCounts(dir, id, `after phase ${n} ${status}`);
      }
    });
  });
}

Deno.test("original: check-complete.sh counts inline [status] phases as pwf check does", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Inline"]);
    const text = "# Task Plan: Inline\n\n## Goal\nG\n\n### Phase 1: A [complete]\n\n" +
      "### Phase 2: B [in_progress]\n\n### Phase 3: C [pending]\n";
    await writeText(dir, `.planning/${id}/task_plan.md`, text);
    await assertSameCounts(dir, id, "inline");
    assertEquals((await runPwf(dir, ["phase", "2", "complete"])).code, 0);
    assertEquals(
      (await readText(dir, `.planning/${id}/task_plan.md`)).includes("B [complete]"),
      true,
    );
    await assertSameCounts(dir, id, "inline, edited");
  });
});

/**
 * Issue 26 item 9: unbounded text. A 30,000-character PLAN_ID gave a
 * 60,225-character `status` line, and `PWF_MAX_INJECT_CHARS=1000` was
 * exceeded (1,459 characters around an empty plan frame) on Claude and Codex
 * with long plan ids and several open plans. Every fire of every host now
 * stays within the budget (a final cut, never inside a frame), and every
 * printed line within its documented maximum.
 */

import { OUTPUT_LINE_MAX } from "../lib/core/text/display.ts";
import { HOSTS } from "../lib/hosts/mod.ts";
import { assert, assertEquals } from "./assert.ts";
import { inProject, REPO, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const BUDGET = 1000;

/** The longest string in a host's answer: its context (the whole text when it is no JSON). */
function longestText(stdout: string): number {
  let v: unknown;
  try {
    v = JSON.parse(stdout);
  } catch {
    return stdout.length;
  }
  let most = 0;
  const walk = (x: unknown): void => {
    if (typeof x === "string") most = Math.max(most, x.length);
    else if (x && typeof x === "object") Object.values(x).forEach(walk);
  };
  walk(v);
  return most;
}

/** Long ids, short enough that `<temp dir>/.planning/<id>/task_plan.md` fits Windows' MAX_PATH. */
const LONG_ID = Deno.build.os === "windows" ? 150 : 200;

Deno.test("every host's every event stays within PWF_MAX_INJECT_CHARS with long plan ids and four open plans", async () => {
  await inProject(async (dir) => {
    const ids = [1, 2, 3, 4].map((i) => `p${i}-${"y".repeat(LONG_ID)}`);
    for (const id of ids) await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    await writeText(dir, ".planning/.active_plan", `${ids[0]}\n`);
    for (const host of HOSTS) {
      for (const event of host.events) {
        const payload = await Deno.readTextFile(
          `${REPO}/tests/testdata/payloads/${host.name}.${event.name}.json`,
        ).catch(() => "{}");
        const r = await runInProcess(dir, ["hook", host.name, event.name], {
          stdin: payload,
          env: { PWF_MAX_INJECT_CHARS: String(BUDGET) },
        });
        assertEquals(r.code === 0 || host.name === "mastra", true, r.stderr);
        const n = longestText(r.stdout);
        assert(n <= BUDGET, `${host.name} ${event.name}: ${n} characters of context`);
      }
    }
  });
});

Deno.test("a 30,000-character PLAN_ID gives one bounded diagnostic line", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/a/task_plan.md", SAMPLE_PLAN);
    for (const id of ["x".repeat(30_000), "x".repeat(300)]) {
      const r = await runPwf(dir, ["status"], { env: { PLAN_ID: id } });
      assertEquals(r.code, 5);
      assertEquals(r.stdout, "");
      const lines = r.stderr.split("\n").filter((l) => l !== "");
      assertEquals(lines.length, 1, r.stderr);
      assert(lines[0]!.length <= 300, `a ${lines[0]!.length}-character line`);
    }
  });
});

Deno.test("status, check and lint print every line within OUTPUT_LINE_MAX for 30,000-character titles", async () => {
  await inProject(async (dir) => {
    const long = "T".repeat(30_000);
    const plan = SAMPLE_PLAN.replace("# Task Plan: Sample", `# Task Plan: ${long}`)
      .replace("### Phase 3: Test", `### Phase 3: ${long}`)
      .replace("Ship the sample feature with tests.", long)
      .replace("- **Status:** pending", `- **Status:** ${long}`);
    await writeText(dir, ".planning/a/task_plan.md", plan);
    for (const argv of [["status"], ["check"], ["lint"]]) {
      const r = await runPwf(dir, argv);
      for (const line of (r.stdout + r.stderr).split("\n")) {
        assert(line.length <= OUTPUT_LINE_MAX, `${argv[0]}: a ${line.length}-character line`);
      }
    }
  });
});

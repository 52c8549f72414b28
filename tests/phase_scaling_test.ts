/**
 * Issue 12 item 13 / issue 16: the cost of every hook tier (and of status,
 * lint and check) is linear in the number of phases. Measured in process
 * (the whole `pwf hook claude <event>` path through run(), with the files on
 * disk; CPU time, not wall time), not against a clock budget: doubling the phases may at most ~2.5x
 * the time (a quadratic step gives ~4x). Absolute figures for 100k phases
 * come from `deno task bench` (docs/performance.md).
 */

import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { phasePlan } from "../bench/plans.ts";
import { assert } from "./assert.ts";
import { tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { cpuTick, MAX_RATIO, timeRatio } from "./scaling.ts";

const N = 8000;

async function project(dir: string, phases: number, gated: boolean): Promise<void> {
  const plan = phasePlan(phases);
  await Deno.remove(`${dir}/.planning`, { recursive: true }).catch(() => {});
  await writeText(dir, ".planning/p/task_plan.md", plan);
  await writeText(dir, ".planning/p/progress.md", "# Progress\n- started\n");
  await writeText(dir, ".planning/.active_plan", "p\n");
  if (gated) {
    await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
    await writeText(dir, ".planning/p/.attestation", attestationText(await sha256Hex(plan)));
  }
}

const payload = (event: string) =>
  JSON.stringify({ session_id: "s", hook_event_name: event, prompt: "go", tool_name: "Edit" });

interface Case {
  readonly name: string;
  readonly argv: string[];
  readonly stdin: string;
}

const CASES: Case[] = [
  ...["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PreCompact", "Stop"].map(
    (e) => ({ name: `hook claude ${e}`, argv: ["hook", "claude", e], stdin: payload(e) }),
  ),
  { name: "status", argv: ["status"], stdin: "" },
  { name: "lint", argv: ["lint"], stdin: "" },
  { name: "check", argv: ["check"], stdin: "" },
];

for (const gated of [false, true]) {
  Deno.test(`${gated ? "gated, attested" : "interactive"} plan: doubling the phases at most ~2.5x the in-process time of every hook tier, status, lint and check`, async () => {
    const small = await tempProject("pwf-scale-");
    const large = await tempProject("pwf-scale-");
    try {
      await project(small.dir, N, gated);
      await project(large.dir, 2 * N, gated);
      const tick = cpuTick();
      for (const c of CASES) {
        const run = (dir: string) => () => runInProcess(dir, c.argv, { stdin: c.stdin });
        // JIT warmed at both sizes, batched runs, remeasured while over the bound (scaling.ts).
        const { ratio, report } = await timeRatio(tick, run(small.dir), run(large.dir));
        // deno-lint-ignore no-console
        if (Deno.env.get("PWF_SCALE_REPORT")) console.log(`${c.name}: ${report}`);
        assert(ratio <= MAX_RATIO, `${c.name} is superlinear in the phase count: ${report}`);
      }
    } finally {
      await small.cleanup();
      await large.cleanup();
    }
  });
}

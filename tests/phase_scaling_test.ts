/**
 * Issue 12 item 13 / issue 16: the cost of every hook tier (and of status,
 * lint and check) is linear in the number of phases. Measured in process
 * (the whole `pwf hook claude <event>` path through run(), with the files on
 * disk; CPU time, not wall time), not against a clock budget: doubling the phases may at most ~2.5x
 * the time (a quadratic step gives ~4x). Absolute figures for 100k phases
 * come from `deno task bench` (docs/performance.md).
 */

import { cpuUsage } from "node:process";
import { attestationText } from "../lib/core/attestation.ts";
import { sha256Hex } from "../lib/core/sha256.ts";
import { phasePlan } from "../bench/plans.ts";
import { assert } from "./assert.ts";
import { tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

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

const CASES: { name: string; argv: string[]; stdin: string }[] = [
  ...["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PreCompact", "Stop"].map(
    (e) => ({ name: `hook claude ${e}`, argv: ["hook", "claude", e], stdin: payload(e) }),
  ),
  { name: "status", argv: ["status"], stdin: "" },
  { name: "lint", argv: ["lint"], stdin: "" },
  { name: "check", argv: ["check"], stdin: "" },
];

/**
 * CPU time (ms) of one in-process run: user + system time of this process, so that time the
 * scheduler gives other processes (seven people share two cores here) does not count.
 */
async function timeOnce(dir: string, argv: string[], stdin: string): Promise<number> {
  const t0 = cpuUsage();
  await runInProcess(dir, argv, { stdin });
  const d = cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

for (const gated of [false, true]) {
  Deno.test(`${gated ? "gated, attested" : "interactive"} plan: doubling the phases at most ~2.5x the in-process time of every hook tier, status, lint and check`, async () => {
    const small = await tempProject("pwf-scale-");
    const large = await tempProject("pwf-scale-");
    try {
      await project(small.dir, N, gated);
      await project(large.dir, 2 * N, gated);
      const report: string[] = [];
      for (const c of CASES) {
        // Warm the JIT on this path at both sizes first: cold code runs 10-20x slower and
        // would swamp the comparison.
        for (let k = 0; k < 3; k++) {
          await timeOnce(small.dir, c.argv, c.stdin);
          await timeOnce(large.dir, c.argv, c.stdin);
        }
        let ratio = Infinity;
        // Noise (GC pauses, other processes) only adds time to single runs: take the minimum of
        // five alternating runs per size, and remeasure (at most twice) before calling a ratio
        // over 2.5 real. A quadratic step is ~4x every time.
        for (let round = 0; round < 3 && ratio > 2.5; round++) {
          let a = Infinity, b = Infinity;
          for (let k = 0; k < 5; k++) {
            a = Math.min(a, await timeOnce(small.dir, c.argv, c.stdin));
            b = Math.min(b, await timeOnce(large.dir, c.argv, c.stdin));
          }
          ratio = Math.min(ratio, b / Math.max(a, 0.05));
          report.push(
            `${c.name}: ${a.toFixed(1)} ms -> ${b.toFixed(1)} ms (${(b / a).toFixed(2)}x)`,
          );
        }
        // deno-lint-ignore no-console
        if (Deno.env.get("PWF_SCALE_REPORT")) console.log(report.at(-1));
        assert(ratio <= 2.5, `${c.name} is superlinear in the phase count:\n${report.join("\n")}`);
      }
    } finally {
      await small.cleanup();
      await large.cleanup();
    }
  });
}

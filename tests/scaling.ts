/**
 * In-process linear-time checks (tests/phase_scaling_test.ts for the phase
 * count, issue 26 item 1 for hostile plan shapes): CPU time of this
 * process (user + system, so time the scheduler gives other processes does
 * not count) per run at two input sizes, minimum of alternating samples,
 * remeasured before a ratio over the bound is called real. Never a bare
 * wall-clock bound.
 * @module
 */

import { cpuUsage } from "node:process";

/** The most doubling the input may multiply the time by (a quadratic step gives ~4x). */
export const MAX_RATIO = 2.5;

/**
 * The bound for inputs of several hundred thousand short lines (the hostile
 * runs of "\n" and "\r"): the garbage of that many line strings alone read
 * 2.6-3.0x for a linear session start on a 2-core VM, in a fresh test process;
 * a quadratic step still reads ~4x.
 */
export const MAX_RATIO_MANY_LINES = 3.2;

async function cpuPerRun(run: () => unknown, repeat: number): Promise<number> {
  const t0 = cpuUsage();
  for (let k = 0; k < repeat; k++) await run();
  const d = cpuUsage(t0);
  return (d.user + d.system) / 1000 / repeat;
}

/**
 * The CPU clock's step in ms: about a microsecond on Linux, 10-16 ms on Windows (and in the Wine
 * lane), where a single fire reads as 0, 10, 20 or 30 ms and a ratio of two single fires says
 * nothing (CI once saw "10 ms -> 30 ms (3.00x)" for lint).
 */
export function cpuTick(): number {
  let tick = 0;
  for (let i = 0; i < 3; i++) {
    const t0 = cpuUsage();
    const wall = performance.now();
    let d = 0;
    while (d === 0 && performance.now() - wall < 500) {
      const u = cpuUsage(t0);
      d = (u.user + u.system) / 1000;
    }
    tick = Math.max(tick, d);
  }
  return tick;
}

/**
 * The time ratio of `large` (twice the input) to `small`, with the readings
 * behind it: JIT warmed at both sizes, runs batched until a batch spans 20
 * clock steps (at most 64 runs), then up to twelve rounds while the ratio
 * stays over `bound` (noise only adds time; a quadratic step is ~4x every
 * time, and every round).
 */
export async function timeRatio(
  tick: number,
  small: () => unknown,
  large: () => unknown,
  bound = MAX_RATIO,
): Promise<{ ratio: number; report: string }> {
  for (let k = 0; k < 3; k++) {
    await cpuPerRun(small, 1);
    await cpuPerRun(large, 1);
  }
  let repeat = 1;
  while (repeat < 64 && (await cpuPerRun(small, repeat)) * repeat < 20 * tick) repeat *= 2;
  const floor = Math.max(0.05, (2 * tick) / repeat);
  const samples = repeat === 1 ? 9 : 3;
  let ratio = Infinity;
  let report = "";
  // Up to twelve rounds: the first input measured in a fresh process can read over 3x for
  // thirty-odd runs while V8's compiler threads (their CPU is this process's) settle.
  for (let round = 0; round < 12 && ratio > bound; round++) {
    let a = Infinity, b = Infinity;
    for (let k = 0; k < samples; k++) {
      a = Math.min(a, await cpuPerRun(small, repeat));
      b = Math.min(b, await cpuPerRun(large, repeat));
    }
    ratio = Math.min(ratio, b / Math.max(a, floor));
    report = `${a.toFixed(2)} ms -> ${b.toFixed(2)} ms (${(b / a).toFixed(2)}x; ${repeat} run(s) ` +
      `per sample, clock step ${tick.toFixed(3)} ms)`;
  }
  return { ratio, report };
}

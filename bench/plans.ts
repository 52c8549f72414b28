/**
 * Synthetic plans for the benchmarks: five-phase plans padded to a size,
 * with phase 3 in progress.
 * @module
 */

/** A plan of about `bytes` bytes (at least the five-phase skeleton). */
export function syntheticPlan(bytes: number): string {
  const head =
    "# Task Plan: Bench\n\n## Goal\nMeasure pwf.\n\n## Next Step\nRun the bench.\n\n## Current Phase\nPhase 3\n\n## Phases\n\n";
  const perPhase = Math.max(0, Math.floor((bytes - head.length) / 5));
  const item = "- [ ] do one more small, verifiable step of the work\n";
  const fill = item.repeat(Math.max(1, Math.floor(perPhase / item.length)));
  const status = (n: number) => n < 3 ? "complete" : n === 3 ? "in_progress" : "pending";
  let out = head;
  for (let n = 1; n <= 5; n++) {
    out += `### Phase ${n}: Step ${n}\n${fill}- **Status:** ${status(n)}\n\n`;
  }
  return out;
}

/**
 * A plan with `n` phases of about 38 bytes each (100k phases: ~3.7 MiB, under
 * the 4 MiB read cap), phases 1-2 complete, 3 in progress, the rest pending.
 */
export function phasePlan(n: number): string {
  const parts = [
    "# Task Plan: Many phases\n\n## Goal\nScale.\n\n## Next Step\nGo on.\n\n## Current Phase\nPhase 3\n\n## Phases\n\n",
  ];
  for (let i = 1; i <= n; i++) {
    const status = i < 3 ? "complete" : i === 3 ? "in_progress" : "pending";
    parts.push(`### Phase ${i}\n- **Status:** ${status}\n`);
  }
  return parts.join("");
}

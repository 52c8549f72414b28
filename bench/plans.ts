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

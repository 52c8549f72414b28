/**
 * Synthetic plans for the benchmarks: five-phase plans padded to a size,
 * with phase 3 in progress, in the shapes of issue 32 (long and short lines,
 * CJK and Arabic text, padding in one completed phase), plus a long
 * progress.md and a run ledger of many records. Pure.
 * @module
 */

import { recordLine } from "../lib/core/ledger/records.ts";

const HEAD =
  "# Task Plan: Bench\n\n## Goal\nMeasure pwf.\n\n## Next Step\nRun the bench.\n\n## Current Phase\nPhase 3\n\n## Phases\n\n";

/** The checklist line of the typical fixture. */
export const ITEM = "- [ ] do one more small, verifiable step of the work\n";

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** The status of phase `n` of five: 1-2 complete, 3 in progress, 4-5 pending. */
const status = (n: number) => n < 3 ? "complete" : n === 3 ? "in_progress" : "pending";

/**
 * A plan of about `bytes` UTF-8 bytes (at least the five-phase skeleton), each
 * phase filled with copies of `item` (one line, ending in `\n`).
 */
export function syntheticPlan(bytes: number, item: string = ITEM): string {
  const perPhase = Math.max(0, Math.floor((bytes - HEAD.length) / 5));
  const fill = item.repeat(Math.max(1, Math.floor(perPhase / utf8Length(item))));
  let out = HEAD;
  for (let n = 1; n <= 5; n++) {
    out += `### Phase ${n}: Step ${n}\n${fill}- **Status:** ${status(n)}\n\n`;
  }
  return out;
}

/** Checklist lines of the plan shapes: long (~2 KiB) and short lines, CJK and Arabic text. */
export const LINES = {
  long: `- [ ] ${"check one more detail of the long requirement ".repeat(44).trimEnd()}\n`,
  short: "- x\n",
  cjk: "- [ ] 把了解到的内容记到发现文件中，然后以可验证的小步完成工作。\n",
  arabic: "- [ ] أنجز خطوة صغيرة أخرى من العمل يمكن التحقق منها ثم سجلها\n",
} as const;

/**
 * A typical plan (`base` bytes) whose first, completed phase is padded with
 * checked items up to about `bytes` UTF-8 bytes in all.
 */
export function paddedPlan(bytes: number, base = 5 * 1024): string {
  const plan = syntheticPlan(base);
  const done = "- [x] a step finished long ago, kept for the record\n";
  const missing = Math.max(0, bytes - utf8Length(plan));
  const at = plan.indexOf("- **Status:** complete");
  return plan.slice(0, at) + done.repeat(Math.floor(missing / done.length)) + plan.slice(at);
}

/** A progress.md of about `bytes` bytes: session headings, each with a few entries. */
export function progressText(bytes: number): string {
  const parts = ["# Progress\n"];
  let size = parts[0]!.length;
  for (let n = 1; size < bytes; n++) {
    const part = `\n## Session ${n}\n- edited src/module_${n}.ts and ran the tests\n` +
      `- tests: 42 passed, 0 failed\n- next: the following step of phase 3\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join("");
}

/** A run ledger of `n` progress records of agent `main` (`ledger-main.jsonl`). */
export function ledgerText(n: number): string {
  const lines: string[] = [];
  for (let tick = 1; tick <= n; tick++) {
    lines.push(recordLine({
      tick,
      ts: "2026-12-01T12:00:00Z",
      agent: "main",
      phase: "Phase 3",
      event: "progress",
      summary: `step ${tick}: edited src/a.ts, tests green`,
      files: ["src/a.ts"],
    }));
  }
  return lines.join("");
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
    const st = i < 3 ? "complete" : i === 3 ? "in_progress" : "pending";
    parts.push(`### Phase ${i}\n- **Status:** ${st}\n`);
  }
  return parts.join("");
}

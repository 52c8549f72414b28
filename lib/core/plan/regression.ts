/**
 * The regression guard (SPEC 5.5): a plan that lost checked items or
 * completed phases since the previous fire gets one advisory line.
 * @module
 */

import { NOTICES, type Notices } from "./notices.ts";

/** Counts the guard compares. */
export interface GuardCounts {
  readonly checked: number;
  readonly complete: number;
}

/**
 * The advisory line (in the plan's language, `say`) when counts dropped since `previous` (the stored
 * "checked complete" text; null on the first fire), else null.
 * @example
 * ```ts
 * import { regressionLine } from "./regression.ts";
 * if (regressionLine("p", "3 2\n", { checked: 3, complete: 1 }) === null) throw new Error();
 * if (regressionLine("p", null, { checked: 0, complete: 0 }) !== null) throw new Error();
 * ```
 */
export function regressionLine(
  display: string,
  previous: string | null,
  now: GuardCounts,
  say: Notices = NOTICES.en,
): string | null {
  const m = previous === null ? null : /^(\d+) (\d+)\s*$/.exec(previous);
  if (!m) return null;
  const lostChecked = Math.max(0, Number(m[1]) - now.checked);
  const lostComplete = Math.max(0, Number(m[2]) - now.complete);
  if (lostChecked === 0 && lostComplete === 0) return null;
  return `[planning-with-files] PLAN REGRESSED: ${
    say.regressed(display, lostChecked, lostComplete)
  }`;
}

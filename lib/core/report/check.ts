/**
 * The completion report of `pwf check` (and the advisory text of the Stop
 * hooks): one result object, a text and a JSON renderer.
 * @module
 */

import { displayJoin, OUTPUT_LINE_MAX, type PathOs, printable } from "../text/display.ts";
import { type Finding, lintCounts } from "../plan/lint.ts";
import { countPhases, type Phase, type PhaseCounts, type Plan } from "../plan/parse.ts";

/** A phase as the report names it. */
export interface PhaseRef {
  readonly number: number;
  readonly title: string;
  /** The status as written (`missing` when there is no status line). */
  readonly status: string;
}

/** What `pwf check` reports. */
export interface CheckReport {
  /** Display path of the plan directory. */
  readonly plan: string;
  readonly counts: PhaseCounts;
  readonly inProgress: readonly PhaseRef[];
  readonly pending: readonly PhaseRef[];
  /** Phases whose status is not pending, in_progress or complete. */
  readonly unknown: readonly PhaseRef[];
  readonly lintErrors: number;
  readonly lintWarnings: number;
  /** The first lint ERROR, if any. */
  readonly firstError: Finding | null;
}

function ref(p: Phase): PhaseRef {
  const status = p.status === "unknown" ? p.rawStatus : p.status;
  return { number: p.number, title: p.title, status };
}

/** Build the report for a parsed plan and its lint findings. */
export function checkReport(plan: string, parsed: Plan, findings: readonly Finding[]): CheckReport {
  const of = (...s: string[]) => parsed.phases.filter((p) => s.includes(p.status)).map(ref);
  const { errors, warnings } = lintCounts(findings);
  return {
    plan,
    counts: countPhases(parsed),
    inProgress: of("in_progress"),
    pending: of("pending"),
    unknown: of("unknown", "missing"),
    lintErrors: errors,
    lintWarnings: warnings,
    firstError: findings.find((f) => f.severity === "ERROR") ?? null,
  };
}

/**
 * Whether phases remain: exit 3 for `pwf check` (a plan without phases has none).
 * @example
 * ```ts
 * import { phasesRemain } from "./check.ts";
 * if (!phasesRemain({ counts: { total: 2, complete: 1, inProgress: 1, pending: 0, unknown: 0 } })) throw new Error();
 * ```
 */
export function phasesRemain(r: Pick<CheckReport, "counts">): boolean {
  return r.counts.total > 0 && r.counts.complete < r.counts.total;
}

function names(phases: readonly PhaseRef[], withStatus = false): string {
  return phases.map((p) =>
    `Phase ${p.number}${p.title ? `: ${p.title}` : ""}${
      withStatus ? ` (${p.status === "missing" ? "no status line" : `"${p.status}"`})` : ""
    }`
  ).join(", ");
}

/**
 * The report as lines of text (no trailing newline on the last), the plan's
 * path in the form of `os` (the gate's text for the model passes "posix").
 */
export function checkLines(r: CheckReport, os: PathOs): string[] {
  const c = r.counts;
  const file = displayJoin(os, r.plan, "task_plan.md");
  if (c.total === 0) {
    return [
      `No phases in ${file}: nothing to check (phases are "### Phase N: <title>" headings; see "pwf lint").`,
    ];
  }
  const lines = c.complete === c.total
    ? [
      `ALL PHASES COMPLETE (${c.complete}/${c.total}) in ${file}. If there is more work, add phases to task_plan.md.`,
    ]
    : [`Task in progress (${c.complete}/${c.total} phases complete) in ${file}.`];
  if (r.inProgress.length) lines.push(`  in progress: ${names(r.inProgress)}`);
  if (r.pending.length) lines.push(`  pending: ${r.pending.length} (${names(r.pending)})`);
  if (r.unknown.length) lines.push(`  unknown status: ${names(r.unknown, true)}`);
  if (r.firstError) {
    lines.push(
      `Plan structure: ${r.lintErrors} lint error${
        r.lintErrors === 1 ? "" : "s"
      }, the first at line ${r.firstError.line}: ${r.firstError.message}. Run "pwf lint" for all.`,
    );
  }
  return lines.map((line) => printable(line, OUTPUT_LINE_MAX));
}

/** The report as a JSON-ready object (without schemaVersion). */
export function checkJson(r: CheckReport): Record<string, unknown> {
  return {
    plan: r.plan,
    total: r.counts.total,
    complete: r.counts.complete,
    remaining: r.counts.total - r.counts.complete,
    allComplete: r.counts.total > 0 && r.counts.complete === r.counts.total,
    inProgress: r.inProgress,
    pending: r.pending,
    unknown: r.unknown,
    lint: { errors: r.lintErrors, warnings: r.lintWarnings },
  };
}

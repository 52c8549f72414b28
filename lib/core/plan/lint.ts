/**
 * The structural check of task_plan.md (SPEC section 11), pure: findings
 * `ERROR|WARN <line>: <msg>` with 1-based line numbers. ERROR marks what
 * breaks counting or the gate; WARN marks content still to fill in or keep
 * in step (docs/lint.md).
 * @module
 */

import { OUTPUT_LINE_MAX, printable } from "../text/display.ts";
import { unclosedComment } from "../text/visible_lines.ts";
import { currentPhaseNumber } from "./edit.ts";
import type { Labels } from "./labels.ts";
import { planLanguage } from "./language.ts";
import type { Phase, Plan } from "./parse.ts";
import { unreadPhaseHeadings } from "./unread_headings.ts";
import { CHECK_LABEL, planChecks } from "../verify/checks.ts";

/** How bad a finding is. */
export type Severity = "ERROR" | "WARN";

/** One lint finding. */
export interface Finding {
  readonly severity: Severity;
  /** 1-based line number (1 for whole-file findings). */
  readonly line: number;
  readonly message: string;
}

const PLACEHOLDER_REGEXP = /^\[[^\]]*\]$/;

function goalFindings(plan: Plan, labels: Labels): Finding[] {
  const goal = plan.goal;
  if (!goal) {
    return [{
      severity: "ERROR",
      line: 1,
      message: `no "## ${labels.goal}" section: add one with a sentence saying what is true ` +
        `when the work is done`,
    }];
  }
  if (goal.line < 0) {
    return [{ severity: "WARN", line: goal.headingLine + 1, message: "the Goal is empty" }];
  }
  if (PLACEHOLDER_REGEXP.test(goal.text)) {
    return [{
      severity: "WARN",
      line: goal.line + 1,
      message: `the Goal is still a placeholder ("${goal.text.slice(0, 60)}"): replace it`,
    }];
  }
  return [];
}

function statusFindings(p: Phase, labels: Labels): Finding[] {
  const name = `Phase ${p.number}`;
  if (p.status === "missing") {
    const label = `**${labels.status}${labels.colon}**`;
    return [{
      severity: "ERROR",
      line: p.headingLine + 1,
      message: `${name} has no "${label}" line (add "- ${label} pending")`,
    }];
  }
  const out: Finding[] = [];
  if (p.status === "unknown") {
    out.push({
      severity: "ERROR",
      line: p.statusLine + 1,
      message: `${name} has unknown status "${
        p.rawStatus.slice(0, 40)
      }" (use pending, in_progress or complete)`,
    });
  }
  if (p.statusLineCount > 1) {
    out.push({
      severity: "ERROR",
      line: p.headingLine + 1,
      message: `${name} has ${p.statusLineCount} "**Status:**" lines (keep exactly one)`,
    });
  }
  return out;
}

function numberingFindings(phases: readonly Phase[]): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<number, Phase>();
  let highest = -1;
  for (const p of phases) {
    const first = seen.get(p.number);
    if (first) {
      out.push({
        severity: "ERROR",
        line: p.headingLine + 1,
        message: `duplicate phase number: Phase ${p.number} already heads line ${
          first.headingLine + 1
        } (phase numbers must be unique)`,
      });
      continue;
    }
    if (p.number < highest) {
      out.push({
        severity: "WARN",
        line: p.headingLine + 1,
        message:
          `Phase ${p.number} comes after Phase ${highest} (number phases in increasing order)`,
      });
    }
    seen.set(p.number, p);
    highest = Math.max(highest, p.number);
  }
  return out;
}

function inProgressFindings(phases: readonly Phase[]): Finding[] {
  const active = phases.filter((p) => p.status === "in_progress");
  const first = active[0];
  if (!first) return [];
  return active.slice(1).map((p) => ({
    severity: "ERROR" as const,
    line: p.statusLine + 1,
    message: `Phase ${p.number} is in_progress while Phase ${first.number} (line ${
      first.statusLine + 1
    }) is too (at most one phase may be in_progress)`,
  }));
}

function sectionFindings(plan: Plan, labels: Labels): Finding[] {
  const out: Finding[] = [];
  if (!plan.nextStep) {
    out.push({
      severity: "WARN",
      line: 1,
      message: `no "## ${labels.nextStep}" section: add one naming the single next action`,
    });
  }
  const cur = plan.currentPhase;
  const active = plan.phases.filter((p) => p.status === "in_progress");
  if (cur && active[0]) {
    const named = currentPhaseNumber(cur.text);
    if (named === null || !active.some((p) => p.number === named)) {
      const said = cur.text ? `says "${cur.text.slice(0, 40)}"` : "is empty";
      out.push({
        severity: "WARN",
        line: (cur.line < 0 ? cur.headingLine : cur.line) + 1,
        message:
          `"## ${labels.currentPhase}" ${said} but Phase ${active[0].number} is in_progress ` +
          `(write "${labels.phase} ${active[0].number}" there)`,
      });
    }
  }
  return out;
}

/** A plan whose headings and labels come from more than one language of labels.ts. */
function languageFindings(plan: Plan): Finding[] {
  const lang = planLanguage(plan);
  if (!lang.mixed) return [];
  const words = lang.words.slice(0, 4).map((w) => `"${w.word}" (line ${w.line})`).join(", ");
  return [{
    severity: "WARN",
    line: lang.words[0]?.line ?? 1,
    message: `mixed languages: ${words} are not all one language's labels ` +
      `(write every heading and label in one language, see docs/languages.md)`,
  }];
}

/** An HTML comment that never closes hides everything after it, from pwf and from a reader. */
function commentFindings(plan: Plan): Finding[] {
  if (!plan.lines.some((l) => l.includes("<!--"))) return [];
  const at = unclosedComment(plan.lines);
  if (at < 0) return [];
  return [{
    severity: "WARN",
    line: at + 1,
    message: `an HTML comment ("<!--") opened here never closes: everything after it is hidden ` +
      `from pwf and from a Markdown reader (close it with "-->")`,
  }];
}

/**
 * Lint a parsed plan; findings sorted by line, errors first on a line.
 * @example
 * ```ts
 * import { lintPlan } from "./lint.ts";
 * import { parsePlan } from "./parse.ts";
 * const f = lintPlan(parsePlan("# T\n## Goal\nShip\n## Next Step\nGo\n### Phase 1: A\n- **Status:** done\n"));
 * if (f.length !== 1 || f[0]?.line !== 7 || f[0].severity !== "ERROR") throw new Error(JSON.stringify(f));
 * ```
 */
export function lintPlan(plan: Plan): Finding[] {
  const labels = planLanguage(plan).labels;
  const out = [...goalFindings(plan, labels), ...languageFindings(plan)];
  if (plan.phases.length === 0) {
    out.push({
      severity: "ERROR",
      line: 1,
      message:
        `no phases: add "### Phase 1: <title>" headings, each with a "- **Status:** pending" line`,
    });
  }
  for (const p of plan.phases) out.push(...statusFindings(p, labels));
  for (const u of unreadPhaseHeadings(plan)) {
    out.push({
      severity: "ERROR",
      line: u.line + 1,
      message: `"${
        printable(u.text.trim()).slice(0, 40)
      }" is not read as a phase (write it as "### Phase <n>: <title>")`,
    });
  }
  out.push(...numberingFindings(plan.phases), ...inProgressFindings(plan.phases));
  out.push(...sectionFindings(plan, labels), ...commentFindings(plan));
  for (const c of planChecks(plan).problems) {
    out.push({
      severity: "ERROR",
      line: c.line + 1,
      message: `Phase ${c.phase}'s ${CHECK_LABEL} line cannot be read: ${c.message} ` +
        `(write "- **${CHECK_LABEL}:** \`<command>\`")`,
    });
  }
  return out.sort((a, b) =>
    a.line - b.line || (a.severity === b.severity ? 0 : a.severity === "ERROR" ? -1 : 1) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/**
 * One finding as a line: `ERROR 12: <message>`.
 * @example
 * ```ts
 * import { findingLine } from "./lint.ts";
 * if (findingLine({ severity: "WARN", line: 3, message: "m" }) !== "WARN 3: m") throw new Error();
 * ```
 */
export function findingLine(f: Finding): string {
  return `${f.severity} ${f.line}: ${printable(f.message, OUTPUT_LINE_MAX)}`;
}

/** Count findings by severity. */
export function lintCounts(findings: readonly Finding[]): { errors: number; warnings: number } {
  const errors = findings.filter((f) => f.severity === "ERROR").length;
  return { errors, warnings: findings.length - errors };
}

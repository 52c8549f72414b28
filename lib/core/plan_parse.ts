/**
 * The one Markdown plan parser (SPEC section 3): phases, statuses and the
 * named sections of task_plan.md, ignoring fenced code and HTML comments.
 * @module
 */

import { splitLines } from "./lines.ts";
import { visibleLines } from "./visible_lines.ts";

export { visibleLines };

/** A phase status value; `unknown` is any other text, `missing` no status at all. */
export type PhaseStatus = "pending" | "in_progress" | "complete" | "unknown" | "missing";

/** The three status values a user may set. */
export const STATUS_VALUES = ["pending", "in_progress", "complete"] as const;

/** A settable status value. */
export type StatusValue = typeof STATUS_VALUES[number];

/** One `### Phase <n>: <title>` section. */
export interface Phase {
  /** The phase number as written (digits). */
  readonly number: number;
  /** Title after the number, without separators or inline status tokens. */
  readonly title: string;
  /** Parsed status. */
  readonly status: PhaseStatus;
  /** Raw status text when it is not one of the known values. */
  readonly rawStatus: string;
  /** 0-based line of the heading. */
  readonly headingLine: number;
  /** 0-based line holding the status (the first one), or -1. */
  readonly statusLine: number;
  /** How many `**Status:**` lines the section has (lint wants exactly one). */
  readonly statusLineCount: number;
  /** 0-based line after the section's last line. */
  readonly endLine: number;
}

/** A `## ` section's first non-empty line of text. */
export interface SectionText {
  /** 0-based line of the `## ` heading. */
  readonly headingLine: number;
  /** 0-based line of the first non-empty body line, or -1 if the body is empty. */
  readonly line: number;
  /** That line's text, trimmed ("" if none). */
  readonly text: string;
}

/** A parsed plan. */
export interface Plan {
  /** Text after the first `# ` heading, or "". */
  readonly title: string;
  readonly goal: SectionText | null;
  readonly nextStep: SectionText | null;
  readonly currentPhase: SectionText | null;
  readonly phases: readonly Phase[];
  /** Count of checked `- [x]` items anywhere in the plan. */
  readonly checkedItems: number;
  /** The plan's lines (terminators removed). */
  readonly lines: readonly string[];
  /** Whether each line is visible (not in a code fence or an HTML comment). */
  readonly visible: readonly boolean[];
}

const PHASE_REGEXP = /^### +Phase +(\d+)(?!\d)(.*)$/;
/** An ATX heading; a closing run of `#` counts only after whitespace (`## C#` keeps its `#`). */
const HEADING_REGEXP = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const CLOSING_HASHES_REGEXP = /(?:^|[ \t]+)#+[ \t]*$/;
const STATUS_REGEXP = /^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*Status:\*\*\s*(.*)$/;
const INLINE_STATUS_REGEXP = /\[(complete|in_progress|pending)\]/;
const CHECKED_REGEXP = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;

/**
 * Parse task_plan.md text into phases and sections.
 * @example
 * ```ts
 * import { parsePlan } from "./plan_parse.ts";
 * const plan = parsePlan("# T\n## Goal\nShip it\n### Phase 1: A\n- **Status:** complete\n");
 * if (plan.phases[0]?.status !== "complete" || plan.goal?.text !== "Ship it") throw new Error();
 * ```
 */
export function parsePlan(text: string): Plan {
  const lines = splitLines(text);
  const shown = visibleLines(lines);
  const headings = findHeadings(shown);
  const sectionText = (name: string) => findSection(shown, headings, name);
  const titleHeading = headings.find((h) => h.level === 1);
  return {
    title: titleHeading ? titleHeading.text : "",
    goal: sectionText("goal"),
    nextStep: sectionText("next step"),
    currentPhase: sectionText("current phase"),
    phases: findPhases(shown, headings),
    checkedItems:
      shown.filter((l) => l !== null && l.includes("[") && CHECKED_REGEXP.test(l)).length,
    lines,
    visible: shown.map((l) => l !== null),
  };
}

interface Heading {
  readonly line: number;
  readonly level: number;
  readonly text: string;
}

function findHeadings(shown: readonly (string | null)[]): Heading[] {
  const out: Heading[] = [];
  shown.forEach((line, i) => {
    const m = line === null || line[0] !== "#" ? null : HEADING_REGEXP.exec(line);
    if (m?.[1] && m[2] !== undefined) out.push({ line: i, level: m[1].length, text: m[2].trim() });
  });
  return out;
}

function sectionEnd(shown: readonly unknown[], headings: readonly Heading[], h: Heading): number {
  const next = headings.find((o) => o.line > h.line && o.level <= h.level);
  return next ? next.line : shown.length;
}

function findSection(
  shown: readonly (string | null)[],
  headings: readonly Heading[],
  name: string,
): SectionText | null {
  const h = headings.find((x) => x.level === 2 && x.text.toLowerCase() === name);
  if (!h) return null;
  const end = headings.find((o) => o.line > h.line)?.line ?? shown.length;
  for (let i = h.line + 1; i < end; i++) {
    const text = shown[i]?.trim();
    if (text) return { headingLine: h.line, line: i, text };
  }
  return { headingLine: h.line, line: -1, text: "" };
}

function findPhases(shown: readonly (string | null)[], headings: readonly Heading[]): Phase[] {
  const out: Phase[] = [];
  for (const h of headings) {
    const m = h.level === 3 ? PHASE_REGEXP.exec(shown[h.line] ?? "") : null;
    if (!m?.[1]) continue;
    const end = sectionEnd(shown, headings, h);
    out.push(readPhase(shown, h.line, end, Number(m[1]), m[2] ?? ""));
  }
  return out;
}

function readPhase(
  shown: readonly (string | null)[],
  start: number,
  end: number,
  number: number,
  rest: string,
): Phase {
  let statusLine = -1;
  let statusLineCount = 0;
  let value = "";
  for (let i = start + 1; i < end; i++) {
    const m = STATUS_REGEXP.exec(shown[i] ?? "");
    if (!m) continue;
    statusLineCount++;
    if (statusLine < 0) [statusLine, value] = [i, (m[1] ?? "").trim()];
  }
  if (statusLine < 0) {
    for (let i = start; i < end; i++) {
      const m = INLINE_STATUS_REGEXP.exec(shown[i] ?? "");
      if (m?.[1]) {
        [statusLine, value] = [i, m[1]];
        break;
      }
    }
  }
  const title = rest.replace(CLOSING_HASHES_REGEXP, "").replace(INLINE_STATUS_REGEXP, "").replace(
    /^\s*[:.\-–—]?\s*/,
    "",
  ).trim();
  return {
    number,
    title,
    status: statusOf(value, statusLine),
    rawStatus: value,
    headingLine: start,
    statusLine,
    statusLineCount,
    endLine: end,
  };
}

function statusOf(value: string, line: number): PhaseStatus {
  if (line < 0) return "missing";
  const word = /^[`*_]*([A-Za-z_-]+)/.exec(value)?.[1] ?? "";
  return (STATUS_VALUES as readonly string[]).includes(word) ? word as StatusValue : "unknown";
}

/** Phase counts by status. */
export interface PhaseCounts {
  readonly total: number;
  readonly complete: number;
  readonly inProgress: number;
  readonly pending: number;
  readonly unknown: number;
}

/**
 * Count phases by status (`missing` counts as unknown).
 * @example
 * ```ts
 * import { countPhases, parsePlan } from "./plan_parse.ts";
 * const c = countPhases(parsePlan("### Phase 1\n[complete]\n### Phase 2\n"));
 * if (c.complete !== 1 || c.unknown !== 1) throw new Error();
 * ```
 */
export function countPhases(plan: Pick<Plan, "phases">): PhaseCounts {
  const count = (s: PhaseStatus) => plan.phases.filter((p) => p.status === s).length;
  return {
    total: plan.phases.length,
    complete: count("complete"),
    inProgress: count("in_progress"),
    pending: count("pending"),
    unknown: count("unknown") + count("missing"),
  };
}

/** The first in-progress phase, if any. */
export function inProgressPhase(plan: Pick<Plan, "phases">): Phase | undefined {
  return plan.phases.find((p) => p.status === "in_progress");
}

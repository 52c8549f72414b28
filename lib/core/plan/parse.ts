/**
 * The one Markdown plan parser (SPEC section 3): phases, statuses and the
 * named sections of task_plan.md, ignoring fenced code and HTML comments.
 *
 * Over 300 lines on purpose: it is one concept, the grammar of a plan, read
 * two ways that must agree line for line: the one-pass reader every hook fire
 * uses (parsePlanOnePass) and the full reader it is held to by a property test
 * (parsePlanFull, parse_onepass_test.ts). Split, the two would drift apart.
 * @module
 */

import { splitLines } from "../text/lines.ts";
import { visibleLines } from "../text/visible_lines.ts";
import {
  matchPhaseHeading,
  matchSectionName,
  matchStatusLine,
  type SectionName,
} from "./label_match.ts";

export { visibleLines };

/** A phase status value; `unknown` is any other text, `missing` no status at all. */
export type PhaseStatus = "pending" | "in_progress" | "complete" | "unknown" | "missing";

/** The three status values a user may set. */
export const STATUS_VALUES = ["pending", "in_progress", "complete"] as const;

/** A settable status value. */
export type StatusValue = typeof STATUS_VALUES[number];

/** One `### Phase <n>: <title>` section (the phase word in any language of labels.ts). */
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

const INLINE_STATUS_REGEXP = /\[(complete|in_progress|pending)\]/;
const CHECKED_REGEXP = /^\s*(?:[-*+]|\d+[.)])\s+\[[xX]\]/;
const TITLE_LEAD_REGEXP = /^\s*[:：.\-–—]?\s*/;

/**
 * Parse task_plan.md text into phases and sections. Linear in the plan's
 * size and its number of phases. A plan without code fences or HTML comments
 * (the common case: every line is visible) is parsed in one pass over its
 * lines; any other plan goes through visibleLines and the full parser. Both
 * give identical results (a property test checks).
 * @example
 * ```ts
 * import { parsePlan } from "./parse.ts";
 * const plan = parsePlan("# T\n## Goal\nShip it\n### Phase 1: A\n- **Status:** complete\n");
 * if (plan.phases[0]?.status !== "complete" || plan.goal?.text !== "Ship it") throw new Error();
 * ```
 */
export function parsePlan(text: string): Plan {
  return allVisible(text) ? parsePlanOnePass(text) : parsePlanFull(text);
}

/**
 * Whether every line of `text` is visible Markdown, i.e. visibleLines is the
 * identity: no fence opener (three backticks or tildes) and no comment opener
 * anywhere. A cheap substring test; if visibleLines ever hides lines for
 * another reason, this must learn it too (the property test would fail).
 */
export function allVisible(text: string): boolean {
  return !text.includes("```") && !text.includes("~~~") && !text.includes("<!--");
}

/** The full parser: visibleLines, then headings, sections and phases (linear). */
export function parsePlanFull(text: string): Plan {
  const lines = splitLines(text);
  const shown = visibleLines(lines);
  const headings = findHeadings(shown);
  const sectionText = (name: SectionName) => findSection(shown, headings, name);
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

interface OpenPhase {
  readonly start: number;
  readonly number: number;
  readonly rest: string;
  statusLine: number;
  statusLineCount: number;
  value: string;
}

/**
 * The one-pass parser for a plan whose lines are all visible (allVisible):
 * headings, named sections, phases with their statuses and checked items in a
 * single loop. Gives exactly parsePlanFull's result for such a plan.
 */
export function parsePlanOnePass(text: string): Plan {
  const lines = splitLines(text);
  const n = lines.length;
  let title: string | null = null;
  const sections: Record<SectionName, SectionText | null> = {
    "goal": null,
    "next step": null,
    "current phase": null,
  };
  let pending: { name: SectionName; headingLine: number } | null = null;
  const phases: Phase[] = [];
  let open: OpenPhase | null = null;
  let checkedItems = 0;
  for (let i = 0; i < n; i++) {
    const line = lines[i]!;
    const level = line.charCodeAt(0) === HASH ? headingLevel(line) : 0;
    if (level > 0) {
      if (pending) {
        sections[pending.name] = { headingLine: pending.headingLine, line: -1, text: "" };
        pending = null;
      }
      if (open && level <= 3) {
        phases.push(closePhase(open, i, lines));
        open = null;
      }
      if (level === 1 && title === null) title = headingText(line, 1);
      if (level === 2) {
        const name = matchSectionName(headingText(line, 2))?.name;
        if (name && sections[name] === null) pending = { name, headingLine: i };
      }
      const heading = level === 3 ? matchPhaseHeading(line) : null;
      if (heading) {
        open = {
          start: i,
          number: heading.number,
          rest: line.slice(heading.end),
          statusLine: -1,
          statusLineCount: 0,
          value: "",
        };
      }
    } else if (pending) {
      const t = line.trim();
      if (t) {
        sections[pending.name] = { headingLine: pending.headingLine, line: i, text: t };
        pending = null;
      }
    }
    if (open) {
      if (i > open.start && mayBeStatus(line) && line.includes("**")) {
        const sm = matchStatusLine(line);
        if (sm) {
          open.statusLineCount++;
          if (open.statusLine < 0) {
            open.statusLine = i;
            open.value = sm.value;
          }
        }
      }
    }
    if ((line.includes("[x]") || line.includes("[X]")) && CHECKED_REGEXP.test(line)) {
      checkedItems++;
    }
  }
  if (pending) sections[pending.name] = { headingLine: pending.headingLine, line: -1, text: "" };
  if (open) phases.push(closePhase(open, n, lines));
  return {
    title: title ?? "",
    goal: sections["goal"],
    nextStep: sections["next step"],
    currentPhase: sections["current phase"],
    phases,
    checkedItems,
    lines,
    visible: new Array<boolean>(n).fill(true),
  };
}

const HASH = 35; // "#"
/** What JS's `.` does not match: a line holding one is no heading (as for a regex's `.`). */
const DOT_EXCLUDED = /[\n\r\u2028\u2029]/;

/**
 * The level of an ATX heading line (1-6), or 0: 1-6 "#", then a space or
 * tab, and nothing a regex's `.` cannot match.
 */
function headingLevel(line: string): number {
  let level = 0;
  while (level < 7 && line.charCodeAt(level) === HASH) level++;
  if (level > 6) return 0;
  const c = line.charCodeAt(level);
  if (c !== 32 && c !== 9) return 0;
  return DOT_EXCLUDED.test(line) ? 0 : level;
}

/**
 * An ATX heading's text (the line has headingLevel > 0): after the opening
 * `#` run and its blanks, without a closing `#` run that follows a blank
 * (`## C#` keeps its `#`), trimmed. A loop, not a regex: `(.*?)(?:[ \t]+#+)?`
 * rescans a long blank run from each position (issue 26 item 1).
 */
function headingText(line: string, level: number): string {
  let p = level;
  while (isBlank(line.charCodeAt(p))) p++;
  const rest = line.slice(p);
  const close = closingStart(rest, false);
  return (close >= 0 ? rest.slice(0, close) : rest).trim();
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * Where the closing `#` run of `s` starts, with the blanks around it: the
 * run ends `s` (trailing blanks aside) and follows a blank, or starts `s`
 * when `atStart`; -1 when there is none.
 */
function closingStart(s: string, atStart: boolean): number {
  let end = s.length;
  while (end > 0 && isBlank(s.charCodeAt(end - 1))) end--;
  let h = end;
  while (h > 0 && s.charCodeAt(h - 1) === HASH) h--;
  if (h === end) return -1;
  if (h === 0) return atStart ? 0 : -1;
  if (!isBlank(s.charCodeAt(h - 1))) return -1;
  while (h > 0 && isBlank(s.charCodeAt(h - 1))) h--;
  return h;
}

/**
 * Cheap pre-check for matchStatusLine: its first non-blank character is a
 * list marker, a digit or the "*" of the bold label.
 */
function mayBeStatus(line: string): boolean {
  const c = line.charCodeAt(0);
  // "-", "*", "+", digits; anything else but whitespace cannot start a status line.
  return c === 45 || c === 42 || c === 43 || (c >= 48 && c <= 57) || c <= 32 || c > 126;
}

/**
 * A phase without a `**Status:**` line takes the first inline `[status]` of
 * its section (heading included): looked for only then, at the close, so the
 * common plan never runs that regex (each line is still visited at most twice).
 */
function closePhase(p: OpenPhase, end: number, lines: readonly string[]): Phase {
  if (p.statusLine >= 0) {
    return makePhase(p.number, p.rest, p.start, end, p.statusLine, p.statusLineCount, p.value);
  }
  for (let i = p.start; i < end; i++) {
    const line = lines[i]!;
    const im = line.includes("[") ? INLINE_STATUS_REGEXP.exec(line) : null;
    if (im?.[1]) return makePhase(p.number, p.rest, p.start, end, i, 0, im[1]);
  }
  return makePhase(p.number, p.rest, p.start, end, -1, 0, "");
}

interface Heading {
  readonly line: number;
  readonly level: number;
  readonly text: string;
}

function findHeadings(shown: readonly (string | null)[]): Heading[] {
  const out: Heading[] = [];
  shown.forEach((line, i) => {
    const level = line === null || line[0] !== "#" ? 0 : headingLevel(line);
    if (level > 0) out.push({ line: i, level, text: headingText(line!, level) });
  });
  return out;
}

/** For each heading, the line of the next heading at its level or above (one stack pass). */
function sectionEnds(total: number, headings: readonly Heading[]): number[] {
  const ends = new Array<number>(headings.length).fill(total);
  const stack: number[] = [];
  headings.forEach((h, j) => {
    while (stack.length && headings[stack[stack.length - 1]!]!.level >= h.level) {
      ends[stack.pop()!] = h.line;
    }
    stack.push(j);
  });
  return ends;
}

function findSection(
  shown: readonly (string | null)[],
  headings: readonly Heading[],
  name: SectionName,
): SectionText | null {
  const at = headings.findIndex((x) => x.level === 2 && matchSectionName(x.text)?.name === name);
  const h = headings[at];
  if (!h) return null;
  const end = headings[at + 1]?.line ?? shown.length;
  for (let i = h.line + 1; i < end; i++) {
    const text = shown[i]?.trim();
    if (text) return { headingLine: h.line, line: i, text };
  }
  return { headingLine: h.line, line: -1, text: "" };
}

function findPhases(shown: readonly (string | null)[], headings: readonly Heading[]): Phase[] {
  const out: Phase[] = [];
  const ends = sectionEnds(shown.length, headings);
  headings.forEach((h, j) => {
    const line = shown[h.line] ?? "";
    const m = h.level === 3 ? matchPhaseHeading(line) : null;
    if (!m) return;
    out.push(readPhase(shown, h.line, ends[j]!, m.number, line.slice(m.end)));
  });
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
    const m = matchStatusLine(shown[i] ?? "");
    if (!m) continue;
    statusLineCount++;
    if (statusLine < 0) [statusLine, value] = [i, m.value];
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
  return makePhase(number, rest, start, end, statusLine, statusLineCount, value);
}

function makePhase(
  number: number,
  rest: string,
  start: number,
  end: number,
  statusLine: number,
  statusLineCount: number,
  value: string,
): Phase {
  const close = rest.includes("#") ? closingStart(rest, true) : -1;
  const unclosed = close >= 0 ? rest.slice(0, close) : rest;
  const title = (unclosed.includes("[") ? unclosed.replace(INLINE_STATUS_REGEXP, "") : unclosed)
    .replace(TITLE_LEAD_REGEXP, "").trim();
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
  if (value === "pending" || value === "complete" || value === "in_progress") return value;
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
 * import { countPhases, parsePlan } from "./parse.ts";
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

/**
 * Headings that look like a phase to a person but that the parser does not
 * read as one (`## Phase 3`, `###Phase 3`, `#### phase 3`): lint reports
 * them and `pwf phase` refuses to edit a plan that has any, since the count
 * a person sees and the one pwf keeps would differ.
 * @module
 */

import type { Plan } from "./parse.ts";

/** One unread phase-like heading. */
export interface UnreadHeading {
  /** 0-based line. */
  readonly line: number;
  readonly text: string;
}

/** A Markdown heading (any level, loose spacing and case) whose text starts "Phase <digit>". */
const PHASE_LIKE_REGEXP = /^ {0,3}#{1,6}[ \t]*phase[ \t]*\d/i;

/**
 * The visible phase-like headings that are not phase headings.
 * @example
 * ```ts
 * import { unreadPhaseHeadings } from "./unread_headings.ts";
 * import { parsePlan } from "./parse.ts";
 * const u = unreadPhaseHeadings(parsePlan("### Phase 1: A\n## Phase 2: B\n"));
 * if (u.length !== 1 || u[0]?.line !== 1) throw new Error();
 * ```
 */
export function unreadPhaseHeadings(plan: Plan): UnreadHeading[] {
  const read = new Set(plan.phases.map((p) => p.headingLine));
  const out: UnreadHeading[] = [];
  plan.lines.forEach((text, line) => {
    if (read.has(line) || plan.visible[line] === false) return;
    if (text.includes("#") && PHASE_LIKE_REGEXP.test(text)) {
      out.push({ line, text });
    }
  });
  return out;
}

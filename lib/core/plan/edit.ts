/**
 * The one writer of phase status lines, as a pure text transform: change one
 * phase's status and keep `## Current Phase` in step, touching nothing else.
 * @module
 */

import { parsePlan, type Phase, type Plan, type StatusValue } from "./parse.ts";
import { PwfError } from "../errors.ts";
import { joinSplit, splitLinesKeepEnds, type SplitText } from "../text/lines.ts";
import { type Labels, phaseRef } from "./labels.ts";
import { matchStatusLine, phaseNumberIn } from "./label_match.ts";
import { planLanguage } from "./language.ts";

/** Result of a status edit. */
export interface StatusEdit {
  /** The new plan text. */
  readonly text: string;
  /** The phase as it was before the edit. */
  readonly before: Phase;
  /** Whether the text changed at all. */
  readonly changed: boolean;
}

/**
 * Set phase `n`'s status in plan text. Line endings, the rest of the status
 * line and every other line are preserved; `## Current Phase` follows.
 * @example
 * ```ts
 * import { setPhaseStatus } from "./edit.ts";
 * const t = "## Current Phase\nPhase 1\n### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n- **Status:** pending\n";
 * const out = setPhaseStatus(t, 1, "complete").text;
 * if (!out.includes("Phase 2\n### Phase 1")) throw new Error(out);
 * ```
 */
export function setPhaseStatus(text: string, n: number, status: StatusValue): StatusEdit {
  const plan = parsePlan(text);
  const phase = plan.phases.find((p) => p.number === n);
  if (!phase) {
    const have = plan.phases.map((p) => p.number).join(", ") || "none";
    throw new PwfError(
      `cannot set phase ${n}: task_plan.md has no "### Phase ${n}" heading (phases: ${have})`,
    );
  }
  const final = writePhaseStatuses(text, [{ phase, to: status }]);
  return { text: final, before: phase, changed: final !== text };
}

/** One status to write: the phase (as parsed from the same text) and its new status. */
export interface StatusWrite {
  readonly phase: Phase;
  readonly to: StatusValue;
}

/**
 * Write several phases' statuses (phases parsed from `text`), then bring
 * `## Current Phase` in step. Each status line keeps its own label, marks
 * and line ending; every other line is untouched.
 * @example
 * ```ts
 * import { writePhaseStatuses } from "./edit.ts";
 * import { parsePlan } from "./parse.ts";
 * const t = "### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n";
 * const [a, b] = parsePlan(t).phases;
 * const out = writePhaseStatuses(t, [{ phase: a!, to: "complete" }, { phase: b!, to: "in_progress" }]);
 * if (out !== "### Phase 1: A\n- **Status:** complete\n### Phase 2: B\n- **Status:** in_progress\n") throw new Error(out);
 * ```
 */
export function writePhaseStatuses(text: string, writes: readonly StatusWrite[]): string {
  if (writes.length === 0) return syncCurrentPhase(text);
  const labels = planLanguage(parsePlan(text)).labels; // an inserted status line speaks the plan's language
  const raw = splitLinesKeepEnds(text);
  // Bottom-up, so a status line inserted under one heading never shifts another's.
  const order = [...writes].sort((a, b) => b.phase.headingLine - a.phase.headingLine);
  for (const w of order) writeStatus(raw, w.phase, w.to, labels);
  return syncCurrentPhase(joinSplit(raw));
}

/**
 * Insert a line after line `i`, ended like line `i` (CRLF stays CRLF; any
 * other terminator, or none at the end of the text, gives "\n").
 */
function insertLine(raw: SplitText, i: number, text: string): void {
  const end = raw.ends[i] ?? "";
  const eol = end === "\r\n" ? "\r\n" : "\n";
  if (end === "") raw.ends[i] = eol;
  raw.lines.splice(i + 1, 0, text);
  raw.ends.splice(i + 1, 0, end === "" ? "" : eol);
}

/**
 * Write the status into its line, keeping the plan's own label byte for byte
 * (`**状态：**` stays); a phase without one gets a line in the plan's language.
 */
function writeStatus(raw: SplitText, phase: Phase, status: StatusValue, labels: Labels): void {
  if (phase.statusLine < 0) {
    insertLine(raw, phase.headingLine, `- **${labels.status}${labels.colon}** ${status}`);
    return;
  }
  const line = raw.lines[phase.statusLine] ?? "";
  const label = matchStatusLine(line);
  raw.lines[phase.statusLine] = label
    ? line.slice(0, label.valueStart) +
      line.slice(label.valueStart).replace(
        /^([`*_]*)([A-Za-z_-]*)/,
        (_m, marks) => `${marks}${status}`,
      )
    : line.replace(/\[(complete|in_progress|pending)\]/, `[${status}]`);
}

/**
 * What `## Current Phase` should say: the first in-progress phase, else the
 * first unfinished one, else that all phases are complete.
 * @example
 * ```ts
 * import { expectedCurrentPhase } from "./edit.ts";
 * import { parsePlan } from "./parse.ts";
 * const p = parsePlan("### Phase 1\n[complete]\n### Phase 2\n[pending]\n");
 * if (expectedCurrentPhase(p) !== "Phase 2") throw new Error();
 * ```
 */
export function expectedCurrentPhase(
  plan: Pick<Plan, "phases">,
  labels: Pick<Labels, "phase" | "allComplete"> = {
    phase: "Phase",
    allComplete: "All phases complete",
  },
): string | null {
  if (plan.phases.length === 0) return null;
  const next = plan.phases.find((p) => p.status === "in_progress") ??
    plan.phases.find((p) => p.status !== "complete");
  return next ? phaseRef(labels, next.number) : labels.allComplete;
}

function syncCurrentPhase(text: string): string {
  const plan = parsePlan(text);
  const want = expectedCurrentPhase(plan, planLanguage(plan).labels);
  const section = plan.currentPhase;
  if (!section || want === null) return text;
  const raw = splitLinesKeepEnds(text);
  if (section.line < 0) {
    insertLine(raw, section.headingLine, want);
    return joinSplit(raw);
  }
  const wantNumber = phaseNumberIn(want);
  if (
    (wantNumber !== null && currentPhaseNumber(section.text) === wantNumber) ||
    section.text === want
  ) {
    return text;
  }
  const line = raw.lines[section.line] ?? "";
  raw.lines[section.line] = line.replace(section.text, want);
  return joinSplit(raw);
}

/**
 * The phase number a `## Current Phase` text names (in any language of
 * labels.ts), or null.
 * @example
 * ```ts
 * import { currentPhaseNumber } from "./edit.ts";
 * if (currentPhaseNumber("Phase 3: Build") !== 3 || currentPhaseNumber("阶段 2") !== 2) throw new Error();
 * ```
 */
export function currentPhaseNumber(text: string): number | null {
  return phaseNumberIn(text);
}

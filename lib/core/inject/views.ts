/**
 * Plan and progress views for injection (SPEC 5.2, 5.3): the classic head,
 * the smart view, and the progress tail with timestamps normalised.
 * @module
 */

import type { Phase, Plan } from "../plan/parse.ts";
import { lineEndFinder, splitLines } from "../text/lines.ts";
import { countPhases, inProgressPhase } from "../plan/parse.ts";
import { planLanguage } from "../plan/language.ts";
import { NOTICES } from "../plan/notices.ts";

/** A view of a file: its text and whether it is the whole file. */
export interface View {
  readonly text: string;
  readonly truncated: boolean;
}

/**
 * The first `n` lines of a text (lines and terminators as `lines.ts` defines
 * them; terminators normalised to "\n").
 * @example
 * ```ts
 * import { headView } from "./views.ts";
 * const v = headView("a\r\nb\nc\n", 2);
 * if (v.text !== "a\nb\n" || !v.truncated) throw new Error();
 * ```
 */
export function headView(text: string, n: number): View {
  // Find the end of line n without splitting the whole text (plans can be MiBs).
  const lineEndAt = lineEndFinder(text);
  let end = 0;
  for (let i = 0; i < n && end < text.length; i++) {
    end = lineEndAt(end).next;
  }
  const lines = linesOf(text.slice(0, end));
  return { text: joinLines(lines), truncated: end < text.length };
}

function linesOf(text: string): string[] {
  const lines = splitLines(text);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function joinLines(lines: readonly string[]): string {
  return lines.length ? lines.join("\n") + "\n" : "";
}

function sectionLines(plan: Plan, headingLine: number): string[] {
  const out: string[] = [];
  for (let i = headingLine; i < plan.lines.length; i++) {
    const line = plan.lines[i] ?? "";
    if (i > headingLine && /^#{1,3}[ \t]/.test(line) && plan.visible[i]) break;
    out.push(line);
  }
  while (out.length && (out[out.length - 1] ?? "").trim() === "") out.pop();
  return out;
}

function phaseLines(plan: Plan, p: Phase): string[] {
  const out = plan.lines.slice(p.headingLine, p.endLine).map((l) => l ?? "");
  while (out.length && (out[out.length - 1] ?? "").trim() === "") out.pop();
  return out;
}

/** A phase as one heading line, named with the plan's own phase word (`### 阶段 2: 设计`). */
function phaseSummary(p: Phase, word: string): string {
  const title = p.title ? `: ${p.title}` : "";
  const status = p.status === "unknown" ? p.rawStatus : p.status;
  return `### ${word} ${p.number}${title} (${status})`;
}

/**
 * The smart view: title, Goal, Next Step, Current Phase, the in-progress
 * phase in full, every other phase as its heading and status.
 * @example
 * ```ts
 * import { smartView } from "./views.ts";
 * import { parsePlan } from "../plan/parse.ts";
 * const t = smartView(parsePlan("# T\n## Goal\nG\n### Phase 1: A\n- x\n- **Status:** in_progress\n### Phase 2: B\n- y\n- **Status:** pending\n"));
 * if (!t.includes("- x") || t.includes("- y") || !t.includes("### Phase 2: B (pending)")) throw new Error(t);
 * ```
 */
export function smartView(plan: Plan): string {
  const out: string[] = [];
  if (plan.title) out.push(`# ${plan.title}`, "");
  for (const s of [plan.goal, plan.nextStep, plan.currentPhase]) {
    if (s) out.push(...sectionLines(plan, s.headingLine), "");
  }
  const c = countPhases(plan);
  out.push(`## Phases (${c.complete}/${c.total} complete)`, "");
  const current = inProgressPhase(plan);
  const word = planLanguage(plan).labels.phase;
  for (const p of plan.phases) {
    if (p === current) out.push(...phaseLines(plan, p), "");
    else out.push(phaseSummary(p, word));
  }
  return joinLines(trimTrailingBlank(out));
}

/**
 * The pretool smart view: Goal, Next Step, Current Phase and the in-progress
 * phase's heading and status only.
 * @example
 * ```ts
 * import { briefView } from "./views.ts";
 * import { parsePlan } from "../plan/parse.ts";
 * const t = briefView(parsePlan("## Goal\nG\n### Phase 1: A\n- x\n- **Status:** in_progress\n"));
 * if (!t.includes("G") || t.includes("- x") || !t.includes("Phase 1: A (in_progress)")) throw new Error(t);
 * ```
 */
export function briefView(plan: Plan): string {
  const out: string[] = [];
  if (plan.title) out.push(`# ${plan.title}`);
  const fact = (name: string, text: string | undefined) => text && out.push(`${name}: ${text}`);
  const labels = planLanguage(plan).labels;
  fact(labels.goal, plan.goal?.text);
  fact(labels.nextStep, plan.nextStep?.text);
  fact(labels.currentPhase, plan.currentPhase?.text);
  const p = inProgressPhase(plan);
  const c = countPhases(plan);
  const say = NOTICES[labels.lang];
  if (plan.phases.length) out.push(say.briefPhases(c.complete, c.total));
  if (p) out.push(`${say.catchup.inProgress}: ${phaseSummary(p, labels.phase).slice(4)}`);
  return joinLines(out);
}

function trimTrailingBlank(lines: string[]): string[] {
  const out = [...lines];
  while (out.length && (out[out.length - 1] ?? "").trim() === "") out.pop();
  return out;
}

/**
 * Normalise clock times in timestamps (`T12:34:56Z` -> `T00:00:00Z`, offsets
 * kept) so identical progress gives identical bytes turn after turn.
 * @example
 * ```ts
 * import { normaliseTimes } from "./views.ts";
 * if (normaliseTimes("2026-01-02T12:34:56.789Z x T01:02:03+02:00") !== "2026-01-02T00:00:00Z x T00:00:00+02:00") throw new Error();
 * ```
 */
export function normaliseTimes(text: string): string {
  return text.replace(
    /T\d{2}:\d{2}:\d{2}(?:\.\d+)?(Z|[+-]\d{2}:\d{2})/g,
    (_m, zone) => `T00:00:00${zone}`,
  );
}

/**
 * The last `n` lines of progress.md, timestamps normalised.
 * @example
 * ```ts
 * import { progressTail } from "./views.ts";
 * const v = progressTail("a\nb\nc\n", 2);
 * if (v.text !== "b\nc\n" || !v.truncated) throw new Error();
 * ```
 */
export function progressTail(text: string, n: number): View {
  const lines = linesOf(text);
  return { text: normaliseTimes(joinLines(lines.slice(-n))), truncated: lines.length > n };
}

/**
 * Cut a view to at most `max` characters at a line boundary, keeping the
 * head (or the tail, for logs), and say so in the text.
 * @example
 * ```ts
 * import { cutView } from "./views.ts";
 * const v = cutView({ text: "aaaa\nbbbb\ncccc\n", truncated: false }, 12, "head");
 * if (!v.truncated || v.text.length > 12) throw new Error(v.text);
 * ```
 */
export function cutView(view: View, max: number, keep: "head" | "tail"): View {
  if (view.text.length <= max) return view;
  const note = "[... cut to fit the context budget ...]\n";
  const room = Math.max(0, max - note.length);
  const lines = linesOf(view.text);
  const kept: string[] = [];
  let size = 0;
  const order = keep === "head" ? lines : [...lines].reverse();
  for (const line of order) {
    const clipped = line.length + 1 > room ? line.slice(0, Math.max(0, room - size - 1)) : line;
    if (size + clipped.length + 1 > room) break;
    kept.push(clipped);
    size += clipped.length + 1;
  }
  const body = keep === "head" ? kept : kept.reverse();
  const text = keep === "head" ? joinLines(body) + note : note + joinLines(body);
  return { text: text.length <= max ? text : text.slice(0, max), truncated: true };
}

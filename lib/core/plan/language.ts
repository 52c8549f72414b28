/**
 * Which language a parsed plan is written in: the one language whose table
 * row uses every structural word the plan uses (phase headings, status
 * labels, named sections). English when the plan has none; `mixed` when no
 * single language uses them all (lint warns).
 * @module
 */

import { ENGLISH, LABELS, type Labels, labelsFor, type Lang } from "./labels.ts";
import { matchPhaseHeading, matchSectionName, matchStatusLine } from "./label_match.ts";
import type { Plan } from "./parse.ts";

/** A plan's language. */
export interface PlanLanguage {
  /** The plan's labels: the one language using all its words, else its first phase's. */
  readonly labels: Labels;
  /** Whether its words come from languages no single row covers. */
  readonly mixed: boolean;
  /** For a mixed plan, each structural word and its 1-based line, in order. */
  readonly words: readonly { readonly line: number; readonly word: string }[];
}

interface Token {
  readonly line: number;
  readonly word: string;
  readonly langs: readonly Lang[];
}

function tokens(plan: Pick<Plan, "phases" | "lines" | "goal" | "nextStep" | "currentPhase">) {
  const out: Token[] = [];
  for (const p of plan.phases) {
    const h = matchPhaseHeading(plan.lines[p.headingLine] ?? "");
    if (h) out.push({ line: p.headingLine, word: h.word, langs: h.langs });
    const s = p.statusLine >= 0 ? matchStatusLine(plan.lines[p.statusLine] ?? "") : null;
    if (s) out.push({ line: p.statusLine, word: s.word, langs: s.langs });
  }
  for (const section of [plan.goal, plan.nextStep, plan.currentPhase]) {
    if (!section) continue;
    const text = (plan.lines[section.headingLine] ?? "").replace(/^#+/, "").trim();
    const m = matchSectionName(text);
    if (m) out.push({ line: section.headingLine, word: text, langs: m.langs });
  }
  return out.sort((a, b) => a.line - b.line);
}

/**
 * The language of a parsed plan.
 * @example
 * ```ts
 * import { planLanguage } from "./language.ts";
 * import { parsePlan } from "./parse.ts";
 * const zh = planLanguage(parsePlan("## 目标\nx\n### 阶段 1：A\n- **状态：** pending\n"));
 * if (zh.labels.lang !== "zh" || zh.mixed) throw new Error();
 * const mixed = planLanguage(parsePlan("### Phase 1: A\n- **状态：** pending\n"));
 * if (!mixed.mixed || mixed.labels.lang !== "en") throw new Error();
 * ```
 */
export function planLanguage(
  plan: Pick<Plan, "phases" | "lines" | "goal" | "nextStep" | "currentPhase">,
): PlanLanguage {
  const found = tokens(plan);
  const common = LABELS.filter((l) => found.every((t) => t.langs.includes(l.lang)));
  if (common[0]) return { labels: common[0], mixed: false, words: [] };
  const first = found[0]?.langs[0];
  return {
    labels: (first && labelsFor(first)) || ENGLISH,
    mixed: true,
    words: found.map((t) => ({ line: t.line + 1, word: t.word })),
  };
}

/**
 * Composing what a hook injects (SPEC section 5): pure functions from the
 * plan's state to the exact text of one fire, within the character budget.
 * The store gathers the state; the hosts wrap the text for each host.
 * @module
 */

import type { Attestation } from "../plan/attestation.ts";
import type { FileStamp } from "../plan/digest_memo.ts";
import { DATA_ONLY_LINE, frame, type FrameKind } from "./framing.ts";
import type { Mode } from "../plan/mode.ts";
import { inProgressPhase, type Plan } from "../plan/parse.ts";
import { PHRASES, phrasesFor } from "../plan/phrases.ts";
import { planLanguage } from "../plan/language.ts";
import { NOTICES, type Notices, noticesFor } from "../plan/notices.ts";
import { plainExcerpt } from "../text/excerpt.ts";
import { briefView, cutView, headView, progressTail, smartView, type View } from "./views.ts";

/** The injection tiers. */
export const TIERS = ["userprompt", "pretool", "posttool", "precompact", "session-start"] as const;

/** An injection tier. */
export type Tier = typeof TIERS[number];

/** Default and bounds of PWF_MAX_INJECT_CHARS. */
export const BUDGET = { default: 9000, min: 1000, max: 100_000 } as const;

/** Lines of the classic plan head, per tier. */
export const HEAD_LINES = { userprompt: 50, pretool: 30 } as const;

/** Lines of the progress tail. */
export const PROGRESS_LINES = 20;

/** The prefix of every line pwf itself writes into a context. */
export const PREFIX = "[planning-with-files]";

/**
 * The budget from PWF_MAX_INJECT_CHARS (garbage -> default, clamped).
 * @example
 * ```ts
 * import { budgetFrom } from "./compose.ts";
 * if (budgetFrom(undefined) !== 9000 || budgetFrom("x") !== 9000 || budgetFrom("5") !== 1000) throw new Error();
 * ```
 */
export function budgetFrom(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value.trim())) return BUDGET.default;
  return Math.min(BUDGET.max, Math.max(BUDGET.min, Number(value.trim())));
}

/** Everything one fire needs to know, gathered by the store. */
export interface InjectionState {
  /** Plan id, or null for the legacy root plan. */
  readonly id: string | null;
  /** Display path of the plan directory. */
  readonly display: string;
  /** Decoded task_plan.md (at most the read cap) and the parsed plan. */
  readonly planText: string;
  readonly plan: Plan;
  /** task_plan.md was larger than the read cap. */
  readonly planCut: boolean;
  /** task_plan.md's modification time, from the read planText came from (the catch-up shows it). */
  readonly planMtimeMs: number;
  /** The version of task_plan.md planText came from (null where versions cannot be named). */
  readonly planStamp?: FileStamp | null;
  readonly mode: Mode;
  readonly attestation: Attestation;
  /** progress.md text (null if missing). */
  readonly progress: string | null;
  /** The rendered ledger summary (autonomous modes). */
  readonly ledger: string;
  /** PWF_INJECT=smart or `inject-smart` in .mode. */
  readonly smart: boolean;
  readonly budget: number;
  /** What each phase with AcceptanceCheck lines still owes (issue 28): `Phase 1: run "..." (...)`. */
  readonly owed?: readonly string[];
}

/** Longest owed-checks line, in characters: its commands come from the plan. */
export const OWED_LINE_MAX = 600;

/**
 * The line naming the checks still owed ("" for none): each command is
 * plan text, so it is shown as a control-free excerpt, bounded.
 * @example
 * ```ts
 * import { owedLine } from "./compose.ts";
 * if (!owedLine(['Phase 1: run "make"']).includes('Checks owed: Phase 1: run "make"')) throw new Error();
 * if (owedLine([]) !== "") throw new Error();
 * ```
 */
export function owedLine(owed: readonly string[] | undefined, say: Notices = NOTICES.en): string {
  if (!owed || owed.length === 0) return "";
  return `${PREFIX} ${say.checksOwed(plainExcerpt(owed.join("; "), OWED_LINE_MAX))}\n`;
}

/**
 * The tampered refusal: one line with both hashes and how to re-approve.
 * @example
 * ```ts
 * import { tamperedLine } from "./compose.ts";
 * if (!tamperedLine(".planning/p", "a", "b").includes("[PLAN TAMPERED — injection blocked]")) throw new Error();
 * ```
 */
export function tamperedLine(
  display: string,
  expected: string,
  actual: string,
  say: Notices = NOTICES.en,
): string {
  return `${PREFIX} [PLAN TAMPERED — injection blocked] ${say.tampered(display, expected, actual)}`;
}

/** Why an injection is refused, as the one notice line in the plan's language; null when it may proceed. */
export function refusalFor(
  s: Pick<InjectionState, "attestation" | "mode" | "display" | "plan">,
): string | null {
  const a = s.attestation;
  const say = noticesFor(s.plan);
  if (a.state === "tampered") return tamperedLine(s.display, a.expected, a.actual, say);
  if (a.state === "invalid") return `${PREFIX} ${say.invalidAttestation(s.display)}`;
  if (s.mode.autonomous && a.state === "none") {
    return `${PREFIX} ${say.notAttested(s.mode.gate ? "gated" : "autonomous", s.display)}`;
  }
  return null;
}

/**
 * The classic head of `headLines` lines, or the structured view when smart
 * mode is on, the head would hide the in-progress phase, or it does not fit.
 */
function planView(
  s: InjectionState,
  headLines: number,
  room: number,
  structured: (plan: Plan) => string,
): View {
  const head = headView(s.planText, headLines);
  const current = inProgressPhase(s.plan);
  const headShowsCurrent = !current || current.endLine <= headLines || !head.truncated;
  const useStructured = s.smart || !headShowsCurrent || head.text.length > room;
  const view: View = useStructured && s.plan.phases.length
    ? { text: structured(s.plan), truncated: true }
    : head;
  const cut = cutView(view, room, "head");
  return { text: cut.text, truncated: cut.truncated || s.planCut };
}

async function framed(kind: FrameKind, v: View): Promise<string> {
  return await frame(kind, v.text, v.truncated);
}

/** Characters the framing adds around a payload (two delimiter lines). */
const FRAME_OVERHEAD = 260;

/**
 * The userprompt tier: DATA ONLY line, plan view, progress tail (or the
 * ledger summary in autonomous modes), and a closing line; at most
 * `s.budget` characters in all.
 */
export async function composeUserprompt(s: InjectionState): Promise<string> {
  let slack = 0;
  for (;;) {
    const text = await userpromptWithin(s, s.budget - slack);
    if (text.length <= s.budget || slack > s.budget) return text;
    slack += text.length - s.budget + 16; // neutralised lines grew the payload: shrink and retry
  }
}

async function userpromptWithin(s: InjectionState, budget: number): Promise<string> {
  const lang = planLanguage(s.plan).labels.lang;
  const say = NOTICES[lang];
  const hash = s.attestation.state === "intact" ? s.attestation.hash : null;
  const head = `${DATA_ONLY_LINE}\n${PREFIX} ${say.activePlan(s.id, s.display, hash)}\n${
    owedLine(s.owed, say)
  }`;
  const foot = `${PREFIX} ${PHRASES[lang].readFiles(s.display)}\n`;
  const second: { kind: FrameKind; view: View } = s.mode.autonomous
    ? { kind: "ledger", view: { text: s.ledger, truncated: false } }
    : { kind: "progress", view: progressTail(s.progress ?? "", PROGRESS_LINES) };
  const avail = Math.max(0, budget - head.length - foot.length - 2 * FRAME_OVERHEAD);
  const reserve = Math.min(second.view.text.length, Math.floor(avail / 3));
  const plan = planView(s, HEAD_LINES.userprompt, avail - reserve, smartView);
  const tail = cutView(
    second.view,
    avail - plan.text.length,
    second.kind === "progress" ? "tail" : "head",
  );
  return head + await framed("plan", plan) + await framed(second.kind, tail) + foot;
}

/** The pretool tier: a short plan view; silent in autonomous modes. */
export async function composePretool(s: InjectionState): Promise<string> {
  if (s.mode.autonomous) return "";
  return await framePretool(pretoolView(s));
}

/** The short plan view of the pretool tier (what a pretool memo keeps, lib/inject/pretool_memo.ts). */
export function pretoolView(s: InjectionState): View {
  const room = Math.min(s.budget, 3000) - DATA_ONLY_LINE.length - 1 - FRAME_OVERHEAD;
  const view = planView(s, HEAD_LINES.pretool, room, briefView);
  return { ...view, truncated: view.truncated || s.planCut };
}

/** The pretool tier's text for a view: the DATA ONLY line and the framed view. */
export async function framePretool(view: View): Promise<string> {
  return `${DATA_ONLY_LINE}\n${await framed("plan", view)}`;
}

/** The precompact tier: a reminder, never the plan body. */
export function composePrecompact(
  s: Pick<InjectionState, "display" | "attestation" | "plan">,
): string {
  const [first, ...rest] = phrasesFor(s.plan).precompact(s.display);
  const lines = [`${PREFIX} ${first}`, ...rest];
  if (s.attestation.state === "intact") {
    lines.push(`Plan-SHA256 at compaction: ${s.attestation.hash}`);
  }
  return lines.join("\n") + "\n";
}

/** The posttool nudge (at most once per turn; the caller keeps the marker). */
export function composePosttool(s: Pick<InjectionState, "display" | "plan">): string {
  return `${PREFIX} ${phrasesFor(s.plan).posttool(s.display)}\n`;
}

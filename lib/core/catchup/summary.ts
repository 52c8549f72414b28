/**
 * The zero-access catch-up summary (SPEC 10 default mode, and the
 * session-start hook tier): where the work stands, from the plan files
 * alone, and how to recover. Plan text is framed as data; pwf's own lines
 * (ids, counts, ages, steps) are not.
 * @module
 */

import { DATA_ONLY_LINE, frame } from "../inject/framing.ts";
import {
  countPhases,
  inProgressPhase,
  parsePlan,
  type PhaseCounts,
  type Plan,
} from "../plan/parse.ts";
import { PHRASES, type RecoverySteps } from "../plan/phrases.ts";
import { type CatchupWords, NOTICES, type PlanSource } from "../plan/notices.ts";
import { planLanguage } from "../plan/language.ts";
import { labelsFor, type Lang, phaseRef } from "../plan/labels.ts";
import { splitLines } from "../text/lines.ts";
import { isoSeconds } from "../text/timestamp.ts";

/** Lines of progress.md shown (its tail). */
export const PROGRESS_TAIL_LINES = 20;

const TAG = "[planning-with-files]";

/** One planning file as the store found it. */
export interface CatchupFile {
  readonly name: "task_plan.md" | "progress.md" | "findings.md";
  readonly state: "file" | "missing" | "refused";
  /** Text ("" unless state is "file"). */
  readonly text: string;
  /** Read in part (file over the read cap). */
  readonly truncated: boolean;
  /** Modification time (ms since the epoch; 0 unknown). */
  readonly mtimeMs: number;
  /** Why a refused file was refused. */
  readonly refusal?: string;
}

/** Everything the summary is made from. */
export interface CatchupInput {
  /** `why`: how the plan was chosen, in English; `source` lets another language name it. */
  readonly plan: {
    readonly id: string | null;
    readonly dir: string;
    readonly why: string;
    readonly source?: PlanSource;
  };
  readonly files: readonly CatchupFile[];
  /**
   * Ledger record count (`partial`: of the latest records only, a bounded
   * read), and the fixed-shape ledger summary (null when the plan has no ledger).
   */
  readonly ledger: {
    readonly records: number;
    readonly summary: string | null;
    readonly partial?: boolean;
  };
  readonly now: Date;
  /** task_plan.md's text parsed, when the caller has parsed it already (else it is parsed here). */
  readonly parsed?: Plan;
}

/** The summary as one result object (rendered as text or JSON). */
export interface CatchupSummary {
  /** `why` in the plan's language (English: the resolution's own words). */
  readonly plan: { readonly id: string | null; readonly dir: string; readonly why: string };
  /** The plan's language: the summary's own lines speak it. */
  readonly lang: Lang;
  readonly title: string;
  readonly goal: string;
  readonly nextStep: string;
  readonly counts: PhaseCounts;
  readonly inProgress: { readonly number: number; readonly title: string } | null;
  readonly nextPending: number | null;
  readonly progressTail: { readonly text: string; readonly truncated: boolean } | null;
  readonly ledger: CatchupInput["ledger"];
  readonly lastChanged:
    | { readonly file: string; readonly mtime: string; readonly ageMs: number }
    | null;
  readonly problems: readonly string[];
  readonly steps: readonly string[];
}

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago".
 * @example
 * ```ts
 * import { formatAge } from "./summary.ts";
 * if (formatAge(90_000) !== "1 minute ago" || formatAge(3 * 3600_000) !== "3 hours ago") throw new Error();
 * ```
 */
export function formatAge(ms: number, say: CatchupWords = NOTICES.en.catchup): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return say.age(0, "now");
  if (minutes < 120) return say.age(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? say.age(hours, "hour") : say.age(Math.floor(hours / 24), "day");
}

/** The last `n` non-trailing-blank lines of a text, and whether that is all of it. */
export function tailLines(text: string, n: number): { text: string; truncated: boolean } {
  const lines = splitLines(text);
  while (lines.length && lines[lines.length - 1]?.trim() === "") lines.pop();
  return { text: lines.slice(-n).join("\n"), truncated: lines.length > n };
}

/**
 * Build the summary from the plan files.
 * @example
 * ```ts
 * import { catchupSummary } from "./summary.ts";
 * const s = catchupSummary({
 *   plan: { id: "p", dir: ".planning/p", why: "" }, ledger: { records: 0, summary: null }, now: new Date(0),
 *   files: [{ name: "task_plan.md", state: "file", text: "### Phase 1: A\n**Status:** in_progress\n", truncated: false, mtimeMs: 0 }],
 * });
 * if (s.inProgress?.number !== 1) throw new Error();
 * ```
 */
export function catchupSummary(input: CatchupInput): CatchupSummary {
  const file = (name: CatchupFile["name"]) => input.files.find((f) => f.name === name);
  const planFile = file("task_plan.md");
  const plan = input.parsed ?? parsePlan(planFile?.state === "file" ? planFile.text : "");
  const active = inProgressPhase(plan);
  const progress = file("progress.md");
  const tail = progress?.state === "file" ? tailLines(progress.text, PROGRESS_TAIL_LINES) : null;
  const lang = planLanguage(plan).labels.lang;
  const say = NOTICES[lang].catchup;
  const { id, dir, why, source } = input.plan;
  const base = {
    plan: { id, dir, why: source === undefined ? why : say.how(source, why) },
    lang,
    title: plan.title,
    goal: plan.goal?.text ?? "",
    nextStep: plan.nextStep?.text ?? "",
    counts: countPhases(plan),
    inProgress: active ? { number: active.number, title: active.title } : null,
    nextPending: plan.phases.find((p) => p.status === "pending")?.number ?? null,
    progressTail: tail && tail.text !== ""
      ? { text: tail.text, truncated: tail.truncated || progress?.truncated === true }
      : null,
    ledger: input.ledger,
    lastChanged: lastChanged(input.files, input.now),
    problems: input.files.filter((f) => f.state !== "file").map((f) =>
      f.state === "missing" ? say.missing(f.name) : say.refused(f.name, f.refusal ?? "containment")
    ),
  };
  return { ...base, steps: recoverySteps(base, PHRASES[lang].recovery) };
}

function lastChanged(files: readonly CatchupFile[], now: Date): CatchupSummary["lastChanged"] {
  const present = files.filter((f) => f.state === "file" && f.mtimeMs > 0);
  const newest = present.reduce<CatchupFile | null>(
    (best, f) => (!best || f.mtimeMs > best.mtimeMs ? f : best),
    null,
  );
  if (!newest) return null;
  const mtime = isoSeconds(newest.mtimeMs);
  return { file: newest.name, mtime, ageMs: now.getTime() - newest.mtimeMs };
}

/** The recovery steps, in the plan's language (lib/core/plan/phrases.ts). */
function recoverySteps(s: Omit<CatchupSummary, "steps">, say: RecoverySteps): string[] {
  const dir = s.plan.dir === "." ? "" : `${s.plan.dir}/`;
  const steps = [say.reread(dir), say.status];
  if (s.inProgress) steps.push(say.resume(s.inProgress.number));
  else if (s.nextPending !== null) steps.push(say.start(s.nextPending));
  else if (s.counts.total > 0) steps.push(say.allDone);
  else steps.push(say.noPhases);
  return steps;
}

/** Options for reusing the summary inside another injection (the session-start tier). */
export interface CatchupRenderOptions {
  /** Print the DATA ONLY line (default true; false when the caller already printed it). */
  readonly dataOnlyLine?: boolean;
  /** Frame the progress tail and the ledger summary (default true; false when already shown). */
  readonly excerpts?: boolean;
}

/** Render the summary as text: facts, framed plan/progress/ledger excerpts, recovery steps. */
export async function renderCatchupSummary(
  s: CatchupSummary,
  opts: CatchupRenderOptions = {},
): Promise<string> {
  const excerpts = opts.excerpts ?? true;
  const c = s.counts;
  const say = NOTICES[s.lang].catchup;
  const phase = (n: number) => phaseRef(labelsFor(s.lang) ?? { phase: "Phase" }, n);
  const out = [
    `${TAG} SESSION CATCH-UP (${say.zeroAccess})`,
    say.plan(s.plan.id, s.plan.dir, s.plan.why),
    say.phases(c.complete, c.total, s.inProgress ? phase(s.inProgress.number) : null),
    say.ledger(s.ledger.records, s.ledger.partial === true),
    ...s.problems.map((p) => `${say.note}: ${p}`),
    ...(opts.dataOnlyLine ?? true ? [DATA_ONLY_LINE] : []),
  ].join("\n") + "\n";
  const planText = [
    `${say.title}: ${s.title || say.none}`,
    `${say.goal}: ${s.goal || say.none}`,
    `${say.inProgress}: ${
      s.inProgress ? `${phase(s.inProgress.number)}: ${s.inProgress.title}` : say.none
    }`,
    `${say.nextStep}: ${s.nextStep || say.none}`,
  ].join("\n");
  let text = out + await frame("plan", planText, true);
  if (excerpts && s.progressTail) {
    text += `${say.progressTail}\n` +
      await frame("progress", s.progressTail.text, s.progressTail.truncated);
  }
  if (excerpts && s.ledger.summary) text += await frame("ledger", s.ledger.summary, false);
  const changed = s.lastChanged
    ? say.lastChange(s.lastChanged.file, formatAge(s.lastChanged.ageMs, say), s.lastChanged.mtime)
    : say.lastChangeUnknown;
  const steps = s.steps.map((step, i) => `${i + 1}. ${step}`);
  return text + [changed, say.steps, ...steps, ""].join("\n");
}

/** The JSON form of the summary. */
export function catchupSummaryJson(s: CatchupSummary): Record<string, unknown> {
  return { schemaVersion: 1, mode: "summary", ...s };
}

/**
 * The rest of the lines pwf writes for the model, per plan language (the
 * nudges and the gate's phase reason are in phrases.ts): the tamper and
 * attestation refusals, the active-plan line, the checks owed, the
 * regression guard, the gate's tamper and owed-check reasons and the
 * catch-up's facts. Fixed in every language, as in phrases.ts: the
 * `[planning-with-files]` prefix, the markers `[PLAN TAMPERED — injection
 * blocked]`, `PLAN REGRESSED:` and `SESSION CATCH-UP`, the words "not
 * attested" (the skill tells the model to look for them), commands, paths,
 * hashes and numbers. notices_test.ts keeps every language in step.
 * @module
 */

import type { Lang } from "./labels.ts";
import { planLanguage } from "./language.ts";
import type { Plan } from "./parse.ts";
import { NOTICES_AR } from "./notices_ar.ts";
import { NOTICES_DE } from "./notices_de.ts";
import { NOTICES_ES } from "./notices_es.ts";
import { NOTICES_FR } from "./notices_fr.ts";
import { NOTICES_JA } from "./notices_ja.ts";
import { NOTICES_ZH, NOTICES_ZH_HANT } from "./notices_zh.ts";
import type { Notices } from "./notices_type.ts";

export type {
  CatchupWords,
  CheckWhy,
  GateFacts,
  Notices,
  OwedFacts,
  PlanSource,
} from "./notices_type.ts";

/** `n` with an English noun, plural unless one. */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const en: Notices = {
  tampered: (d, expected, actual) =>
    `${d}/task_plan.md changed since it was attested: expected=${expected} actual=${actual}. Review the change, then run "pwf attest" to approve it, or restore the file.`,
  invalidAttestation: (d) =>
    `${d}/.attestation is not a SHA-256 hash, so the plan was not injected. Run "pwf attest" to approve the current plan.`,
  notAttested: (mode, d) =>
    `This plan runs in ${mode} mode but is not attested, so it was not injected. Review ${d}/task_plan.md, then run "pwf attest".`,
  activePlan: (id, d, hash) =>
    `Active plan: ${id ?? "legacy root plan"} (${d}/task_plan.md)${
      hash === null ? "" : `, attested sha256=${hash}`
    }`,
  checksOwed: (list) =>
    `Checks owed: ${list}. A phase with an AcceptanceCheck completes when its command, run as written, passes after your last edit.`,
  owedItem: (phase, claimed, todo) =>
    `Phase ${phase}${claimed ? " (marked complete)" : ""}: ${todo}`,
  checkRun: (command, why, exit) =>
    `run "${command}" (${
      {
        missing: "no run seen yet",
        failed: `its last run failed${exit !== null ? ` with exit code ${exit}` : ""}`,
        stale: "a file was edited after its last passing run",
        passed: "passed",
        unverifiable: "the host does not report outcomes",
      }[why]
    })`,
  regressed: (d, checked, complete) =>
    `${d}/task_plan.md lost ${checked} checked item(s) and ${complete} completed phase(s) since the last turn. A second writer working from an older read is the usual cause: re-read the file and reconcile before writing again. Advisory only; nothing was blocked.`,
  otherPlans: (id, list, example, session) =>
    `This session's plan is "${id}"; other open plans: ${list}. Pass --plan ${id} to every pwf command you run${
      example ? ` (e.g. "pwf phase 2 complete --plan ${id}")` : ""
    }.${session ? ` To switch this session only: "pwf use <id> --session ${session}".` : ""}`,
  tamperAsk: (d) =>
    `Ask the user to review ${d}/task_plan.md and run "pwf attest" to approve it, or restore the file.`,
  gateTampered: (f, ask) =>
    `Gated plan changed since it was attested, so its statuses cannot be trusted (${f.complete}/${f.total} complete, gate block ${f.block}/${f.cap}). ${ask} Until then keep working on the plan.`,
  gateOwed: (f, o) =>
    `Phase ${o.phase} ${
      o.claimed ? "is marked complete but" : "is in progress and"
    } its AcceptanceCheck has no fresh passing run (${f.complete}/${f.total} complete, gate block ${f.block}/${f.cap}). Next: ${o.todo}, then "${o.command}" is proven; keep working until it passes.`,
  gateNotReset: (m) => `(The gate count could not be reset: ${m})`,
  notInjected: (m) => `${m}; nothing injected.`,
  briefPhases: (c, t) => `Phases: ${c}/${t} complete`,
  isolated:
    "Session isolation is on (.planning/sessions/ exists) and this session is not attached, so no plan was injected. Attach it by creating .planning/sessions/<session id>.attached (or set PWF_SESSION_ID), or delete .planning/sessions/ to turn isolation off.",
  catchup: {
    missing: (file) => `${file}: missing`,
    refused: (file, why) => `${file}: refused (${why})`,
    how: (_source, why) => why,
    zeroAccess: "zero access: from the plan files only",
    plan: (id, dir, why) => `Plan: ${id ?? "legacy root plan"} (${dir}; ${why})`,
    phases: (complete, total, active) =>
      `Phases: ${complete}/${total} complete; in progress: ${active ?? "none"}`,
    ledger: (records, partial) =>
      `Ledger: ${partial ? "at least " : ""}${count(records, "record")}`,
    note: "Note",
    title: "Title",
    goal: "Goal",
    inProgress: "In progress",
    nextStep: "Next step",
    none: "(none)",
    progressTail: "Last lines of progress.md:",
    lastChange: (file, age, mtime) => `Last change: ${file}, ${age} (${mtime})`,
    lastChangeUnknown: "Last change: unknown",
    steps: "Recovery steps:",
    age: (n, unit) => unit === "now" ? "just now" : `${count(n, unit)} ago`,
  },
};

/** Every language's notices. */
export const NOTICES: Readonly<Record<Lang, Notices>> = {
  en,
  zh: NOTICES_ZH,
  "zh-Hant": NOTICES_ZH_HANT,
  ar: NOTICES_AR,
  es: NOTICES_ES,
  de: NOTICES_DE,
  ja: NOTICES_JA,
  fr: NOTICES_FR,
};

/**
 * The notices for a parsed plan's language (planLanguage; English when it has no labels).
 * @example
 * ```ts
 * import { noticesFor } from "./notices.ts";
 * import { parsePlan } from "./parse.ts";
 * const say = noticesFor(parsePlan("## 目标\nx\n### 阶段 1：A\n- **状态：** pending\n"));
 * if (!say.tamperAsk(".planning/x").startsWith("请用户审阅 ")) throw new Error();
 * ```
 */
export function noticesFor(
  plan: Pick<Plan, "phases" | "lines" | "goal" | "nextStep" | "currentPhase">,
): Notices {
  return NOTICES[planLanguage(plan).labels.lang];
}

/**
 * Gathering the inputs of the zero-access catch-up summary: the plan's three
 * files (through containment, so nothing outside `.planning` or the legacy
 * root files is ever opened) and its ledger. Used by `pwf catchup` and the
 * session-start hook tier.
 * @module
 */

import type { CatchupFile, CatchupInput } from "../core/catchup/summary.ts";
import type { PlanSource } from "../core/plan/notices.ts";
import { ContainmentError } from "../core/errors.ts";
import { ledgerReport } from "../core/ledger/records.ts";
import { parsePlan, type Plan } from "../core/plan/parse.ts";
import { decodeText } from "../core/text/text.ts";
import { readOptionalFile } from "../fs/read.ts";
import { ledgerFiles, recentLedgers } from "../ledger/files.ts";
import { PLAN_FILES, type PlanFileName } from "../fs/paths.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/** Read one plan file for catch-up: a refused file is reported, not fatal. */
export function readCatchupFile(plan: PlanRef, name: PlanFileName): CatchupFile {
  try {
    const got = readOptionalFile(planFile(plan, name));
    if (got.kind === "missing") {
      return { name, state: "missing", text: "", truncated: false, mtimeMs: 0 };
    }
    return {
      name,
      state: "file",
      text: decodeText(got.bytes),
      truncated: got.truncated,
      mtimeMs: got.mtimeMs,
    };
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    return { name, state: "refused", text: "", truncated: false, mtimeMs: 0, refusal: err.message };
  }
}

/**
 * The ledger part of the summary: the record count and, when the plan has
 * ledger files, the fixed-shape `pwf ledger summary` block, both from the
 * bounded read of the latest records (a multi-GB ledger costs a hook fire
 * what a small one does). A ledger file
 * refused by containment leaves the summary out rather than failing.
 */
export function catchupLedger(plan: PlanRef, parsed: Plan): CatchupInput["ledger"] {
  try {
    if (ledgerFiles(plan).length === 0) return { records: 0, summary: null };
    // Bounded whatever the ledgers' size: the latest records of each (lib/ledger/files.ts).
    const { ledgers, notRead } = recentLedgers(plan);
    const r = ledgerReport(ledgers, parsed, notRead);
    return { records: r.entries, summary: r.text, ...(r.partial && { partial: true }) };
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    return { records: 0, summary: null };
  }
}

/** task_plan.md as the caller read it already (its text, parse, cut and mtime). */
export interface ParsedPlanText {
  readonly text: string;
  readonly parsed: Plan;
  readonly truncated: boolean;
  readonly mtimeMs: number;
}

/** How the plan was chosen: the resolution's `why` (English) and its `source`, when known. */
export interface ChosenBy {
  readonly why: string;
  readonly source?: PlanSource;
}

/**
 * Gather everything renderCatchupSummary needs for a resolved plan.
 * task_plan.md is read and parsed once here, or, when `known` holds the
 * caller's read (session-start read it for the frame), not read again: the
 * catch-up then shows exactly the bytes the frame shows.
 */
export function gatherCatchupInput(
  plan: PlanRef,
  chosen: ChosenBy,
  now: Date,
  known?: ParsedPlanText,
): CatchupInput {
  const files = PLAN_FILES.map((name): CatchupFile =>
    name === "task_plan.md" && known !== undefined
      ? {
        name,
        state: "file",
        text: known.text,
        truncated: known.truncated,
        mtimeMs: known.mtimeMs,
      }
      : readCatchupFile(plan, name)
  );
  const planText = files.find((f) => f.name === "task_plan.md")?.text ?? "";
  const parsed = known?.parsed ?? parsePlan(planText);
  return {
    plan: { id: plan.id, dir: plan.display, ...chosen },
    files,
    ledger: catchupLedger(plan, parsed),
    now,
    parsed,
  };
}

/**
 * Gathering the inputs of the zero-access catch-up summary: the plan's three
 * files (through containment, so nothing outside `.planning` or the legacy
 * root files is ever opened) and its ledger. Used by `pwf catchup` and the
 * session-start hook tier.
 * @module
 */

import type { CatchupFile, CatchupInput } from "../core/catchup_summary.ts";
import { ContainmentError } from "../core/errors.ts";
import { decodeText } from "../core/text.ts";
import { readFile } from "./files.ts";
import { ledgerLines } from "./ledger_files.ts";
import { PLAN_FILES, type PlanFileName } from "./paths.ts";
import { planFile, type PlanRef } from "./resolve.ts";

/** Read one plan file for catch-up: a refused file is reported, not fatal. */
export function readCatchupFile(plan: PlanRef, name: PlanFileName): CatchupFile {
  try {
    const got = readFile(planFile(plan, name));
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
 * The ledger part of the summary. HOOK POINT (ledger summary): once
 * lib/core/ledger.ts provides the fixed-shape `pwf ledger summary` block,
 * return it as `summary` here; until then only the record count is known.
 */
export function catchupLedger(plan: PlanRef): CatchupInput["ledger"] {
  return { records: ledgerLines(plan).length, summary: null };
}

/** Gather everything renderCatchupSummary needs for a resolved plan. */
export function gatherCatchupInput(plan: PlanRef, why: string, now: Date): CatchupInput {
  return {
    plan: { id: plan.id, dir: plan.display, why },
    files: PLAN_FILES.map((name) => readCatchupFile(plan, name)),
    ledger: catchupLedger(plan),
    now,
  };
}

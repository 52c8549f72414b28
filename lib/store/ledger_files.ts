/**
 * The plan's run ledger files (`ledger-<agent>.jsonl`): which exist and how
 * many records they hold (the gate's progress fingerprint uses the count).
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import { decodeText } from "../core/text.ts";
import { type Location } from "./containment.ts";
import { listDir, READ_CAP, readFile } from "./files.ts";
import { planFile, type PlanRef } from "./resolve.ts";

const LEDGER_NAME_REGEXP = /^ledger-[A-Za-z0-9_-]+\.jsonl$/;

/** The ledger files of a plan, sorted by name. */
export function ledgerFiles(plan: PlanRef): Location[] {
  if (plan.legacy) return [];
  return listDir(plan.dir).filter((e) => e.isFile && LEDGER_NAME_REGEXP.test(e.name)).map((e) =>
    planFile(plan, e.name)
  );
}

/** The non-empty lines of one ledger file, read up to `cap` bytes ([] when missing). */
export function readLedger(loc: Location, cap: number): string[] {
  const got = readFile(loc, cap);
  return got.kind === "file"
    ? decodeText(got.bytes).split("\n").filter((l) => l.trim() !== "")
    : [];
}

/**
 * Non-empty lines of every ledger file of a plan (unreadable files are
 * skipped); each file is read up to `cap` bytes.
 */
export function ledgerLines(plan: PlanRef, cap: number = READ_CAP): string[] {
  const out: string[] = [];
  for (const loc of ledgerFiles(plan)) {
    try {
      out.push(...readLedger(loc, cap));
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
    }
  }
  return out;
}

/** Total number of ledger records of a plan. */
export function ledgerLineCount(plan: PlanRef): number {
  // Whole files: the gate's progress check must see growth past the read cap.
  return ledgerLines(plan, Number.MAX_SAFE_INTEGER).length;
}

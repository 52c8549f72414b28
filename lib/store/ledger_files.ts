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

/** Most of one ledger file the gate's record count reads (a Stop hook stays bounded). */
export const LEDGER_COUNT_CAP = 16 * 1024 * 1024;

/**
 * Total number of ledger records of a plan, as a progress signal: the
 * records in the first LEDGER_COUNT_CAP bytes of each file, plus, for a
 * longer file, its bytes beyond the cap (so growth past the cap still
 * counts as progress without reading it).
 */
export function ledgerLineCount(plan: PlanRef): number {
  let n = 0;
  for (const loc of ledgerFiles(plan)) {
    try {
      const got = readFile(loc, LEDGER_COUNT_CAP);
      if (got.kind !== "file") continue;
      n += decodeText(got.bytes).split("\n").filter((l) => l.trim() !== "").length;
      if (got.truncated) n += got.size - got.bytes.length;
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
    }
  }
  return n;
}

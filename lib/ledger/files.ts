/**
 * The plan's run ledger files (`ledger-<agent>.jsonl`): which exist, reading
 * them (whole for commands, up to MAX_LEDGER_BYTES; a bounded tail for
 * hooks) and how many records they hold (the gate's progress fingerprint
 * uses the count). docs/storage.md "Ledger reads" says what each reads.
 * @module
 */

import type { AgentLedger } from "../core/ledger/records.ts";
import { ContainmentError, PwfError } from "../core/errors.ts";
import { decodeText, mebibytes } from "../core/text/text.ts";
import { inspect, type Location, showLoc } from "../fs/containment.ts";
import { listDir } from "../fs/dirs.ts";
import { type FileBytes, readFile, readFileTail } from "../fs/read.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

const LEDGER_NAME_REGEXP = /^ledger-[A-Za-z0-9_-]+\.jsonl$/;

/** The most ledger bytes, all files together, a command reads whole (`pwf ledger`): 16 MiB. */
export const MAX_LEDGER_BYTES = 16 * 1024 * 1024;

/** The most ledger files a hook fire reads (the first in name order); the rest are counted. */
export const HOOK_LEDGER_FILES = 64;

/** How much of the end of each ledger file a hook fire reads (the latest records are there). */
export const LEDGER_TAIL_BYTES = 64 * 1024;

/** Most of one ledger file the gate's record count reads (a Stop hook stays bounded). */
export const LEDGER_COUNT_CAP = 1024 * 1024;

/** The ledger files of a plan, sorted by name. */
export function ledgerFiles(plan: PlanRef): Location[] {
  if (plan.legacy) return [];
  return listDir(plan.dir).filter((e) => e.isFile && LEDGER_NAME_REGEXP.test(e.name)).map((e) =>
    planFile(plan, e.name)
  );
}

/** The agent a ledger file belongs to (`ledger-<agent>.jsonl`). */
function agentOf(loc: Location): string {
  const name = loc.segments[loc.segments.length - 1] ?? "";
  return name.slice("ledger-".length, -".jsonl".length);
}

/** The non-empty records (JSON lines: only LF ends one) of ledger bytes. */
function records(text: string): string[] {
  return text.split("\n").filter((l) => l.trim() !== "");
}

/** The one-line refusal for ledgers over MAX_LEDGER_BYTES, naming the largest file. */
export function ledgerTooLarge(
  plan: PlanRef,
  largest: Location,
  size: number,
  total: number,
): PwfError {
  const name = largest.segments[largest.segments.length - 1] ?? "";
  return new PwfError(
    `cannot read the ledger: ${showLoc(largest)} is ${mebibytes(size)} MiB (all ledger files ${
      mebibytes(total)
    } MiB), over pwf's ${
      mebibytes(MAX_LEDGER_BYTES)
    } MiB limit for reading a plan's ledgers; move it out of ${plan.display}/ (or rename it to ${name}.old), then retry`,
  );
}

/**
 * Read every ledger file of a plan whole, for commands; refuses with one
 * line, before reading anything, when they hold more than MAX_LEDGER_BYTES
 * together. `skipRefused`: a file failing containment is left out instead
 * of failing the read.
 */
export function wholeLedgers(plan: PlanRef, skipRefused = false): AgentLedger[] {
  const found: { loc: Location; size: number }[] = [];
  for (const loc of ledgerFiles(plan)) {
    try {
      const f = inspect(loc);
      if (f.kind === "file") found.push({ loc, size: f.info.size });
    } catch (err) {
      if (!(err instanceof ContainmentError) || !skipRefused) throw err;
    }
  }
  const total = found.reduce((n, f) => n + f.size, 0);
  if (total > MAX_LEDGER_BYTES) {
    const largest = found.reduce((a, b) => (b.size > a.size ? b : a));
    throw ledgerTooLarge(plan, largest.loc, largest.size, total);
  }
  const out: AgentLedger[] = [];
  for (const { loc } of found) {
    let got: FileBytes | { kind: "missing" };
    try {
      got = readFile(loc, MAX_LEDGER_BYTES);
    } catch (err) {
      if (!(err instanceof ContainmentError) || !skipRefused) throw err;
      continue;
    }
    if (got.kind !== "file") continue;
    if (got.truncated) {
      throw ledgerTooLarge(plan, loc, got.size, total - got.bytes.length + got.size);
    }
    out.push({ agent: agentOf(loc), lines: records(decodeText(got.bytes)) });
  }
  return out;
}

/** What a hook fire read of the ledgers: the tails, and how many files it left unread. */
export interface RecentLedgers {
  readonly ledgers: AgentLedger[];
  /** Ledger files beyond HOOK_LEDGER_FILES, not read. */
  readonly notRead: number;
}

/**
 * The hook path's bounded read: the last LEDGER_TAIL_BYTES of each of the
 * first HOOK_LEDGER_FILES ledger files (a cut first line is dropped, and the
 * ledger is marked `tail`), so a fire costs the same whatever their size.
 */
export function recentLedgers(plan: PlanRef): RecentLedgers {
  const files = ledgerFiles(plan);
  const ledgers: AgentLedger[] = [];
  for (const loc of files.slice(0, HOOK_LEDGER_FILES)) {
    const got = readFileTail(loc, LEDGER_TAIL_BYTES);
    if (got.kind !== "file") continue;
    let text = decodeText(got.bytes);
    // A cut read starts inside a record: keep only whole lines (LF never sits inside UTF-8).
    if (got.truncated) text = text.slice(text.indexOf("\n") + 1 || text.length);
    ledgers.push({
      agent: agentOf(loc),
      lines: records(text),
      ...(got.truncated && { tail: true }),
    });
  }
  return { ledgers, notRead: Math.max(0, files.length - HOOK_LEDGER_FILES) };
}

/**
 * Total number of ledger records of a plan, as a progress signal: the
 * records in the first LEDGER_COUNT_CAP bytes of each of the first
 * HOOK_LEDGER_FILES files, plus, for a longer file, its bytes beyond the cap
 * (so growth past the cap still counts as progress without reading it).
 */
export function ledgerLineCount(plan: PlanRef): number {
  let n = 0;
  for (const loc of ledgerFiles(plan).slice(0, HOOK_LEDGER_FILES)) {
    try {
      const got = readFile(loc, LEDGER_COUNT_CAP);
      if (got.kind !== "file") continue;
      n += records(decodeText(got.bytes)).length;
      if (got.truncated) n += got.size - got.bytes.length;
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
    }
  }
  return n;
}

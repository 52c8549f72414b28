/**
 * The gate's files in a plan directory: `.stop_blocks` (consecutive blocks
 * since the last allowed stop) and `.gate_last_ledger` (the progress
 * fingerprint at the last block), plus computing the current fingerprint.
 * @module
 */

import { type GateCounters } from "../core/gate/rule.ts";
import {
  type Fingerprint,
  fingerprintText,
  parseCounter,
  parseFingerprint,
} from "../core/gate/fingerprint.ts";
import { sha256Hex } from "../core/text/sha256.ts";
import { encodeText } from "../core/text/text.ts";
import { readFile } from "../fs/read.ts";
import { removeFile, writeFile } from "../fs/write.ts";
import { ledgerLineCount } from "../ledger/files.ts";
import { MAX_PLAN_BYTES, readText } from "../plan/tree.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/** Counter file names. */
export const STOP_BLOCKS = ".stop_blocks";
/** Fingerprint file name (the original's name: it held only the ledger count). */
export const GATE_LAST_LEDGER = ".gate_last_ledger";

/** The gate files as read: counters, why they are unusable, and the raw texts. */
export interface GateState {
  readonly counters: GateCounters;
  /** Why the stored state cannot be trusted (garbage, unreadable), or null. */
  readonly problem: string | null;
  readonly blocksText: string | null;
  readonly ledgerText: string | null;
}

function readSmall(plan: PlanRef, name: string): string | null {
  return readText(planFile(plan, name), 4096);
}

function quoted(text: string): string {
  return JSON.stringify(text.trim().slice(0, 20));
}

/** Read `.stop_blocks` and `.gate_last_ledger`; never throws. */
export function readGateState(plan: PlanRef): GateState {
  let blocksText: string | null;
  let ledgerText: string | null;
  try {
    blocksText = readSmall(plan, STOP_BLOCKS);
    ledgerText = readSmall(plan, GATE_LAST_LEDGER);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      counters: { blocks: 0, lastFingerprint: null },
      problem: why,
      blocksText: null,
      ledgerText: null,
    };
  }
  const blocks = blocksText === null ? 0 : parseCounter(blocksText);
  const last = ledgerText === null ? null : parseFingerprint(ledgerText);
  let problem: string | null = null;
  if (blocks === null) {
    problem = `${STOP_BLOCKS} holds ${quoted(blocksText ?? "")}, not a count (it is reset to 0)`;
  } else if (blocks > 0 && ledgerText !== null && last === null) {
    problem = `${GATE_LAST_LEDGER} holds ${quoted(ledgerText)}, not a progress fingerprint`;
  }
  return {
    counters: { blocks: blocks ?? 0, lastFingerprint: last },
    problem,
    blocksText,
    ledgerText,
  };
}

/** Whether storing `next` changes anything on disk. */
export function gateStateChanges(state: GateState, next: GateCounters): boolean {
  const storedBlocks = state.blocksText === null ? 0 : parseCounter(state.blocksText);
  return storedBlocks !== next.blocks || ledgerChanges(state, next);
}

function ledgerChanges(state: GateState, next: GateCounters): boolean {
  if (next.lastFingerprint === null) return state.ledgerText !== null;
  return next.lastFingerprint !== state.counters.lastFingerprint || state.ledgerText === null;
}

/** Store the counters (call under the plan's lock); throws PwfError on failure. */
export function writeGateState(plan: PlanRef, state: GateState, next: GateCounters): void {
  if (ledgerChanges(state, next)) {
    const loc = planFile(plan, GATE_LAST_LEDGER);
    if (next.lastFingerprint === null) removeFile(loc);
    else writeFile(loc, fingerprintText(next.lastFingerprint));
  }
  const storedBlocks = state.blocksText === null ? 0 : parseCounter(state.blocksText);
  if (storedBlocks !== next.blocks) writeFile(planFile(plan, STOP_BLOCKS), `${next.blocks}\n`);
}

/**
 * A file's progress hash, bounded: a file over MAX_PLAN_BYTES is hashed by
 * its first MAX_PLAN_BYTES plus its size and mtime (a Stop hook must stay
 * bounded in time and memory whatever the size).
 */
async function fileHash(plan: PlanRef, name: string): Promise<string> {
  const got = readFile(planFile(plan, name), MAX_PLAN_BYTES);
  if (got.kind !== "file") return "missing";
  if (!got.truncated) return await sha256Hex(got.bytes);
  const tail = encodeText(`\0size=${got.size}\0mtime=${got.mtimeMs}`);
  const all = new Uint8Array(got.bytes.length + tail.length);
  all.set(got.bytes);
  all.set(tail, got.bytes.length);
  return await sha256Hex(all);
}

/** The plan's progress fingerprint now: ledger records and the two file hashes. */
export async function progressFingerprint(plan: PlanRef): Promise<Fingerprint> {
  return {
    ledgerLines: ledgerLineCount(plan),
    planHash: await fileHash(plan, "task_plan.md"),
    progressHash: await fileHash(plan, "progress.md"),
  };
}

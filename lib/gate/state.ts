/**
 * The gate's files in a plan directory: `.stop_blocks` (consecutive blocks
 * since the last allowed stop) and `.gate_last_ledger` (the progress
 * fingerprint at the last block), plus computing the current fingerprint.
 * A Stop that names its session counts in that session's own file
 * (`.planning/.cache/gate/<16 hex>.txt`: the count line, then the
 * fingerprint), so one session's allowed stop never resets another's count
 * (issue 26 item 10); the plan's two files serve Stops without a session.
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
import { type BoundedDir, boundedLoc, makeRoom } from "../fs/cache.ts";
import { fnv1a64 } from "../core/session/binding.ts";
import { removeFile, writeFile } from "../fs/write.ts";
import { ledgerLineCount } from "../ledger/files.ts";
import { evidenceSize } from "../verify/store.ts";
import { MAX_PLAN_BYTES, readText } from "../plan/tree.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";
import { planFileDigest } from "../plan/digest.ts";
import type { PlanFileName } from "../fs/paths.ts";

/** Counter file names. */
export const STOP_BLOCKS = ".stop_blocks";
/** Fingerprint file name (the original's name: it held only the ledger count). */
export const GATE_LAST_LEDGER = ".gate_last_ledger";

/** Per-session gate files: one small file per (plan, session), bounded like bindings. */
const SESSION_GATES: BoundedDir = {
  dir: [".cache", "gate"],
  files: /^[0-9a-f]{16}\.txt$/,
  max: 64,
  pruneTo: 48,
  expiryMs: 7 * 24 * 60 * 60 * 1000,
};

/** Whose consecutive blocks a Stop counts: the plan's (no session) or one session's. */
export interface GateKey {
  readonly plan: PlanRef;
  /** The Stop's session id, when the host sent one. */
  readonly session?: string | undefined;
  /** The clock (a new session file may prune the oldest ones). */
  readonly now?: Date;
}

function sessionFile(key: GateKey): string {
  return `${fnv1a64(`${key.plan.id ?? ""}\0${key.session ?? ""}`)}.txt`;
}

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

/** The count text and the fingerprint text of a key (null: none stored). */
function readTexts(key: GateKey): { blocksText: string | null; ledgerText: string | null } {
  if (key.session === undefined || key.plan.id === null) {
    return {
      blocksText: readSmall(key.plan, STOP_BLOCKS),
      ledgerText: readSmall(key.plan, GATE_LAST_LEDGER),
    };
  }
  const whole = readText(boundedLoc(key.plan.dir.root, SESSION_GATES, sessionFile(key)), 4096);
  if (whole === null) return { blocksText: null, ledgerText: null };
  const cut = whole.indexOf("\n");
  const rest = cut < 0 ? "" : whole.slice(cut + 1);
  return { blocksText: cut < 0 ? whole : whole.slice(0, cut + 1), ledgerText: rest || null };
}

/** Read the gate state of a plan, or of one session's Stops on it; never throws. */
export function readGateState(target: PlanRef | GateKey): GateState {
  const key = "plan" in target ? target : { plan: target };
  let blocksText: string | null;
  let ledgerText: string | null;
  try {
    ({ blocksText, ledgerText } = readTexts(key));
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
export function writeGateState(
  target: PlanRef | GateKey,
  state: GateState,
  next: GateCounters,
): void {
  const key = "plan" in target ? target : { plan: target };
  if (key.session !== undefined && key.plan.id !== null) {
    writeSessionState(key, next);
    return;
  }
  const plan = key.plan;
  if (ledgerChanges(state, next)) {
    const loc = planFile(plan, GATE_LAST_LEDGER);
    if (next.lastFingerprint === null) removeFile(loc);
    else writeFile(loc, fingerprintText(next.lastFingerprint));
  }
  const storedBlocks = state.blocksText === null ? 0 : parseCounter(state.blocksText);
  if (storedBlocks !== next.blocks) writeFile(planFile(plan, STOP_BLOCKS), `${next.blocks}\n`);
}

function writeSessionState(key: GateKey, next: GateCounters): void {
  const root = key.plan.dir.root;
  const name = sessionFile(key);
  const loc = boundedLoc(root, SESSION_GATES, name);
  if (next.blocks === 0 && next.lastFingerprint === null) {
    removeFile(loc);
    return;
  }
  makeRoom(root, SESSION_GATES, name, key.now ?? new Date(0));
  const fp = next.lastFingerprint === null ? "" : fingerprintText(next.lastFingerprint);
  writeFile(loc, `${next.blocks}\n${fp}`);
}

/**
 * A file's progress hash, bounded: a file over MAX_PLAN_BYTES is hashed by
 * its first MAX_PLAN_BYTES plus its size and mtime (a Stop hook must stay
 * bounded in time and memory whatever the size).
 */
async function fileHash(plan: PlanRef, name: PlanFileName): Promise<string> {
  const got = readFile(planFile(plan, name), MAX_PLAN_BYTES);
  if (got.kind !== "file") return "missing";
  if (!got.truncated) return await planFileDigest(plan, name, got);
  const tail = encodeText(`\0size=${got.size}\0mtime=${got.mtimeMs}`);
  const all = new Uint8Array(got.bytes.length + tail.length);
  all.set(got.bytes);
  all.set(tail, got.bytes.length);
  return await sha256Hex(all);
}

/**
 * The plan's progress fingerprint now: ledger records and the two file
 * hashes. `planDigest` is task_plan.md's whole-file digest when the caller
 * has just computed it (the gate's attestation check), so it is not hashed twice.
 */
export async function progressFingerprint(
  plan: PlanRef,
  planDigest?: string,
): Promise<Fingerprint> {
  return {
    // A new receipt (the model ran a check) is progress too (issue 28).
    ledgerLines: ledgerLineCount(plan) + evidenceSize(plan),
    planHash: planDigest ?? await fileHash(plan, "task_plan.md"),
    progressHash: await fileHash(plan, "progress.md"),
  };
}

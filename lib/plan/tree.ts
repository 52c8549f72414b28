/**
 * The `.planning` tree: creating it, new plan directories, the
 * `.active_plan` pointer and the per-plan state files.
 * @module
 */

import { type Attestation, attestationState, attestationText } from "../core/plan/attestation.ts";
import { PwfError } from "../core/errors.ts";
import type { FileStamp } from "../core/plan/digest_memo.ts";
import { type Mode, parseMode } from "../core/plan/mode.ts";
import { sha256Hex } from "../core/text/sha256.ts";
import { decodeText, mebibytes } from "../core/text/text.ts";
import { inspect, type Location, planningLoc } from "../fs/containment.ts";
import { makeDir } from "../fs/dirs.ts";
import {
  type FileBytes,
  READ_CAP,
  readBytesOrNull,
  readFile,
  readOptionalFile,
  readWholeFile,
} from "../fs/read.ts";
import { removeFile, writeFile, type WriteOptions } from "../fs/write.ts";
import { withLock } from "../fs/lock.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";
import { planFileDigest } from "./digest.ts";

/** Create `.planning/` (0700) and its `.gitignore` (ignoring `.cache/`) if absent. */
export function ensurePlanning(root: string): void {
  makeDir(planningLoc(root));
  writeFile(planningLoc(root, ".gitignore"), ".cache/\n", { createOnly: true });
}

/**
 * Create the first free plan directory among `candidates` (exclusive mkdir,
 * so parallel inits of one name get distinct plans). Returns its id.
 */
export function createPlanDir(root: string, candidates: readonly string[]): string {
  ensurePlanning(root);
  for (const id of candidates) {
    if (makeDir(planningLoc(root, id))) return id;
  }
  throw new PwfError(
    `cannot create a plan directory: ${candidates[0]} and its first ${
      candidates.length - 1
    } numbered variants exist`,
  );
}

/** Point `.planning/.active_plan` at a plan id (under the .planning lock). */
export async function setActivePlan(root: string, id: string): Promise<void> {
  await withLock(planningLoc(root), () => writeFile(planningLoc(root, ".active_plan"), `${id}\n`));
}

/** The raw `.active_plan` content, trimmed; null when missing. */
export function readActivePointer(root: string): string | null {
  const got = readFile(planningLoc(root, ".active_plan"), 4096);
  return got.kind === "file" ? decodeText(got.bytes).trim() : null;
}

/** Read a plan file as text (at most `cap` bytes); null when missing. */
export function readText(loc: Location, cap?: number): string | null {
  const bytes = readBytesOrNull(loc, cap);
  return bytes === null ? null : decodeText(bytes);
}

/** readText for a file that is usually absent (readOptionalFile: no NotFound thrown). */
export function readOptionalText(loc: Location, cap?: number): string | null {
  const got = readOptionalFile(loc, cap);
  return got.kind === "file" ? decodeText(got.bytes) : null;
}

/** The plan's mode (no `.mode` file: interactive). */
export function readMode(plan: PlanRef): Mode {
  // A legacy root plan's .mode sits outside the read grant: it reads as interactive.
  if (plan.legacy) return parseMode("");
  return parseMode(readOptionalText(planFile(plan, ".mode")) ?? "");
}

/**
 * The largest task_plan.md pwf hashes (attest, verify) or edits (`pwf
 * phase`): 16 MiB. Beyond it those refuse with one line; hooks stay bounded
 * whatever the size (an unattested plan is read up to READ_CAP, an attested
 * one over the limit is refused without being read).
 */
export const MAX_PLAN_BYTES = 16 * 1024 * 1024;

/** The one-line refusal for a plan over MAX_PLAN_BYTES. */
export function planTooLarge(plan: PlanRef, size: number): PwfError {
  return new PwfError(
    `${plan.display}/task_plan.md is ${mebibytes(size)} MiB, over pwf's ${
      mebibytes(MAX_PLAN_BYTES)
    } MiB limit for hashing and editing a plan; shorten it (move history to findings.md or an archive)`,
  );
}

/** task_plan.md's bytes, whole, in one read; refuses (before reading) a plan over MAX_PLAN_BYTES. */
export function readWholePlan(plan: PlanRef): FileBytes | { kind: "missing" } {
  const got = readWholeFile(planFile(plan, "task_plan.md"), MAX_PLAN_BYTES);
  if (got.kind === "file" && got.truncated) throw planTooLarge(plan, got.size);
  return got;
}

/** SHA-256 of task_plan.md's raw bytes (whole file, up to MAX_PLAN_BYTES), hashed now. */
export async function planHash(plan: PlanRef): Promise<string | null> {
  const got = readWholePlan(plan);
  return got.kind === "file" ? await sha256Hex(got.bytes) : null;
}

/** The attestation file of a plan (`.attestation`). */
export function attestationLoc(plan: PlanRef): Location {
  return planFile(plan, plan.legacy ? ".plan-attestation" : ".attestation");
}

/**
 * The hash `pwf phase` is about to commit (`.attestation.pending`): written
 * before the plan, removed after `.attestation`. A crash in between leaves
 * it naming the new plan, so the pair can be repaired (issue 12 item 8).
 */
export function pendingAttestationLoc(plan: PlanRef): Location {
  return planFile(plan, ".attestation.pending");
}

/** The stored attestation text, or null (the legacy root one is outside the read grant). */
export function readStoredAttestation(plan: PlanRef): string | null {
  return plan.legacy ? null : readOptionalText(attestationLoc(plan), 4096);
}

/**
 * The plan's attestation state, hashing exactly `whole` (task_plan.md read
 * whole, as the caller read and will show it) or, without it, the plan read
 * whole once; an unchanged large plan's digest may come from its memo
 * (lib/plan/digest.ts), and is remembered unless `remember` is false (the
 * caller is about to replace the plan: `pwf phase`). A mismatch that `.attestation.pending` explains (an
 * interrupted `pwf phase` wrote the plan but not yet its attestation) is
 * repaired and reported as intact with `repaired: true`.
 */
export async function readAttestation(
  plan: PlanRef,
  whole?: FileBytes,
  remember = true,
): Promise<Attestation> {
  return await attestationOf(plan, readStoredAttestation(plan), whole, remember);
}

/** readAttestation with the stored attestation text already read (`stored`). */
async function attestationOf(
  plan: PlanRef,
  stored: string | null,
  whole?: FileBytes,
  remember = true,
): Promise<Attestation> {
  // No attestation, nothing to compare: skip hashing the plan (the hot path).
  if (stored === null) return { state: "none" };
  const got = whole ?? readWholePlan(plan);
  const actual = got.kind === "file"
    ? await planFileDigest(plan, "task_plan.md", got, remember)
    : null;
  const a = attestationState(stored, actual ?? "");
  if (a.state !== "tampered" || actual === null) return a;
  const pending = readText(pendingAttestationLoc(plan), 4096)?.trim().toLowerCase();
  if (pending !== actual) return a;
  try {
    writeFile(attestationLoc(plan), attestationText(actual));
    removeFile(pendingAttestationLoc(plan));
  } catch { /* read-only: still intact, repaired next time */ }
  return { state: "intact", hash: actual, repaired: true };
}

/** task_plan.md as read once for showing it, with the attestation of exactly those bytes. */
export interface PlanRead {
  /** The text to show: the whole plan, or its first READ_CAP bytes. */
  readonly text: string;
  /** Whether `text` is less than the whole file. */
  readonly truncated: boolean;
  readonly attestation: Attestation;
  /** The file's modification time (ms since the epoch, 0 if unknown), from the same read. */
  readonly mtimeMs: number;
  /** The version read (lib/core/plan/digest_memo.ts), or null. */
  readonly stamp: FileStamp | null;
}

/**
 * Read task_plan.md once for a view (hooks, status): an unattested plan up to
 * READ_CAP; an attested one whole (up to MAX_PLAN_BYTES, else refused with
 * one line), hashed, and the view cut from those same bytes, so "attested"
 * always heads exactly the approved text (issue 12 item 7). Null when missing.
 * `stored` is `.attestation` when the caller has read it already (null: none).
 */
export async function readPlanForView(
  plan: PlanRef,
  stored: string | null = readStoredAttestation(plan),
): Promise<PlanRead | null> {
  const got = stored !== null ? readWholePlan(plan) : readFile(planFile(plan, "task_plan.md"));
  if (got.kind === "missing") return null;
  const cut = got.bytes.length > READ_CAP;
  return {
    text: decodeText(cut ? got.bytes.subarray(0, READ_CAP) : got.bytes),
    truncated: got.truncated || cut,
    attestation: await attestationOf(plan, stored, got),
    mtimeMs: got.mtimeMs,
    stamp: got.stamp,
  };
}

/** What a command says on stderr when readAttestation repaired the pair. */
export function repairedLine(display: string): string {
  return `pwf: repaired ${display}/.attestation: an interrupted "pwf phase" had written task_plan.md but not yet its attestation\n`;
}

/**
 * Commit new plan bytes and their attestation as a pair: pending hash, plan,
 * attestation, then the pending file goes. Killed anywhere, the plan is old
 * or new and readAttestation accepts (and repairs) the pair. Null when
 * `opts.stillCurrent` abandoned the write (nothing changed).
 */
export async function writeAttestedPlan(
  plan: PlanRef,
  bytes: Uint8Array,
  opts: WriteOptions = {},
): Promise<string | null> {
  const hash = await sha256Hex(bytes);
  writeFile(pendingAttestationLoc(plan), attestationText(hash));
  if (!writeFile(planFile(plan, "task_plan.md"), bytes, opts)) {
    // The plan changed under the edit (stillCurrent): nothing was committed.
    removeFile(pendingAttestationLoc(plan));
    return null;
  }
  writeFile(attestationLoc(plan), attestationText(hash));
  removeFile(pendingAttestationLoc(plan));
  return hash;
}

/** Write the attestation for the plan's current content; returns the hash. */
export async function attestPlan(plan: PlanRef): Promise<string> {
  requirePlanningPlan(plan, "attest");
  const hash = await planHash(plan);
  if (hash === null) throw new PwfError(`cannot attest "${plan.display}": task_plan.md is missing`);
  writeFile(attestationLoc(plan), attestationText(hash));
  removeFile(pendingAttestationLoc(plan));
  return hash;
}

/** Refuse writes to the read-only legacy root plan. */
export function requirePlanningPlan(plan: PlanRef, action: string): void {
  if (plan.legacy) {
    throw new PwfError(
      `cannot ${action} the legacy root task_plan.md: pwf writes only inside .planning (move it with "pwf init" and copy the content)`,
    );
  }
}

/** Reset the gate counters: `.stop_blocks` = 0, no `.gate_last_ledger`. */
export function resetGate(plan: PlanRef): void {
  requirePlanningPlan(plan, "reset the gate of");
  writeFile(planFile(plan, ".stop_blocks"), "0\n");
  removeFile(planFile(plan, ".gate_last_ledger"));
}

/** Whether a plan directory exists with a task_plan.md. */
export function planExists(plan: PlanRef): boolean {
  return inspect(planFile(plan, "task_plan.md")).kind === "file";
}

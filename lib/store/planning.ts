/**
 * The `.planning` tree: creating it, new plan directories, the
 * `.active_plan` pointer and the per-plan state files.
 * @module
 */

import { type Attestation, attestationState, attestationText } from "../core/attestation.ts";
import { PwfError } from "../core/errors.ts";
import { type Mode, parseMode } from "../core/mode.ts";
import { sha256Hex } from "../core/sha256.ts";
import { decodeText } from "../core/text.ts";
import { inspect, type Location, planningLoc } from "./containment.ts";
import { makeDir, readBytesOrNull, readFile, removeFile, writeFile } from "./files.ts";
import { withLock } from "./lock.ts";
import { planFile, type PlanRef } from "./resolve.ts";

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

/** The plan's mode (no `.mode` file: interactive). */
export function readMode(plan: PlanRef): Mode {
  // A legacy root plan's .mode sits outside the read grant: it reads as interactive.
  if (plan.legacy) return parseMode("");
  return parseMode(readText(planFile(plan, ".mode")) ?? "");
}

/** SHA-256 of task_plan.md's raw bytes (whole file, however large). */
export async function planHash(plan: PlanRef): Promise<string | null> {
  const got = readFile(planFile(plan, "task_plan.md"), Number.MAX_SAFE_INTEGER);
  return got.kind === "file" ? await sha256Hex(got.bytes) : null;
}

/** The attestation file of a plan (`.attestation`). */
export function attestationLoc(plan: PlanRef): Location {
  return planFile(plan, plan.legacy ? ".plan-attestation" : ".attestation");
}

/** The plan's attestation state; `whole` is task_plan.md's bytes when the caller already read all of it. */
export async function readAttestation(plan: PlanRef, whole?: Uint8Array): Promise<Attestation> {
  // The legacy root attestation (.plan-attestation) is outside the read grant.
  if (plan.legacy) return { state: "none" };
  const stored = readText(attestationLoc(plan));
  // No attestation, nothing to compare: skip hashing the plan (the hot path).
  if (stored === null) return { state: "none" };
  const actual = whole ? await sha256Hex(whole) : await planHash(plan);
  return attestationState(stored, actual ?? "");
}

/** Write the attestation for the plan's current content; returns the hash. */
export async function attestPlan(plan: PlanRef): Promise<string> {
  requirePlanningPlan(plan, "attest");
  const hash = await planHash(plan);
  if (hash === null) throw new PwfError(`cannot attest "${plan.display}": task_plan.md is missing`);
  writeFile(attestationLoc(plan), attestationText(hash));
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

/**
 * Listing the plans in `.planning` (and the retired ones in
 * `.planning/.archive`), and which of them are open.
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import { isValidPlanId } from "../core/plan/id.ts";
import { countPhases, parsePlan } from "../core/plan/parse.ts";
import { isFinished } from "../core/session/binding.ts";
import { decodeText } from "../core/text/text.ts";
import { inspect, planningLoc } from "../fs/containment.ts";
import { listDir } from "../fs/dirs.ts";
import { readFile } from "../fs/read.ts";

/** Where retired plans live: `.planning/.archive/<id>/` (dot-named: every resolver skips it). */
export const ARCHIVE_DIR = ".archive";

/** Whether `<base>/<id>/task_plan.md` is a contained file; a refusal is no (its reason in `refusals`). */
function hasPlanFile(root: string, base: string[], id: string, refusals?: string[]): boolean {
  try {
    return inspect(planningLoc(root, ...base, id, "task_plan.md")).kind === "file";
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    refusals?.push(err.message);
    return false;
  }
}

function withPlanFile(root: string, base: string[], refusals?: string[]): string[] {
  return listDir(planningLoc(root, ...base)).filter((e) => e.isDirectory && isValidPlanId(e.name))
    .map((e) => e.name)
    .filter((id) => hasPlanFile(root, base, id, refusals));
}

/** Names pwf itself keeps directly in `.planning` (besides plan directories). */
const OWN_ENTRIES = new Set([
  ".active_plan",
  ".gitignore",
  ".cache",
  ARCHIVE_DIR,
  ".pwf.lock",
  "sessions",
]);

/**
 * What else `.planning` holds: entries that are neither pwf's own nor a plan
 * directory (another tool's files, e.g. GSD's STATE.md and phases/), sorted,
 * directories with a trailing "/". pwf never lists, counts, moves or writes
 * them (issue 30); doctor names them. Temp files of pwf's own writes are left out.
 */
export function foreignEntries(root: string): string[] {
  const plans = new Set(listPlans(root));
  return listDir(planningLoc(root))
    .filter((e) => !OWN_ENTRIES.has(e.name) && !plans.has(e.name) && !e.name.includes(".tmp-"))
    .map((e) => e.isDirectory ? `${e.name}/` : e.name)
    .sort();
}

/** Ids of every contained plan directory with a task_plan.md, sorted. */
export function listPlans(root: string, refusals?: string[]): string[] {
  return withPlanFile(root, [], refusals);
}

/**
 * Ids of every archived plan (`.planning/.archive/<id>/task_plan.md`), sorted.
 * An archive that cannot be listed (refused, or over the listing cap) lists
 * nothing, its reason in `refusals`.
 */
export function listArchived(root: string, refusals?: string[]): string[] {
  try {
    return withPlanFile(root, [ARCHIVE_DIR], refusals);
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    refusals?.push(err.message);
    return [];
  }
}

/**
 * Whether `.planning/.archive/<name>` is free: nothing of any kind there, so an
 * archive under that name clashes with nothing (ids stay unique: issue 24).
 * Throws ContainmentError when the archive cannot be inspected.
 */
export function archiveNameFree(root: string, name: string): boolean {
  return inspect(planningLoc(root, ARCHIVE_DIR, name)).kind === "missing";
}

/** Whether plan `id` is archived (`.planning/.archive/<id>/task_plan.md`): that one entry inspected. */
export function isArchived(root: string, id: string): boolean {
  return hasPlanFile(root, [ARCHIVE_DIR], id);
}

/** A plan and whether its phases are all complete. */
export interface PlanState {
  readonly id: string;
  readonly finished: boolean;
}

/** Whether plan `id`'s phases are all complete (reads at most 4 MiB of task_plan.md). */
export function planFinished(root: string, id: string): boolean {
  const got = readFile(planningLoc(root, id, "task_plan.md"));
  return got.kind === "file" && isFinished(countPhases(parsePlan(decodeText(got.bytes))));
}

/**
 * Every plan with its state; plans failing containment are skipped (their
 * reason in `refusals`). `known`: a plan the caller has read already, not
 * read again.
 */
export function planStates(root: string, refusals?: string[], known?: PlanState): PlanState[] {
  return statesOf(root, listPlans(root, refusals), refusals, known);
}

/** The states of the plans `ids` (already listed), skipping those failing containment. */
function statesOf(
  root: string,
  ids: readonly string[],
  refusals?: string[],
  known?: PlanState,
): PlanState[] {
  const out: PlanState[] = [];
  for (const id of ids) {
    if (id === known?.id) {
      out.push(known);
      continue;
    }
    try {
      out.push({ id, finished: planFinished(root, id) });
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
      refusals?.push(err.message);
    }
  }
  return out;
}

/** Ids of the open plans (not archived, not all phases complete). */
export function openPlans(root: string): string[] {
  return planStates(root).filter((p) => !p.finished).map((p) => p.id);
}

/** The open plans among `ids`, a listing the caller already has. */
export function openPlansAmong(root: string, ids: readonly string[]): string[] {
  return statesOf(root, ids).filter((p) => !p.finished).map((p) => p.id);
}

/**
 * Plan resolution (SPEC section 3), the one function every command and hook
 * uses: PLAN_ID (binding) -> .planning/.active_plan -> newest task_plan.md ->
 * legacy root task_plan.md (read-only). Candidates failing containment are
 * skipped.
 * @module
 */

import { plainExcerpt, quoteExcerpt } from "../core/excerpt.ts";
import { ContainmentError } from "../core/errors.ts";
import { isValidPlanId } from "../core/plan_id.ts";
import { decodeText } from "../core/text.ts";
import { inspect, legacyLoc, type Location, planningLoc } from "./containment.ts";
import { listDir, readFile } from "./files.ts";
import type { PlanFileName } from "./paths.ts";

/** A resolved plan: where its files live. */
export interface PlanRef {
  /** Plan id, or null for the legacy root plan. */
  readonly id: string | null;
  /** Whether this is the read-only legacy root plan. */
  readonly legacy: boolean;
  /** The plan directory (`.planning/<id>`), or the root for a legacy plan. */
  readonly dir: Location;
  /** Display path of the plan directory relative to the root. */
  readonly display: string;
}

/** How the plan was chosen. */
export type ResolutionSource = "PLAN_ID" | "active_plan" | "newest" | "legacy";

/** Outcome of resolution. */
export type Resolution =
  | {
    readonly kind: "plan";
    readonly plan: PlanRef;
    readonly source: ResolutionSource;
    readonly why: string;
  }
  | { readonly kind: "none"; readonly why: string }
  | { readonly kind: "refused"; readonly why: string };

/** A file of a resolved plan. */
export function planFile(plan: PlanRef, name: PlanFileName | string): Location {
  return plan.legacy
    ? legacyLoc(plan.dir.root, name)
    : planningLoc(plan.dir.root, plan.id ?? "", name);
}

/** A resolved plan reference for a plan id. */
export function planRef(root: string, id: string): PlanRef {
  return { id, legacy: false, dir: planningLoc(root, id), display: `.planning/${id}` };
}

/** Whether plan `id` has a task_plan.md: true, false, or the containment refusal. */
function planFileState(root: string, id: string): boolean | string {
  try {
    return inspect(planningLoc(root, id, "task_plan.md")).kind === "file";
  } catch (err) {
    if (err instanceof ContainmentError) return err.message;
    throw err;
  }
}

function readPointer(root: string): string | null {
  try {
    const got = readFile(planningLoc(root, ".active_plan"), 4096);
    return got.kind === "file" ? decodeText(got.bytes).trim() : null;
  } catch (err) {
    if (err instanceof ContainmentError) return null;
    throw err;
  }
}

function newestPlan(root: string, refusals: string[]): string | null {
  let best: { id: string; mtime: number } | null = null;
  for (const entry of listDir(planningLoc(root))) {
    if (!entry.isDirectory || !isValidPlanId(entry.name)) continue;
    let mtime: number;
    try {
      const found = inspect(planningLoc(root, entry.name, "task_plan.md"));
      if (found.kind !== "file") continue;
      mtime = found.info.mtime?.getTime() ?? 0;
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
      refusals.push(err.message);
      continue;
    }
    if (!best || mtime > best.mtime || (mtime === best.mtime && entry.name > best.id)) {
      best = { id: entry.name, mtime };
    }
  }
  return best?.id ?? null;
}

function pinProblem(root: string, pin: string | undefined): string | null {
  if (pin === undefined || pin === "") return null;
  const trim = (p: string) => p.replace(/[\\/]+$/, "") || p;
  if (pin === "." || pin === "./" || trim(pin) === trim(root)) return null;
  return `PWF_PLAN_ROOT=${
    quoteExcerpt(pin, 60)
  } is not the directory pwf started in; the sandbox cannot reach it (run pwf from that directory instead)`;
}

/**
 * Resolve the plan for a project root. `env` gives PLAN_ID and PWF_PLAN_ROOT.
 * Never throws for a bad candidate; a symlinked `.planning` is refused.
 */
export function resolvePlan(root: string, env: (name: string) => string | undefined): Resolution {
  const pinned = pinProblem(root, env("PWF_PLAN_ROOT"));
  if (pinned) return { kind: "refused", why: pinned };
  try {
    if (inspect(planningLoc(root)).kind === "file") {
      return {
        kind: "refused",
        why: '.planning is a regular file, not a directory (move it away, then run "pwf init")',
      };
    }
  } catch (err) {
    if (err instanceof ContainmentError) return { kind: "refused", why: err.message };
    throw err;
  }
  const pinnedId = env("PLAN_ID");
  if (pinnedId !== undefined && pinnedId !== "") return byPlanId(root, pinnedId);
  const pointer = readPointer(root);
  const refusals: string[] = [];
  const pointed = pointer !== null && isValidPlanId(pointer) ? planFileState(root, pointer) : false;
  if (typeof pointed === "string") refusals.push(pointed);
  if (pointer !== null && pointed === true) {
    return {
      kind: "plan",
      plan: planRef(root, pointer),
      source: "active_plan",
      why: "named by .planning/.active_plan",
    };
  }
  const newest = newestPlan(root, refusals);
  if (newest !== null) {
    const skipped = pointer === null
      ? ""
      : ` (.active_plan ${quoteExcerpt(pointer, 60)} is invalid or has no task_plan.md)`;
    return {
      kind: "plan",
      plan: planRef(root, newest),
      source: "newest",
      why: `newest task_plan.md in .planning${skipped}`,
    };
  }
  const legacy = legacyPlan(root);
  // Candidates failing containment were skipped; with nothing else to use, say why.
  return legacy.kind === "none" && refusals[0] !== undefined
    ? { kind: "refused", why: `no usable plan: ${refusals[0]}` }
    : legacy;
}

function byPlanId(root: string, id: string): Resolution {
  if (!isValidPlanId(id)) {
    return {
      kind: "refused",
      why: `PLAN_ID=${
        quoteExcerpt(id, 60)
      } is not a valid plan id (letters, digits, ".", "_", "-"; no leading "." or "-")`,
    };
  }
  const state = planFileState(root, id);
  if (typeof state === "string") {
    return { kind: "refused", why: `PLAN_ID=${quoteExcerpt(id, 60)}: ${state}` };
  }
  if (!state) {
    return {
      kind: "refused",
      why: `PLAN_ID=${quoteExcerpt(id, 60)} names no plan: .planning/${
        plainExcerpt(id, 60)
      }/task_plan.md is missing (see "pwf use --list")`,
    };
  }
  return { kind: "plan", plan: planRef(root, id), source: "PLAN_ID", why: "named by PLAN_ID" };
}

function legacyPlan(root: string): Resolution {
  try {
    if (inspect(legacyLoc(root, "task_plan.md")).kind === "file") {
      const plan: PlanRef = { id: null, legacy: true, dir: { root, segments: [] }, display: "." };
      return {
        kind: "plan",
        plan,
        source: "legacy",
        why: "legacy task_plan.md in the project root (read-only)",
      };
    }
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    return { kind: "refused", why: err.message };
  }
  return {
    kind: "none",
    why: 'no plan: .planning has no plan and there is no task_plan.md (start one with "pwf init")',
  };
}

/**
 * A resolved plan and the shapes of a resolution: where a plan's files
 * live (PlanRef, planFile), how it was chosen, and the session it is for.
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import type { ResolutionSource } from "../core/session/source.ts";
import { inspect, legacyLoc, type Location, planningLoc } from "../fs/containment.ts";
import type { PlanFileName } from "../fs/paths.ts";

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

/** How the plan was chosen (lib/core/session/source.ts). */
export type { ResolutionSource };

/** Outcome of resolution. */
export type Resolution =
  | {
    readonly kind: "plan";
    readonly plan: PlanRef;
    readonly source: ResolutionSource;
    readonly why: string;
  }
  | { readonly kind: "none"; readonly why: string }
  | {
    readonly kind: "refused";
    readonly why: string;
    /** With two or more open plans and nothing chosen: the plans to choose from. */
    readonly choices?: readonly string[];
    /** The session's own plan, archived: the session is told once (markArchivedTold), never moved. */
    readonly archived?: string;
  };

/** The session a resolution is for (a hook's payload id, or one from the environment). */
export interface SessionScope {
  /** A validated session id (lib/hosts/payload.ts isValidSessionId). */
  readonly id: string;
  /** When set, bind an unbound session to what resolves (hooks do; commands only read). */
  readonly bind?: {
    /** Host name recorded in the binding. */
    readonly host: string;
    readonly now: Date;
    /** Re-stamp an existing binding now (SessionStart: startup, resume, clear, compact). */
    readonly refresh?: boolean;
    /** The host process (`claude:<pid>`), recorded in the binding. */
    readonly proc?: string | undefined;
    /** SessionStart after /clear: an unbound session takes over the plan of the last session of `proc`. */
    readonly afterClear?: boolean;
  };
}

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
export function planFileState(root: string, id: string): boolean | string {
  try {
    return inspect(planningLoc(root, id, "task_plan.md")).kind === "file";
  } catch (err) {
    if (err instanceof ContainmentError) return err.message;
    throw err;
  }
}

/**
 * Which `.planning` a command or hook uses: the nearest one from the
 * directory pwf starts in, up to MAX_LEVELS_UP ancestors and never above the
 * project root a host names (lib/core/plan/planning_root.ts), as git finds
 * `.git`. One lstat per directory looked at, stopping at the first hit.
 * @module
 */

import { type Reach, searchSpan } from "../core/plan/planning_root.ts";
import type { Host } from "../core/host.ts";
import { nearestPlanning } from "../fs/containment.ts";
import { projectRootFromEnv } from "../hosts/session_env.ts";

/** Where pwf looked and what it uses. */
export interface PlanningPlace {
  /** The directory pwf started in. */
  readonly start: string;
  /** The directory whose `.planning` is used: the nearest found, else the start. */
  readonly root: string;
  /** How many levels above the start `root` is (0: the start itself, or none found). */
  readonly levelsUp: number;
  /** Whether a `.planning` was found (at `root`). */
  readonly found: boolean;
  /** The project root the host names, if any. */
  readonly projectRoot: string | undefined;
  readonly reach: Reach;
}

/** Find the `.planning` pwf uses from the Host's start directory. */
export function locatePlanning(host: Pick<Host, "cwd" | "env" | "os">): PlanningPlace {
  const projectRoot = projectRootFromEnv((n) => host.env(n));
  const span = searchSpan(host.cwd, projectRoot, host.os);
  const root = nearestPlanning(span.dirs);
  return {
    start: host.cwd,
    root: root ?? host.cwd,
    levelsUp: root === null ? 0 : Math.max(0, span.dirs.indexOf(root)),
    found: root !== null,
    projectRoot,
    reach: span.reach,
  };
}

/**
 * Whether the host names a project root that pwf cannot reach from here
 * and so sees no plan: the agent left the project (or went deeper than pwf
 * looks), rather than a project with no plan.
 */
export function leftProject(place: PlanningPlace): boolean {
  return !place.found && (place.reach === "outside" || place.reach === "beyond");
}

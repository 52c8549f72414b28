/**
 * Listing the plans in `.planning`.
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import { isValidPlanId } from "../core/plan_id.ts";
import { inspect, planningLoc } from "./containment.ts";
import { listDir } from "./files.ts";

/** Ids of every contained plan directory with a task_plan.md, sorted. */
export function listPlans(root: string): string[] {
  return listDir(planningLoc(root)).filter((e) => e.isDirectory && isValidPlanId(e.name)).map((e) =>
    e.name
  )
    .filter((id) => {
      try {
        return inspect(planningLoc(root, id, "task_plan.md")).kind === "file";
      } catch (err) {
        if (err instanceof ContainmentError) return false;
        throw err;
      }
    });
}

/**
 * The plans-and-sessions overview `pwf status` and `pwf doctor` print.
 * @module
 */

import { type PlanOverview, sessionCounts } from "../core/session/binding.ts";
import { listBindings } from "./bindings.ts";
import { listArchived, type PlanState, planStates } from "../plan/catalog.ts";

/** The overview, and the unusable binding files its `badBindings` counts (doctor names the first). */
export interface StoreOverview extends PlanOverview {
  readonly bad: readonly { readonly file: string; readonly why: string }[];
}

/**
 * Open, finished and archived plans, and the sessions bound to each.
 * `known`: the state of a plan the caller has read already (status: the one
 * it shows), taken as given instead of read again.
 */
export function planOverview(root: string, known?: PlanState): StoreOverview {
  const states = planStates(root, undefined, known);
  const { bindings, bad } = listBindings(root);
  const counts = sessionCounts(bindings);
  return {
    open: states.filter((s) => !s.finished).map((s) => s.id),
    finished: states.filter((s) => s.finished).map((s) => s.id),
    archived: listArchived(root),
    sessions: [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([plan, count]) => ({
      plan,
      count,
    })),
    badBindings: bad.length,
    bad,
  };
}

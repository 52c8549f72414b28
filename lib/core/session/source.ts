/**
 * How a plan was chosen for a command or a fire: the one list of sources,
 * shared by resolution (lib/session/plan_ref.ts) and by the words that name
 * it to the model (lib/core/plan/notices.ts).
 * @module
 */

/** How the plan was chosen. */
export type ResolutionSource =
  | "PLAN_ID"
  | "session"
  | "active_plan"
  | "only_open"
  | "only_plan"
  | "legacy";

/**
 * Resolving the plan for a command: the resolution turned into a PlanRef or
 * a typed error carrying exit 5.
 * @module
 */

import { displayJoin, displayPath, displayPathsIn, printableJson } from "../core/text/display.ts";
import type { Attestation } from "../core/plan/attestation.ts";
import { NoPlanError } from "../core/errors.ts";
import { sessionIdFromEnv } from "../hosts/session_env.ts";
import { repairedLine } from "../plan/tree.ts";
import { type PlanRef, type Resolution, type ResolutionSource } from "../session/plan_ref.ts";
import { resolvePlan } from "../session/resolve.ts";
import { joinPath, PLANNING_DIR } from "../fs/paths.ts";
import type { Context } from "./command.ts";

/** The session this command runs in, from the environment (PWF_SESSION_ID or a host's export). */
export function commandSession(ctx: Context): string | undefined {
  return sessionIdFromEnv((name) => ctx.host.env(name));
}

/** Resolve the plan for this run (env through the Host; a command reads a session's binding, never writes one). */
export function resolveFor(ctx: Context): Resolution {
  const id = commandSession(ctx);
  return resolvePlan(
    ctx.root,
    (name) => ctx.host.env(name),
    id ? { id } : undefined,
    ctx.pinnedBy ?? "PLAN_ID",
  );
}

/** The resolved plan, or NoPlanError (exit 5) saying why there is none. */
export function requirePlan(
  ctx: Context,
): { plan: PlanRef; why: string; source: ResolutionSource } {
  const r = resolveFor(ctx);
  if (r.kind !== "plan") throw new NoPlanError(r.why);
  return { plan: r.plan, why: r.why, source: r.source };
}

/** Print a JSON object followed by a newline. */
export function printJson(ctx: Context, value: unknown): void {
  ctx.host.stdout(printableJson(value) + "\n");
}

/** A neutral path (`.planning/p`, or an absolute one) as the person running pwf reads it. */
export function shown(ctx: Context, path: string): string {
  return displayPath(ctx.host.os, path);
}

/** A file of a plan (`.planning/p/task_plan.md`; the root for a legacy plan), for people. */
export function shownFile(ctx: Context, plan: PlanRef, name: string): string {
  return displayJoin(ctx.host.os, plan.display, name);
}

/** A message composed in the store (a resolution's reason, a refusal) with its paths for people. */
export function shownText(ctx: Context, text: string): string {
  return displayPathsIn(ctx.host.os, text, ctx.root);
}

/** Say on stderr that reading the attestation repaired the plan/attestation pair (a crash between the two writes). */
export function noteRepaired(ctx: Context, plan: PlanRef, a: Attestation): void {
  if (a.state === "intact" && a.repaired) {
    ctx.host.stderr(shownText(ctx, repairedLine(plan.display)));
  }
}

/** The `.planning` this run uses (absolute), as the person running pwf reads it. */
export function planningDir(ctx: Context): string {
  return shown(ctx, joinPath(ctx.root, PLANNING_DIR));
}

/** A path below the project root (`.planning/p`) as reached from the start directory (`../../.planning/p`). */
export function fromStart(ctx: Context, path: string): string {
  return shown(ctx, `${"../".repeat(ctx.planning.levelsUp)}${path}`);
}

/**
 * The line saying which `.planning` a command run below it uses ("" when it
 * is the start directory's own): people in a subfolder see where the plan is.
 */
export function planningNote(ctx: Context): string {
  const up = ctx.planning.levelsUp;
  if (up === 0) return "";
  return `Using ${fromStart(ctx, PLANNING_DIR)} (${up} level${up === 1 ? "" : "s"} up: ${
    planningDir(ctx)
  })\n`;
}

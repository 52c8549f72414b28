/**
 * `pwf status`: the plan at a glance.
 * @module
 */

import { parsePlan } from "../core/plan/parse.ts";
import { renderStatus, statusHints, statusJson, statusView } from "../core/report/status.ts";
import { lintCounts, lintPlan } from "../core/plan/lint.ts";
import { readMode, readPlanForView } from "../plan/tree.ts";
import { type Context, defineCommand, JSON_FLAG, parseJsonOnly } from "./command.ts";
import { isFinished, overviewLine } from "../core/session/binding.ts";
import { planOverview } from "../session/overview.ts";
import {
  commandSession,
  noteRepaired,
  planningDir,
  planningNote,
  printJson,
  resolveFor,
} from "./plan_context.ts";
import { NoPlanError } from "../core/errors.ts";
import { planProof } from "../verify/proof.ts";

/** Parsed `pwf status` arguments. */
export interface StatusArgs {
  readonly json: boolean;
}

/** Parse `pwf status` argv. */
export function parseStatusArgs(argv: readonly string[]): StatusArgs {
  return parseJsonOnly("status", argv);
}

/** Run `pwf status`. */
export async function runStatus(args: StatusArgs, ctx: Context): Promise<number> {
  const r = resolveFor(ctx);
  if (r.kind !== "plan") throw new NoPlanError(r.why);
  const { plan, why } = r;
  const got = await readPlanForView(plan);
  if (got === null) {
    throw new NoPlanError(`no plan: ${plan.display}/task_plan.md is missing`);
  }
  noteRepaired(ctx, plan, got.attestation);
  const parsed = parsePlan(got.text);
  const view = statusView(
    { id: plan.id, dir: plan.display, why },
    parsed,
    readMode(plan),
    got.attestation,
    got.truncated,
    planProof(plan, parsed),
  );
  // The plan shown was just read: the overview takes its state from that read.
  const o = planOverview(
    ctx.root,
    plan.id === null ? undefined : { id: plan.id, finished: isFinished(view.counts) },
  );
  const session = commandSession(ctx);
  const hints = statusHints(view, lintCounts(lintPlan(parsed)).errors);
  if (args.json) {
    printJson(ctx, {
      ...statusJson(view),
      source: r.source,
      planning: planningDir(ctx),
      session: session ?? null,
      plans: { open: o.open, finished: o.finished, archived: o.archived },
      sessions: o.sessions,
      hints,
    });
  } else {
    ctx.host.stdout(
      planningNote(ctx) +
        renderStatus(view, ctx.color, ctx.host.os) +
        `Plans: ${overviewLine(o)}\n` +
        (session ? `This shell's session: ${session}\n` : "") +
        hints.map((h) => `${h}\n`).join(""),
    );
  }
  return 0;
}

/** The `status` command row. */
export const statusCommand = defineCommand({
  name: "status",
  summary: "show the plan: goal, next step, mode, attestation and a phase table",
  usage: ["status [--json]"],
  flags: [JSON_FLAG],
  parse: parseStatusArgs,
  run: runStatus,
});

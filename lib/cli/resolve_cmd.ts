/**
 * `pwf resolve`: print the resolved plan directory (as reached from the
 * directory pwf runs in), and why and which `.planning` with `--json`.
 * @module
 */

import { ExitCode } from "../core/errors.ts";
import { type Context, defineCommand, JSON_FLAG, parseJsonOnly } from "./command.ts";
import { fromStart, planningDir, printJson, resolveFor, shownText } from "./plan_context.ts";

/** Parsed `pwf resolve` arguments. */
export interface ResolveArgs {
  readonly json: boolean;
}

/** Parse `pwf resolve` argv. */
export function parseResolveArgs(argv: readonly string[]): ResolveArgs {
  return parseJsonOnly("resolve", argv);
}

/** Run `pwf resolve`: exit 5 when no plan resolves. */
export function runResolve(args: ResolveArgs, ctx: Context): number {
  const r = resolveFor(ctx);
  if (args.json) {
    printJson(
      ctx,
      r.kind === "plan"
        ? {
          schemaVersion: 1,
          found: true,
          id: r.plan.id,
          dir: r.plan.display,
          planning: planningDir(ctx),
          levelsUp: ctx.planning.levelsUp,
          legacy: r.plan.legacy,
          source: r.source,
          why: r.why,
        }
        : {
          schemaVersion: 1,
          found: false,
          refused: r.kind === "refused",
          why: r.why,
          planning: planningDir(ctx),
          levelsUp: ctx.planning.levelsUp,
        },
    );
  } else if (r.kind === "plan") {
    // The directory as reached from here: a script run in a subfolder can open it as printed.
    ctx.host.stdout(`${fromStart(ctx, r.plan.display)}\n`);
  } else {
    ctx.host.stderr(`pwf: no plan resolved: ${shownText(ctx, r.why)}\n`);
  }
  return r.kind === "plan" ? ExitCode.ok : ExitCode.noPlan;
}

/** The `resolve` command row. */
export const resolveCommand = defineCommand({
  name: "resolve",
  summary: "print the resolved plan directory (--json: and why it was chosen)",
  usage: ["resolve [--json]"],
  flags: [JSON_FLAG],
  parse: parseResolveArgs,
  run: runResolve,
});

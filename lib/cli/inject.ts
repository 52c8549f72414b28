/**
 * `pwf inject --context <tier>`: print what the hooks would inject.
 * @module
 */

import { UsageError } from "../core/errors.ts";
import { type Tier, TIERS } from "../core/inject/compose.ts";
import { fireInjection } from "../inject/fire.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Context, defineCommand } from "./command.ts";
import { commandSession } from "./plan_context.ts";

/** Parsed `pwf inject` arguments. */
export interface InjectArgs {
  readonly tier: Tier;
}

const FLAGS = [{
  name: "context",
  value: "TIER",
  choices: TIERS,
  summary: `what to inject: ${TIERS.join(", ")}`,
}];

/** Parse `pwf inject` argv. */
export function parseInjectArgs(argv: readonly string[]): InjectArgs {
  const p = parseArgv("inject", argv, FLAGS);
  maxPositionals("inject", p, 0);
  const tier = stringFlag(p, "context");
  if (tier === undefined) {
    throw new UsageError(`inject: "--context" is required (${TIERS.join(", ")})`);
  }
  return { tier: tier as Tier };
}

/** Run `pwf inject`: plain text, exit 0 (like a hook fire). */
export async function runInject(args: InjectArgs, ctx: Context): Promise<number> {
  const fire = await fireInjection(args.tier, {
    root: ctx.root,
    env: (n) => ctx.host.env(n),
    pinnedBy: ctx.pinnedBy,
    now: ctx.host.now(),
    sessionId: commandSession(ctx),
  });
  ctx.host.stdout(fire.text);
  return 0;
}

/** The `inject` command row. */
export const injectCommand = defineCommand({
  name: "inject",
  summary: "print what the hooks would inject for a tier (plain text)",
  usage: [`inject --context ${TIERS.join("|")}`],
  flags: FLAGS,
  parse: parseInjectArgs,
  run: runInject,
});

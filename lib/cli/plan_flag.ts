/**
 * `--plan <id>` on every command that works on a plan (issue 24): the same
 * meaning and the same errors as the `PLAN_ID` environment variable, without
 * shell-specific syntax (`PLAN_ID=x pwf ...` fails in PowerShell and cmd).
 * One wrapper adds it to a command row; the flag overrides PLAN_ID.
 * @module
 */

import type { FlagSpec } from "./argv.ts";
import { UsageError } from "../core/errors.ts";
import type { AnyCommand, Context } from "./command.ts";

/** The flag, as help and completions show it. */
export const PLAN_FLAG: FlagSpec = {
  name: "plan",
  value: "ID",
  summary: 'work on this plan, as the PLAN_ID variable does (see "pwf use --list")',
};

/** Argv with `--plan` taken out, and its value. */
export interface PlanPick {
  readonly plan: string | undefined;
  readonly rest: readonly string[];
}

/**
 * Take `--plan ID` / `--plan=ID` out of argv (before any `--`).
 * @example
 * ```ts
 * import { takePlanFlag } from "./plan_flag.ts";
 * const p = takePlanFlag(["2", "--plan", "a", "complete"], "phase");
 * if (p.plan !== "a" || p.rest.join(" ") !== "2 complete") throw new Error();
 * ```
 */
export function takePlanFlag(argv: readonly string[], command: string): PlanPick {
  const rest: string[] = [];
  let plan: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg !== "--plan" && !arg.startsWith("--plan=")) {
      rest.push(arg);
      continue;
    }
    if (plan !== undefined) throw new UsageError(`${command}: flag "--plan" given twice`);
    const value = arg === "--plan" ? argv[++i] : arg.slice("--plan=".length);
    if (value === undefined || value === "") {
      throw new UsageError(
        `${command}: flag "--plan" needs a value (a plan id: see "pwf use --list")`,
      );
    }
    plan = value;
  }
  return { plan, rest };
}

/** A context whose environment variable `name` reads `value` (a flag standing in for it). */
export function withEnv(ctx: Context, name: string, value: string): Context {
  const host = Object.assign(Object.create(ctx.host), {
    env: (n: string) => n === name ? value : ctx.host.env(n),
  });
  return { ...ctx, host };
}

/** A context whose PLAN_ID is `plan` (when given), said as `--plan` in messages. */
export function withPlan(ctx: Context, plan: string | undefined): Context {
  if (plan === undefined) return ctx;
  return { ...withEnv(ctx, "PLAN_ID", plan), pinnedBy: "--plan" };
}

/** The command row with `--plan` added. */
export function takesPlan(command: AnyCommand): AnyCommand {
  return {
    ...command,
    flags: [...command.flags, PLAN_FLAG],
    usage: command.usage.map((u) => `${u} [--plan ID]`),
    parse(argv: readonly string[]) {
      const pick = takePlanFlag(argv, command.name);
      return { args: command.parse(pick.rest), plan: pick.plan };
    },
    run(a: { args: unknown; plan: string | undefined }, ctx: Context) {
      return command.run(a.args, withPlan(ctx, a.plan));
    },
  };
}

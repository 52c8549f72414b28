/**
 * `pwf check [--gate] [--host H] [--json]`: the completion report (exit 3
 * while phases remain); with `--gate`, evaluate the completion gate like a
 * Stop hook (payload JSON on stdin; always exit 0, a block is the JSON line
 * `{"decision":"block","reason":...}` on stdout).
 * @module
 */

import { checkJson, checkLines, checkReport, phasesRemain } from "../core/report/check.ts";
import { proofJson, proofLines } from "../core/report/proof.ts";
import { planProof } from "../verify/proof.ts";
import { NoPlanError, UsageError } from "../core/errors.ts";
import { lintPlan } from "../core/plan/lint.ts";
import { parsePlan } from "../core/plan/parse.ts";
import { decodeText } from "../core/text/text.ts";
import { readFile } from "../fs/read.ts";
import { evaluateGate, type GateOutcome } from "../gate/evaluate.ts";
import { planFile } from "../session/plan_ref.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { HOOK_STDIN, parsePayload, type Payload, STDIN_CAP } from "../hosts/payload.ts";
import { sessionIdFor } from "../hosts/session_env.ts";
import { findHost, HOSTS } from "../hosts/table.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { PLAN_FLAG, withPlan } from "./plan_flag.ts";
import { printJson, requirePlan } from "./plan_context.ts";

/** Parsed `pwf check` arguments. */
export interface CheckArgs {
  readonly gate: boolean;
  /** Host whose block limit clamps the cap (only with --gate). */
  readonly host: string | undefined;
  readonly json: boolean;
  /** With --gate: the usage problem that was set aside (said on stderr; the gate still runs). */
  readonly ignored?: string;
  /** `--plan ID` (check takes it itself, so a Stop hook's broken one is set aside too). */
  readonly plan?: string;
}

const FLAGS = [
  { name: "gate", summary: "evaluate the completion gate on a Stop payload read from stdin" },
  {
    name: "host",
    value: "HOST",
    choices: HOSTS.map((h) => h.name).sort(),
    summary: "with --gate: clamp the cap to this host's own limit (claude: 7)",
  },
  JSON_FLAG,
  PLAN_FLAG,
] as const;

/**
 * Parse `pwf check` argv. With `--gate` it never throws: a Stop hook must
 * exit 0 whatever its argv (exit 2 is Claude Code's "block this Stop"), so a
 * usage problem is kept as `ignored` and the gate runs with what was understood.
 */
export function parseCheckArgs(argv: readonly string[]): CheckArgs {
  try {
    return strictCheckArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError) || !asksForGate(argv)) throw err;
    return {
      gate: true,
      host: knownHost(argv),
      json: flagsOf(argv).includes("--json"),
      ignored: err.message,
    };
  }
}

/** The arguments before a `--` (the only ones that can be flags). */
function flagsOf(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf("--");
  return end < 0 ? argv : argv.slice(0, end);
}

function asksForGate(argv: readonly string[]): boolean {
  return flagsOf(argv).some((a) => a === "--gate" || a.startsWith("--gate="));
}

/** The `--host` value when it names a known host (lenient: for a gate with a usage problem). */
function knownHost(argv: readonly string[]): string | undefined {
  const flags = flagsOf(argv);
  const i = flags.indexOf("--host");
  const value = i < 0
    ? flags.find((a) => a.startsWith("--host="))?.slice("--host=".length)
    : flags[i + 1];
  return value !== undefined && findHost(value) ? value : undefined;
}

function strictCheckArgs(argv: readonly string[]): CheckArgs {
  const p = parseArgv("check", argv, FLAGS);
  maxPositionals("check", p, 0);
  const host = stringFlag(p, "host");
  if (host !== undefined && !p.flags.gate) {
    throw new UsageError(`check: "--host" only applies with "--gate"`);
  }
  const plan = stringFlag(p, "plan");
  return {
    gate: p.flags.gate === true,
    host,
    json: p.flags.json === true,
    ...(plan === undefined ? {} : { plan }),
  };
}

function runReport(args: CheckArgs, ctx: Context): number {
  const { plan } = requirePlan(ctx);
  const got = readFile(planFile(plan, "task_plan.md"));
  if (got.kind === "missing") {
    throw new NoPlanError(`no plan: ${plan.display}/task_plan.md is missing`);
  }
  const parsed = parsePlan(decodeText(got.bytes));
  const report = checkReport(plan.display, parsed, lintPlan(parsed));
  const proofs = planProof(plan, parsed);
  if (args.json) {
    printJson(ctx, {
      schemaVersion: 1,
      ...checkJson(report),
      ...(proofs.length ? { checks: proofJson(proofs) } : {}),
    });
  } else {
    const lines = [...checkLines(report, ctx.host.os), ...proofLines(proofs).map((l) => `  ${l}`)];
    ctx.host.stdout(lines.join("\n") + "\n");
  }
  return phasesRemain(report) ? 3 : 0;
}

function gateJson(o: GateOutcome): Record<string, unknown> {
  return {
    schemaVersion: 1,
    ...(o.report ? checkJson(o.report) : { plan: null }),
    gate: {
      decision: o.decision,
      condition: o.condition,
      reason: o.reason,
      blocks: o.blocks,
      cap: o.cap,
    },
  };
}

/** The Stop's session: the payload's id (keys of `--host`), else the environment's; read only. */
function gateSession(host: string | undefined, payload: Payload, ctx: Context) {
  const keys = (host === undefined ? undefined : findHost(host))?.sessionIdKeys ?? [];
  const id = sessionIdFor(payload, keys, (name) => ctx.host.env(name));
  return id ? { id } : undefined;
}

/** `check --gate`: always exit 0, whatever goes wrong (it is a Stop hook). */
async function runGate(args: CheckArgs, ctx: Context): Promise<number> {
  if (args.ignored !== undefined) {
    ctx.host.stderr(`pwf: check --gate: ${args.ignored}; evaluating the gate without it\n`);
  }
  try {
    await gate(args, ctx);
  } catch (err) {
    ctx.host.stderr(
      `pwf: check --gate failed: ${
        err instanceof Error ? err.message : String(err)
      }; stop allowed\n`,
    );
  }
  return 0;
}

async function gate(args: CheckArgs, ctx: Context): Promise<void> {
  const payload = parsePayload(await ctx.host.readStdin(STDIN_CAP, HOOK_STDIN));
  const o = await evaluateGate({
    root: ctx.root,
    env: (name) => ctx.host.env(name),
    payload,
    hostLimit: (args.host === undefined ? undefined : findHost(args.host))?.gateLimit ?? null,
    session: gateSession(args.host, payload, ctx),
    ...(ctx.pinnedBy ? { pinnedBy: ctx.pinnedBy } : {}),
  });
  if (args.json) printJson(ctx, gateJson(o));
  else if (o.decision === "block") {
    ctx.host.stdout(JSON.stringify({ decision: "block", reason: o.reason }) + "\n");
  } else if (o.condition !== "no-phases") {
    // The gate's answer is text for the model: neutral paths, as in the Stop hook (docs/windows.md).
    ctx.host.stdout(
      [...(o.report ? checkLines(o.report, "posix") : []), o.reason].join("\n") + "\n",
    );
  }
}

/** Run `pwf check`. */
export async function runCheck(args: CheckArgs, ctx: Context): Promise<number> {
  const here = withPlan(ctx, args.plan);
  return args.gate ? await runGate(args, here) : runReport(args, here);
}

/** The `check` command row. */
export const checkCommand = defineCommand({
  name: "check",
  summary: "completion report (exit 3 while phases remain); --gate evaluates the Stop gate",
  usage: [
    "check [--json] [--plan ID]",
    "check --gate [--host HOST] [--json] [--plan ID] < payload.json",
  ],
  flags: FLAGS,
  parse: parseCheckArgs,
  run: runCheck,
});

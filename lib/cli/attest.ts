/**
 * `pwf attest`: approve the current task_plan.md (SHA-256 into .attestation),
 * show, clear or verify the attestation.
 * @module
 */

import { attestationLabel } from "../core/plan/attestation.ts";
import { ExitCode, IntegrityError, UsageError } from "../core/errors.ts";
import { removeFile } from "../fs/write.ts";
import { attestationLoc, attestPlan, readAttestation, requirePlanningPlan } from "../plan/tree.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { noteRepaired, printJson, requirePlan, shown, shownFile } from "./plan_context.ts";

/** Parsed `pwf attest` arguments. */
export interface AttestArgs {
  readonly action: "write" | "show" | "clear" | "verify";
  readonly json: boolean;
}

const FLAGS = [
  { name: "show", summary: "show the stored and the actual hash" },
  { name: "clear", summary: "remove the attestation" },
  { name: "verify", summary: "exit 4 when the plan does not match its attestation or has none" },
  JSON_FLAG,
];

/** Parse `pwf attest` argv. */
export function parseAttestArgs(argv: readonly string[]): AttestArgs {
  const p = parseArgv("attest", argv, FLAGS);
  maxPositionals("attest", p, 0);
  const actions = (["show", "clear", "verify"] as const).filter((a) => p.flags[a]);
  if (actions.length > 1) {
    throw new UsageError(`attest: choose one of --show, --clear and --verify`);
  }
  return { action: actions[0] ?? "write", json: p.flags.json === true };
}

/** Run `pwf attest`. */
export async function runAttest(args: AttestArgs, ctx: Context): Promise<number> {
  const { plan } = requirePlan(ctx);
  if (args.action === "write") {
    requirePlanningPlan(plan, "attest");
    const hash = await attestPlan(plan);
    if (args.json) printJson(ctx, { schemaVersion: 1, plan: plan.id, state: "intact", hash });
    else ctx.host.stdout(`Attested ${shownFile(ctx, plan, "task_plan.md")} sha256=${hash}\n`);
    return 0;
  }
  if (args.action === "clear") {
    requirePlanningPlan(plan, "clear the attestation of");
    removeFile(attestationLoc(plan));
    if (args.json) printJson(ctx, { schemaVersion: 1, plan: plan.id, state: "none" });
    else ctx.host.stdout(`Cleared the attestation of ${shown(ctx, plan.display)}\n`);
    return 0;
  }
  const a = await readAttestation(plan);
  noteRepaired(ctx, plan, a);
  if (args.json) printJson(ctx, { schemaVersion: 1, plan: plan.id, ...a });
  else ctx.host.stdout(`${shown(ctx, plan.display)}: ${attestationLabel(a)}${detail(a)}\n`);
  if (args.action === "verify" && a.state !== "intact") {
    if (!args.json) {
      throw new IntegrityError(
        `verify failed for ${plan.display}/task_plan.md: ${
          attestationLabel(a)
        } (review it, then run "pwf attest")`,
      );
    }
    return ExitCode.integrity;
  }
  return 0;
}

function detail(a: Awaited<ReturnType<typeof readAttestation>>): string {
  if (a.state === "tampered") return `\n  expected ${a.expected}\n  actual   ${a.actual}`;
  if (a.state === "intact") return `\n  sha256 ${a.hash}`;
  return "";
}

/** The `attest` command row. */
export const attestCommand = defineCommand({
  name: "attest",
  summary: "approve task_plan.md (SHA-256 attestation); --show, --clear, --verify",
  usage: ["attest [--show|--clear|--verify] [--json]"],
  flags: FLAGS,
  parse: parseAttestArgs,
  run: runAttest,
});

/**
 * `pwf phase <N> <status>`: the one writer of status lines.
 * @module
 */

import { IntegrityError, NoPlanError, PwfError, UsageError } from "../core/errors.ts";
import { setPhaseStatus } from "../core/plan/edit.ts";
import { STATUS_VALUES, type StatusValue } from "../core/plan/parse.ts";
import { decodeText, encodeAs, type TextEncoding, textEncoding } from "../core/text/text.ts";
import { writeFile } from "../fs/write.ts";
import { withLock } from "../fs/lock.ts";
import {
  readAttestation,
  readWholePlan,
  requirePlanningPlan,
  writeAttestedPlan,
} from "../plan/tree.ts";
import { planFile } from "../session/plan_ref.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { noteRepaired, printJson, requirePlan } from "./plan_context.ts";

/** Parsed `pwf phase` arguments. */
export interface PhaseArgs {
  readonly number: number;
  readonly status: StatusValue;
  readonly json: boolean;
}

/** Parse `pwf phase` argv. */
export function parsePhaseArgs(argv: readonly string[]): PhaseArgs {
  const p = parseArgv("phase", argv, [JSON_FLAG]);
  maxPositionals("phase", p, 2);
  const [n, status] = p.positionals;
  if (n === undefined || status === undefined) {
    throw new UsageError(
      `phase: needs a phase number and a status: pwf phase <N> <${STATUS_VALUES.join("|")}>`,
    );
  }
  if (!/^\d{1,9}$/.test(n)) {
    throw new UsageError(`phase: phase number must be a positive integer, got "${n}"`);
  }
  if (!(STATUS_VALUES as readonly string[]).includes(status)) {
    throw new UsageError(
      `phase: status must be one of ${STATUS_VALUES.join(", ")}, got "${status}"`,
    );
  }
  return { number: Number(n), status: status as StatusValue, json: p.flags.json === true };
}

/** Run `pwf phase`: edit under the plan lock; keep an intact attestation valid. */
export async function runPhase(args: PhaseArgs, ctx: Context): Promise<number> {
  const { plan } = requirePlan(ctx);
  requirePlanningPlan(plan, "edit");
  const result = await withLock(plan.dir, async () => {
    const loc = planFile(plan, "task_plan.md");
    const got = readWholePlan(plan);
    if (got.kind === "missing") {
      throw new NoPlanError(`no plan: ${plan.display}/task_plan.md is missing`);
    }
    const before = await readAttestation(plan, got.bytes);
    noteRepaired(ctx, plan, before);
    if (before.state === "tampered") {
      throw new IntegrityError(
        `refused to edit ${plan.display}/task_plan.md: it changed since it was attested (expected ${before.expected}, actual ${before.actual}); review it, then run "pwf attest"`,
      );
    }
    const text = decodeText(got.bytes);
    const encoding = textEncoding(got.bytes);
    if (!roundTrips(got.bytes, text, encoding)) {
      throw new PwfError(
        `refused to edit ${plan.display}/task_plan.md: it is not valid ${
          encoding.startsWith("utf-16") ? "UTF-16" : "UTF-8"
        } and rewriting it would change other bytes; fix its encoding first`,
      );
    }
    const edit = setPhaseStatus(text, args.number, args.status);
    // written back in the file's own encoding (a PowerShell 5.1 plan stays UTF-16LE)
    const bytes = encodeAs(edit.text, encoding);
    // An attested plan and its new attestation commit as a pair (crash-safe: planning.ts).
    const reattested = before.state === "intact" && edit.changed
      ? await writeAttestedPlan(plan, bytes)
      : null;
    if (edit.changed && reattested === null) writeFile(loc, bytes);
    return { edit, reattested };
  });
  const from = result.edit.before.status;
  if (args.json) {
    printJson(ctx, {
      schemaVersion: 1,
      plan: plan.id,
      phase: args.number,
      from,
      to: args.status,
      changed: result.edit.changed,
      reattested: result.reattested !== null,
    });
  } else {
    const what = result.edit.changed ? `${from} -> ${args.status}` : `already ${args.status}`;
    const att = result.reattested ? " (re-attested)" : "";
    ctx.host.stdout(`Phase ${args.number}: ${what}${att}\n`);
  }
  return 0;
}

/** Whether writing `text` back in the file's encoding gives the same bytes (nothing else changes). */
function roundTrips(bytes: Uint8Array, text: string, encoding: TextEncoding): boolean {
  const again = encodeAs(text, encoding);
  return again.length === bytes.length && again.every((b, i) => b === bytes[i]);
}

/** The `phase` command row. */
export const phaseCommand = defineCommand({
  name: "phase",
  summary: "set one phase's status (and Current Phase) atomically, keeping attestation valid",
  usage: ["phase <N> <pending|in_progress|complete>"],
  flags: [JSON_FLAG],
  words: [],
  parse: parsePhaseArgs,
  run: runPhase,
});

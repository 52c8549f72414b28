/**
 * `pwf use`: set, show or list the active plan.
 * @module
 */

import { paint, table } from "../core/color.ts";
import { ContainmentError, NoPlanError, UsageError } from "../core/errors.ts";
import { modeName } from "../core/mode.ts";
import { countPhases, parsePlan } from "../core/plan_parse.ts";
import { isValidPlanId } from "../core/plan_id.ts";
import { listPlans } from "../store/plans.ts";
import {
  readActivePointer,
  readAttestation,
  readMode,
  readText,
  setActivePlan,
} from "../store/planning.ts";
import { planFile, planRef } from "../store/resolve.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { printJson } from "./plan_context.ts";

/** Parsed `pwf use` arguments. */
export type UseArgs =
  | { readonly kind: "set"; readonly id: string }
  | { readonly kind: "show"; readonly json: boolean }
  | { readonly kind: "list"; readonly json: boolean };

const FLAGS = [
  { name: "list", summary: "list every plan with progress, mode and attestation" },
  JSON_FLAG,
];

/** Parse `pwf use` argv. */
export function parseUseArgs(argv: readonly string[]): UseArgs {
  const p = parseArgv("use", argv, FLAGS);
  maxPositionals("use", p, 1);
  const json = p.flags.json === true;
  const id = p.positionals[0];
  if (p.flags.list) {
    if (id !== undefined) throw new UsageError(`use: "--list" takes no plan id`);
    return { kind: "list", json };
  }
  if (id === undefined) return { kind: "show", json };
  if (!isValidPlanId(id)) {
    throw new UsageError(`use: "${id}" is not a valid plan id (see "pwf use --list")`);
  }
  if (json) throw new UsageError(`use: "--json" applies to showing or listing, not to setting`);
  return { kind: "set", id };
}

/** Run `pwf use`. */
export async function runUse(args: UseArgs, ctx: Context): Promise<number> {
  if (args.kind === "set") {
    const plan = planRef(ctx.root, args.id);
    if (readText(planFile(plan, "task_plan.md")) === null) {
      throw new NoPlanError(
        `cannot use "${args.id}": .planning/${args.id}/task_plan.md does not exist (see "pwf use --list")`,
      );
    }
    await setActivePlan(ctx.root, args.id);
    ctx.host.stdout(`Active plan: ${args.id}\n`);
    return 0;
  }
  if (args.kind === "show") return showActive(ctx, args.json);
  return await listAll(ctx, args.json);
}

function showActive(ctx: Context, json: boolean): number {
  const active = readActivePointer(ctx.root);
  if (json) {
    printJson(ctx, {
      schemaVersion: 1,
      active: active && isValidPlanId(active) ? active : null,
      raw: active,
    });
  } else if (active === null || active === "") {
    ctx.host.stdout(
      `No active plan set (.planning/.active_plan is missing); "pwf resolve" shows which plan is used.\n`,
    );
  } else {
    ctx.host.stdout(`${active}\n`);
  }
  return 0;
}

async function listAll(ctx: Context, json: boolean): Promise<number> {
  const active = readActivePointer(ctx.root);
  const rows = [];
  for (const id of listPlans(ctx.root)) {
    const plan = planRef(ctx.root, id);
    try {
      const counts = countPhases(parsePlan(readText(planFile(plan, "task_plan.md")) ?? ""));
      const attestation = (await readAttestation(plan)).state;
      rows.push({
        id,
        active: id === active,
        done: counts.complete,
        total: counts.total,
        mode: modeName(readMode(plan)),
        attestation,
      });
    } catch (err) {
      // One plan failing containment must not hide the others: skip it and say why.
      if (!(err instanceof ContainmentError)) throw err;
      ctx.host.stderr(`pwf: use --list: skipped plan "${id}": ${err.message}\n`);
    }
  }
  if (json) {
    printJson(ctx, { schemaVersion: 1, active: active ?? null, plans: rows });
    return 0;
  }
  if (rows.length === 0) {
    ctx.host.stdout(`No plans in .planning yet. Start one with: pwf init "<name>"\n`);
    return 0;
  }
  const c = ctx.color;
  const body = rows.map((r) => [
    r.active ? paint(c, "green", "*") : " ",
    r.active ? paint(c, "bold", r.id) : r.id,
    `${r.done}/${r.total}`,
    r.mode,
    r.attestation === "tampered" ? paint(c, "red", r.attestation) : r.attestation,
  ]);
  ctx.host.stdout(table([[" ", "PLAN", "DONE", "MODE", "ATTESTATION"], ...body]));
  return 0;
}

/** The `use` command row. */
export const useCommand = defineCommand({
  name: "use",
  summary: "set the active plan, show it, or list every plan (--list)",
  usage: ["use [ID]", "use --list [--json]"],
  flags: FLAGS,
  parse: parseUseArgs,
  run: runUse,
});

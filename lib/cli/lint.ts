/**
 * `pwf lint [--json]`: the structural check of task_plan.md (SPEC section
 * 11). Lines `ERROR|WARN <line>: <msg>`, then a summary; exit 1 on any ERROR.
 * @module
 */

import { NoPlanError } from "../core/errors.ts";
import { findingLine, lintCounts, lintPlan } from "../core/plan/lint.ts";
import { parsePlan } from "../core/plan/parse.ts";
import { decodeText } from "../core/text/text.ts";
import { readFile } from "../fs/read.ts";
import { planFile } from "../session/plan_ref.ts";
import { type Context, defineCommand, JSON_FLAG, parseJsonOnly } from "./command.ts";
import { printJson, requirePlan, shownFile } from "./plan_context.ts";

/** Parsed `pwf lint` arguments. */
export interface LintArgs {
  readonly json: boolean;
}

/** Parse `pwf lint` argv. */
export function parseLintArgs(argv: readonly string[]): LintArgs {
  return parseJsonOnly("lint", argv);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Run `pwf lint`. */
export function runLint(args: LintArgs, ctx: Context): number {
  const { plan } = requirePlan(ctx);
  const file = `${plan.display}/task_plan.md`; // neutral in --json, as every path field
  const got = readFile(planFile(plan, "task_plan.md"));
  if (got.kind === "missing") throw new NoPlanError(`no plan: ${file} is missing`);
  const findings = lintPlan(parsePlan(decodeText(got.bytes)));
  const { errors, warnings } = lintCounts(findings);
  if (args.json) {
    printJson(ctx, { schemaVersion: 1, file, errors, warnings, findings });
  } else {
    const lines = findings.map(findingLine);
    lines.push(
      `${shownFile(ctx, plan, "task_plan.md")}: ${plural(errors, "error")}, ${
        plural(warnings, "warning")
      }`,
    );
    ctx.host.stdout(lines.join("\n") + "\n");
  }
  return errors > 0 ? 1 : 0;
}

/** The `lint` command row. */
export const lintCommand = defineCommand({
  name: "lint",
  summary: "check task_plan.md's structure: ERROR|WARN <line>: <msg>; exit 1 on any ERROR",
  usage: ["lint [--json]"],
  flags: [JSON_FLAG],
  parse: parseLintArgs,
  run: runLint,
});

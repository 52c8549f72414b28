/**
 * Plan templates, embedded in the binary with text imports, and the pure
 * function that fills them in.
 * @module
 */

import defaultPlan from "../../../templates/task_plan.md" with { type: "text" };
import analyticsPlan from "../../../templates/analytics_task_plan.md" with { type: "text" };
import autonomousPlan from "../../../templates/autonomous_task_plan.md" with { type: "text" };
import defaultFindings from "../../../templates/findings.md" with { type: "text" };
import analyticsFindings from "../../../templates/analytics_findings.md" with { type: "text" };
import progress from "../../../templates/progress.md" with { type: "text" };
import { parsePlan } from "./parse.ts";

/** Template names accepted by `pwf init --template`. */
export const TEMPLATE_NAMES = ["default", "analytics", "autonomous"] as const;

/** A template name. */
export type TemplateName = typeof TEMPLATE_NAMES[number];

/** The three files of a new plan. */
export interface PlanFiles {
  readonly "task_plan.md": string;
  readonly "findings.md": string;
  readonly "progress.md": string;
}

/** What a new plan is made from. */
export interface TemplateInput {
  readonly template: TemplateName;
  /** The plan's name as the user typed it ("" for none). */
  readonly name: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** `interactive`, `autonomous` or `gated` (shown in the autonomous Run Contract). */
  readonly mode: string;
}

/**
 * Render the three files of a new plan.
 * @example
 * ```ts
 * import { renderPlanFiles } from "./templates.ts";
 * const f = renderPlanFiles({ template: "default", name: "X", date: "2026-01-01", mode: "interactive" });
 * if (!f["task_plan.md"].startsWith("# Task Plan: X\n")) throw new Error();
 * ```
 */
export function renderPlanFiles(input: TemplateInput): PlanFiles {
  const plan = fill(planTemplate(input.template), input);
  const first = parsePlan(plan).phases[0]?.title ?? "";
  return {
    "task_plan.md": plan,
    "findings.md": input.template === "analytics" ? analyticsFindings : defaultFindings,
    "progress.md": fill(progress, input).replaceAll("{{FIRST_PHASE}}", first),
  };
}

function planTemplate(name: TemplateName): string {
  if (name === "analytics") return analyticsPlan;
  if (name === "autonomous") return autonomousPlan;
  return defaultPlan;
}

function fill(text: string, input: TemplateInput): string {
  const title = input.name.trim().replace(/\s+/g, " ") || "[Brief Description]";
  return text.replaceAll("{{TITLE}}", title).replaceAll("{{DATE}}", input.date)
    .replaceAll("{{MODE}}", input.mode);
}

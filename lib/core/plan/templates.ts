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
import zhPlan from "../../../templates/i18n/zh/task_plan.md" with { type: "text" };
import zhFindings from "../../../templates/i18n/zh/findings.md" with { type: "text" };
import zhProgress from "../../../templates/i18n/zh/progress.md" with { type: "text" };
import zhHantPlan from "../../../templates/i18n/zh-Hant/task_plan.md" with { type: "text" };
import zhHantFindings from "../../../templates/i18n/zh-Hant/findings.md" with { type: "text" };
import zhHantProgress from "../../../templates/i18n/zh-Hant/progress.md" with { type: "text" };
import arPlan from "../../../templates/i18n/ar/task_plan.md" with { type: "text" };
import arFindings from "../../../templates/i18n/ar/findings.md" with { type: "text" };
import arProgress from "../../../templates/i18n/ar/progress.md" with { type: "text" };
import esPlan from "../../../templates/i18n/es/task_plan.md" with { type: "text" };
import esFindings from "../../../templates/i18n/es/findings.md" with { type: "text" };
import esProgress from "../../../templates/i18n/es/progress.md" with { type: "text" };
import dePlan from "../../../templates/i18n/de/task_plan.md" with { type: "text" };
import deFindings from "../../../templates/i18n/de/findings.md" with { type: "text" };
import deProgress from "../../../templates/i18n/de/progress.md" with { type: "text" };
import jaPlan from "../../../templates/i18n/ja/task_plan.md" with { type: "text" };
import jaFindings from "../../../templates/i18n/ja/findings.md" with { type: "text" };
import jaProgress from "../../../templates/i18n/ja/progress.md" with { type: "text" };
import frPlan from "../../../templates/i18n/fr/task_plan.md" with { type: "text" };
import frFindings from "../../../templates/i18n/fr/findings.md" with { type: "text" };
import frProgress from "../../../templates/i18n/fr/progress.md" with { type: "text" };
import type { Lang } from "./labels.ts";
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
  /** The plan's language (labels.ts); other than `en`, the template is that language's own. */
  readonly lang: Lang;
}

/** A translated plan: the three files and the title placeholder. */
interface Translation {
  readonly plan: string;
  readonly findings: string;
  readonly progress: string;
  readonly untitled: string;
}

/**
 * The translated templates (templates/i18n/<lang>/): each has the English
 * default template's structure, written with labels.ts's words.
 */
export const TRANSLATIONS: Readonly<Record<Exclude<Lang, "en">, Translation>> = {
  "zh": { plan: zhPlan, findings: zhFindings, progress: zhProgress, untitled: "[简要描述]" },
  "zh-Hant": {
    plan: zhHantPlan,
    findings: zhHantFindings,
    progress: zhHantProgress,
    untitled: "[簡要描述]",
  },
  "ar": { plan: arPlan, findings: arFindings, progress: arProgress, untitled: "[وصف مختصر]" },
  "es": {
    plan: esPlan,
    findings: esFindings,
    progress: esProgress,
    untitled: "[Breve Descripción]",
  },
  "de": {
    plan: dePlan,
    findings: deFindings,
    progress: deProgress,
    untitled: "[Kurze Beschreibung]",
  },
  "ja": { plan: jaPlan, findings: jaFindings, progress: jaProgress, untitled: "[簡単な説明]" },
  "fr": {
    plan: frPlan,
    findings: frFindings,
    progress: frProgress,
    untitled: "[Brève description]",
  },
};

const ENGLISH_UNTITLED = "[Brief Description]";

/**
 * Render the three files of a new plan.
 * @example
 * ```ts
 * import { renderPlanFiles } from "./templates.ts";
 * const f = renderPlanFiles({ template: "default", name: "X", date: "2026-01-01", mode: "interactive", lang: "en" });
 * if (!f["task_plan.md"].startsWith("# Task Plan: X\n")) throw new Error();
 * ```
 */
export function renderPlanFiles(input: TemplateInput): PlanFiles {
  if (input.lang !== "en") return renderTranslated(TRANSLATIONS[input.lang], input);
  const plan = fill(planTemplate(input.template), input, ENGLISH_UNTITLED);
  const first = parsePlan(plan).phases[0]?.title ?? "";
  return {
    "task_plan.md": plan,
    "findings.md": input.template === "analytics" ? analyticsFindings : defaultFindings,
    "progress.md": fill(progress, input, ENGLISH_UNTITLED).replaceAll("{{FIRST_PHASE}}", first),
  };
}

/** A translated plan: one template per language, whatever `input.template` says. */
function renderTranslated(t: Translation, input: TemplateInput): PlanFiles {
  const plan = fill(t.plan, input, t.untitled);
  const first = parsePlan(plan).phases[0]?.title ?? "";
  return {
    "task_plan.md": plan,
    "findings.md": t.findings,
    "progress.md": fill(t.progress, input, t.untitled).replaceAll("{{FIRST_PHASE}}", first),
  };
}

function planTemplate(name: TemplateName): string {
  if (name === "analytics") return analyticsPlan;
  if (name === "autonomous") return autonomousPlan;
  return defaultPlan;
}

function fill(text: string, input: TemplateInput, untitled: string): string {
  const title = input.name.trim().replace(/\s+/g, " ") || untitled;
  return text.replaceAll("{{TITLE}}", title).replaceAll("{{DATE}}", input.date)
    .replaceAll("{{MODE}}", input.mode);
}

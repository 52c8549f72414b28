/**
 * Plan templates and the pure function that fills them in. The default
 * English plan is a text import; the other templates are packed
 * (lib/core/text/template_texts.ts) and unpacked when a plan is made from
 * them, so the artifact every hook fire loads carries them compressed.
 * @module
 */

import defaultPlan from "../../../templates/task_plan.md" with { type: "text" };
import defaultFindings from "../../../templates/findings.md" with { type: "text" };
import progress from "../../../templates/progress.md" with { type: "text" };
import { lazyRecord, templateTexts } from "../text/template_texts.ts";
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

/** The title placeholder of each translated plan. */
const UNTITLED: Readonly<Record<Exclude<Lang, "en">, string>> = {
  "zh": "[简要描述]",
  "zh-Hant": "[簡要描述]",
  "ar": "[وصف مختصر]",
  "es": "[Breve Descripción]",
  "de": "[Kurze Beschreibung]",
  "ja": "[簡単な説明]",
  "fr": "[Brève description]",
};

/**
 * The translated templates (templates/i18n/<lang>/): each has the English
 * default template's structure, written with labels.ts's words. Reading a
 * language unpacks its three files.
 */
export const TRANSLATIONS: Readonly<Record<Exclude<Lang, "en">, Translation>> = lazyRecord(
  Object.keys(UNTITLED) as Exclude<Lang, "en">[],
  (lang) => {
    const [plan, findings, log] = templateTexts(
      ["task_plan", "findings", "progress"].map((name) => `i18n/${lang}/${name}.md`),
    );
    return { plan: plan!, findings: findings!, progress: log!, untitled: UNTITLED[lang] };
  },
);

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
  const english = englishTemplate(input.template);
  const plan = fill(english.plan, input, ENGLISH_UNTITLED);
  const first = parsePlan(plan).phases[0]?.title ?? "";
  return {
    "task_plan.md": plan,
    "findings.md": english.findings,
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

/** The plan and findings of an English template (the packed ones unpacked together). */
function englishTemplate(name: TemplateName): { plan: string; findings: string } {
  if (name === "analytics") {
    const [plan, findings] = templateTexts(["analytics_task_plan.md", "analytics_findings.md"]);
    return { plan: plan!, findings: findings! };
  }
  if (name === "autonomous") {
    return { plan: templateTexts(["autonomous_task_plan.md"])[0]!, findings: defaultFindings };
  }
  return { plan: defaultPlan, findings: defaultFindings };
}

function fill(text: string, input: TemplateInput, untitled: string): string {
  const title = input.name.trim().replace(/\s+/g, " ") || untitled;
  return text.replaceAll("{{TITLE}}", title).replaceAll("{{DATE}}", input.date)
    .replaceAll("{{MODE}}", input.mode);
}

/**
 * The skill in every language pwf writes plans in (templates/agent/i18n/):
 * the English SKILL.md's sections, rules and commands, written with that
 * language's plan labels (lib/core/plan/labels.ts); the slash commands are
 * in commands_i18n.ts, reference.md in reference_i18n.ts. skill_i18n_test.ts
 * keeps each in step.
 * @module
 */

import zh from "../../../templates/agent/i18n/zh.md" with { type: "text" };
import zhHant from "../../../templates/agent/i18n/zh-Hant.md" with { type: "text" };
import ar from "../../../templates/agent/i18n/ar.md" with { type: "text" };
import es from "../../../templates/agent/i18n/es.md" with { type: "text" };
import de from "../../../templates/agent/i18n/de.md" with { type: "text" };
import ja from "../../../templates/agent/i18n/ja.md" with { type: "text" };
import fr from "../../../templates/agent/i18n/fr.md" with { type: "text" };
import type { Lang } from "../plan/labels.ts";
import { SKILL_TEXT } from "./texts.ts";

/** SKILL.md per language. */
export const SKILL_TEXTS: Readonly<Record<Lang, string>> = {
  en: SKILL_TEXT,
  zh,
  "zh-Hant": zhHant,
  ar,
  es,
  de,
  ja,
  fr,
};

/**
 * The skill in every language pwf writes plans in (templates/agent/i18n/):
 * the English SKILL.md's sections, rules and commands, written with that
 * language's plan labels (lib/core/plan/labels.ts); the slash commands are
 * in commands_i18n.ts, reference.md in reference_i18n.ts. skill_i18n_test.ts
 * keeps each in step. Every language's text is packed (template_texts.ts)
 * and unpacked when read.
 * @module
 */

import { type Lang, LANGS } from "../plan/labels.ts";
import { lazyRecord, templateText } from "../text/template_texts.ts";

/** SKILL.md per language. */
export const SKILL_TEXTS: Readonly<Record<Lang, string>> = lazyRecord(
  LANGS,
  (lang) => templateText(lang === "en" ? "agent/SKILL.md" : `agent/i18n/${lang}.md`),
);

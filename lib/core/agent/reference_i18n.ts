/**
 * reference.md in every language pwf writes plans in
 * (templates/agent/i18n/<code>/reference.md): English's sections, tables,
 * steps and `pwf` commands, with that language's plan structure (its
 * headings, sections and status label). reference_i18n_test.ts keeps each
 * in step with English. Every language's text is packed (template_texts.ts)
 * and unpacked when read.
 * @module
 */

import { type Lang, LANGS } from "../plan/labels.ts";
import { lazyRecord, templateText } from "../text/template_texts.ts";

/** reference.md per language. */
export const REFERENCE_TEXTS: Readonly<Record<Lang, string>> = lazyRecord(
  LANGS,
  (lang) => templateText(lang === "en" ? "agent/reference.md" : `agent/i18n/${lang}/reference.md`),
);

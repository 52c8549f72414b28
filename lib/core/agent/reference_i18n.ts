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
import { i18nText, lazyRecord } from "./i18n_texts.ts";
import { templateText } from "../text/template_texts.ts";

/** reference.md per language. */
export const REFERENCE_TEXTS: Readonly<Record<Lang, string>> = lazyRecord(
  LANGS,
  (lang) => lang === "en" ? templateText("agent/reference.md") : i18nText(`${lang}/reference.md`),
);

/**
 * reference.md in every language pwf writes plans in
 * (templates/agent/i18n/<code>/reference.md): English's sections, tables,
 * steps and `pwf` commands, with that language's plan structure (its
 * headings, sections and status label). reference_i18n_test.ts keeps each
 * in step with English.
 * @module
 */

import zh from "../../../templates/agent/i18n/zh/reference.md" with { type: "text" };
import zhHant from "../../../templates/agent/i18n/zh-Hant/reference.md" with { type: "text" };
import ar from "../../../templates/agent/i18n/ar/reference.md" with { type: "text" };
import es from "../../../templates/agent/i18n/es/reference.md" with { type: "text" };
import de from "../../../templates/agent/i18n/de/reference.md" with { type: "text" };
import ja from "../../../templates/agent/i18n/ja/reference.md" with { type: "text" };
import fr from "../../../templates/agent/i18n/fr/reference.md" with { type: "text" };
import type { Lang } from "../plan/labels.ts";
import { REFERENCE_TEXT } from "./texts.ts";

/** reference.md per language. */
export const REFERENCE_TEXTS: Readonly<Record<Lang, string>> = {
  en: REFERENCE_TEXT,
  zh,
  "zh-Hant": zhHant,
  ar,
  es,
  de,
  ja,
  fr,
};

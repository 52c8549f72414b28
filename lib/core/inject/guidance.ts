/**
 * Session-start guidance: the few lines injected when `.planning/` exists but
 * holds no plan, telling the model how to start one. There is no plan to
 * take a language from, so `PWF_LANG` picks it (as for `pwf init`).
 * @module
 */

import en from "../../../templates/agent/session_start_guidance.md" with { type: "text" };
import zh from "../../../templates/agent/i18n/zh/session_start_guidance.md" with { type: "text" };
import zhHant from "../../../templates/agent/i18n/zh-Hant/session_start_guidance.md" with {
  type: "text",
};
import ar from "../../../templates/agent/i18n/ar/session_start_guidance.md" with { type: "text" };
import es from "../../../templates/agent/i18n/es/session_start_guidance.md" with { type: "text" };
import de from "../../../templates/agent/i18n/de/session_start_guidance.md" with { type: "text" };
import ja from "../../../templates/agent/i18n/ja/session_start_guidance.md" with { type: "text" };
import fr from "../../../templates/agent/i18n/fr/session_start_guidance.md" with { type: "text" };
import { labelsFor, type Lang } from "../plan/labels.ts";

/** Upper bound on the guidance's length in characters (SPEC 11b). */
export const GUIDANCE_MAX_CHARS = 600;

const TEXTS: Readonly<Record<Lang, string>> = {
  en,
  zh,
  "zh-Hant": zhHant,
  ar,
  es,
  de,
  ja,
  fr,
};

/**
 * The session-start guidance text ("\n"-terminated, at most
 * GUIDANCE_MAX_CHARS) in the language `PWF_LANG` names (English for none
 * or an unknown code).
 * @example
 * ```ts
 * import { sessionStartGuidance } from "./guidance.ts";
 * if (!sessionStartGuidance().includes("pwf init")) throw new Error();
 * if (!sessionStartGuidance("zh").includes("还没有计划")) throw new Error();
 * ```
 */
export function sessionStartGuidance(lang?: string): string {
  const code = labelsFor(lang?.trim() ?? "")?.lang ?? "en";
  return TEXTS[code].replace(/\r\n/g, "\n").trimEnd() + "\n";
}

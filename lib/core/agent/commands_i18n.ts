/**
 * The slash-command prompts in every language pwf writes plans in
 * (templates/agent/i18n/<code>/commands/): English's prompts, steps, `pwf`
 * commands, placeholders and argument hints, in that language's words and
 * with its plan's `## Next Step` name. commands_i18n_test.ts keeps each in
 * step with English. Every language's prompts are packed (template_texts.ts).
 * @module
 */

import { type Lang, LANGS } from "../plan/labels.ts";
import { AGENT_COMMAND_NAMES, commandPath } from "./command_names.ts";
import { lazyRecord, templateTexts } from "../text/template_texts.ts";

/** Where the prompt of command `name` in `lang` is packed (under templates/). */
function promptPath(lang: Lang, name: string): string {
  return lang === "en" ? commandPath(name) : `agent/i18n/${lang}/commands/${name}.md`;
}

/**
 * Slash-command prompts by name, per language: reading a language unpacks
 * its texts once and gives a frozen record of all its prompts.
 */
export const COMMAND_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = lazyRecord(
  LANGS,
  (lang) => {
    const texts = templateTexts(AGENT_COMMAND_NAMES.map((name) => promptPath(lang, name)));
    return Object.freeze(Object.fromEntries(AGENT_COMMAND_NAMES.map((n, i) => [n, texts[i]!])));
  },
);

/**
 * What `$ARGUMENTS` becomes for hosts whose command files have no argument
 * placeholder (Copilot, Cursor), per language.
 */
export const SPOKEN_ARGUMENTS: Readonly<Record<Lang, string>> = {
  en: "(the text typed after the command)",
  zh: "（命令后输入的文字）",
  "zh-Hant": "（命令後輸入的文字）",
  ar: "(النص المكتوب بعد الأمر)",
  es: "(el texto escrito tras el comando)",
  de: "(der nach dem Befehl eingegebene Text)",
  ja: "（コマンドの後に入力された文字列）",
  fr: "(le texte saisi après la commande)",
};

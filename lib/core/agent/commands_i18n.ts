/**
 * The slash-command prompts in every language pwf writes plans in
 * (templates/agent/i18n/<code>/commands/): English's prompts, steps, `pwf`
 * commands, placeholders and argument hints, in that language's words and
 * with its plan's `## Next Step` name. commands_i18n_test.ts keeps each in
 * step with English. The translations are packed (i18n_texts.ts).
 * @module
 */

import { type Lang, LANGS } from "../plan/labels.ts";
import { i18nText, lazyRecord } from "./i18n_texts.ts";
import { AGENT_COMMANDS } from "./texts.ts";

const NAMES = Object.keys(AGENT_COMMANDS);

/** Slash-command prompts by name, per language. */
export const COMMAND_TEXTS: Readonly<Record<Lang, Readonly<Record<string, string>>>> = lazyRecord(
  LANGS,
  (lang) =>
    lang === "en"
      ? AGENT_COMMANDS
      : lazyRecord(NAMES, (name) => i18nText(`${lang}/commands/${name}.md`)),
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

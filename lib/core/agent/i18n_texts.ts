/**
 * The translated agent texts (templates/agent/i18n/), read from the packed
 * templates (lib/core/text/template_texts.ts): a hook fire never reads them,
 * so it never pays to unpack them, and the artifact carries them at a
 * fraction of their size.
 * @module
 */

import { templateText } from "../text/template_texts.ts";

export { lazyRecord } from "../text/template_texts.ts";

/**
 * The text of `path` under templates/agent/i18n/ (`zh.md`,
 * `ja/reference.md`, `fr/commands/plan.md`); throws when the pack lacks it
 * (`deno task gen` writes the pack).
 */
export function i18nText(path: string): string {
  return templateText(`agent/i18n/${path}`);
}

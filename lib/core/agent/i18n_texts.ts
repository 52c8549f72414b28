/**
 * The translated agent texts, read from the packed module
 * (i18n_packed.ts, generated from templates/agent/i18n/ by tools/i18n_pack.ts)
 * and unpacked where read: a hook fire never reads them, so it never pays to
 * unpack them, and the artifact carries them at a fraction of their size.
 * @module
 */

import { I18N_PACKED } from "./i18n_packed.ts";
import { unpackText } from "../text/packed.ts";

/**
 * The text of `path` under templates/agent/i18n/ (`zh.md`,
 * `ja/reference.md`, `fr/commands/plan.md`); throws when the pack lacks it
 * (`deno task gen` writes the pack).
 */
export function i18nText(path: string): string {
  const packed = Object.hasOwn(I18N_PACKED, path) ? I18N_PACKED[path] : undefined;
  if (packed === undefined) {
    throw new Error(`lib/core/agent/i18n_packed.ts lacks ${path}: run "deno task gen"`);
  }
  return unpackText(packed);
}

/**
 * A frozen record of `keys` whose values are computed when read (each read
 * unpacks again: the record holds no state).
 * @example
 * ```ts
 * import { lazyRecord } from "./i18n_texts.ts";
 * const r = lazyRecord(["a", "b"], (k) => k.toUpperCase());
 * if (r.b !== "B" || Object.keys(r).join() !== "a,b") throw new Error();
 * ```
 */
export function lazyRecord<K extends string, V>(
  keys: readonly K[],
  value: (key: K) => V,
): Readonly<Record<K, V>> {
  const out = {} as Record<K, V>;
  for (const key of keys) {
    Object.defineProperty(out, key, { get: () => value(key), enumerable: true });
  }
  return Object.freeze(out);
}

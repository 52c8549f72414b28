/**
 * Constants made on first use. A regular expression with a Unicode property
 * escape (`\p{L}`) costs about a millisecond to build (V8 builds its
 * character classes from ICU's tables) and more memory than any other
 * constant; built at load, every hook fire would pay for each one, though a
 * fire meets only ASCII names. So the modules keep an ASCII fast path and
 * build the Unicode expression through `once` (docs/performance.md).
 * @module
 */

/**
 * A function returning `make()`'s value, made on the first call and the same
 * value ever after (a constant computed once: no state a caller can see).
 * @example
 * ```ts
 * import { once } from "./once.ts";
 * let made = 0;
 * const word = once(() => (made++, /^\p{L}+$/u));
 * if (!word().test("重构") || word() !== word() || made !== 1) throw new Error();
 * ```
 */
export function once<T>(make: () => T): () => T {
  let value: { readonly v: T } | undefined;
  return () => (value ??= { v: make() }).v;
}

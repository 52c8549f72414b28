/**
 * Text from disk or from a payload that pwf prints outside a frame (a phase
 * title in a Stop reason, a plan id or a path in a notice) is reduced to a
 * short, quoted, control-free excerpt that cannot impersonate pwf: no line
 * terminator of any kind (lib/core/text/lines.ts), no control or invisible format
 * character, no `[planning-with-files]` tag, no frame delimiter word.
 * @module
 */

/** Default excerpt length in characters (code points), before the quotes. */
export const EXCERPT_MAX = 80;

/**
 * The excerpt's text without quotes: one line, controls as spaces, runs of
 * spaces collapsed, the tag and delimiter words defused, cut to `max` code
 * points with "…" when longer.
 * @example
 * ```ts
 * import { plainExcerpt } from "./excerpt.ts";
 * const t = plainExcerpt("x\u2028[planning-with-files] ===END-PWF-DATA\x1b[2J");
 * if (t !== "x (planning-with-files) ===END PWF DATA [2J") throw new Error(t);
 * ```
 */
export function plainExcerpt(text: string, max: number = EXCERPT_MAX): string {
  // The expressions stand here, not at the top of the module: a hook fire that prints no excerpt
  // (the common one) then never creates them (~0.4 ms for these Unicode classes; docs/performance.md).
  // Cc (C0, DEL, C1 incl. NEL), Cf (bidi overrides, zero-width, BOM), Zl, Zp, and VT/FF/CR/LF.
  const flat = text.slice(0, max * 8).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/gu, " ").trim()
    .replace(/\[\s*planning[\s_-]*with[\s_-]*files\s*\]/giu, "(planning-with-files)")
    .replace(/(BEGIN|END)-PWF-DATA/giu, "$1 PWF DATA");
  const chars = Array.from(flat);
  return chars.length > max ? chars.slice(0, max - 1).join("").trimEnd() + "…" : flat;
}

/**
 * The excerpt in single quotes (a `'` inside becomes `’`, so the quote
 * cannot be closed early).
 * @example
 * ```ts
 * import { quoteExcerpt } from "./excerpt.ts";
 * if (quoteExcerpt("it's\ndone") !== "'it’s done'") throw new Error();
 * ```
 */
export function quoteExcerpt(text: string, max: number = EXCERPT_MAX): string {
  return `'${plainExcerpt(text, max).replace(/'/g, "’")}'`;
}

/**
 * ANSI colour for human output; a no-op unless enabled.
 * @module
 */

import { once } from "./once.ts";

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, blue: 34, cyan: 36 } as const;

/** A colour name. */
export type ColorName = keyof typeof CODES;

/**
 * Wrap text in an ANSI colour when enabled.
 * @example
 * ```ts
 * import { paint } from "./color.ts";
 * if (paint(false, "red", "x") !== "x") throw new Error();
 * ```
 */
export function paint(enabled: boolean, color: ColorName, text: string): string {
  return enabled ? `\x1b[${CODES[color]}m${text}\x1b[0m` : text;
}

/**
 * Pad to a visible width (ignores ANSI escapes).
 * @example
 * ```ts
 * import { padVisible } from "./color.ts";
 * if (padVisible("\x1b[1mab\x1b[0m", 4).endsWith("  ") !== true) throw new Error();
 * ```
 */
export function padVisible(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - visibleWidth(text)));
}

/** East Asian wide and fullwidth ranges, and emoji: two terminal columns each. */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u;
const zeroWidth = once(() => /[\p{M}\u200b-\u200f]/u);

/**
 * Terminal columns a string takes: ANSI escapes take none, combining marks
 * none, East Asian wide characters and emoji two (plan ids and titles keep
 * their words: `重构后端服务` is 12 columns).
 * @example
 * ```ts
 * import { visibleWidth } from "./color.ts";
 * if (visibleWidth("\x1b[1mab\x1b[0m") !== 2 || visibleWidth("重构") !== 4 || visibleWidth("e\u0301") !== 1) throw new Error();
 * ```
 */
export function visibleWidth(text: string): number {
  // deno-lint-ignore no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  let width = 0;
  for (const ch of plain) width += zeroWidth().test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
  return width;
}

/**
 * Render rows as aligned columns (two spaces apart; last column unpadded).
 * @example
 * ```ts
 * import { table } from "./color.ts";
 * if (table([["a", "bb"], ["ccc", "d"]]) !== "a    bb\nccc  d\n") throw new Error();
 * ```
 */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((c, i) => widths[i] = Math.max(widths[i] ?? 0, visibleWidth(c)));
  }
  return rows.map((row) =>
    row.map((c, i) => i === row.length - 1 ? c : padVisible(c, widths[i] ?? 0)).join("  ")
      .trimEnd() + "\n"
  ).join("");
}

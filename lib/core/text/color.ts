/**
 * ANSI colour for human output; a no-op unless enabled.
 * @module
 */

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
  // deno-lint-ignore no-control-regex
  const visible = text.replace(/\x1b\[[0-9;]*m/g, "").length;
  return text + " ".repeat(Math.max(0, width - visible));
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
  // deno-lint-ignore no-control-regex
  const vis = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "").length;
  for (const row of rows) row.forEach((c, i) => widths[i] = Math.max(widths[i] ?? 0, vis(c)));
  return rows.map((row) =>
    row.map((c, i) => i === row.length - 1 ? c : padVisible(c, widths[i] ?? 0)).join("  ")
      .trimEnd() + "\n"
  ).join("");
}

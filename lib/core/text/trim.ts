/**
 * Trimming by a loop rather than a regex: `[\\/]+$` or `\s*\n\s*`
 * rescans a long run from each of its start positions (quadratic time on a
 * run that does not end the text), while these functions visit each
 * character once (issue 26 item 1, tests/regex_scan_test.ts).
 * @module
 */

/**
 * `text` without the run of characters from `chars` at its end.
 * @example
 * ```ts
 * import { trimTrailing } from "./trim.ts";
 * if (trimTrailing("a/b\\//", "/\\") !== "a/b" || trimTrailing("x\n\n", "\n") !== "x") throw new Error();
 * ```
 */
export function trimTrailing(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/**
 * `text` without the run of characters from `chars` at its start.
 * @example
 * ```ts
 * import { trimLeading } from "./trim.ts";
 * if (trimLeading("--a-", "-") !== "a-") throw new Error();
 * ```
 */
export function trimLeading(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start]!)) start++;
  return text.slice(start);
}

/**
 * Each "\n" with the whitespace around it (other newlines included) becomes
 * one space: what replacing each match of `\s*\n\s*` with " " gives, in linear time.
 * @example
 * ```ts
 * import { joinLines } from "./trim.ts";
 * if (joinLines("a  \n\n  b\nc") !== "a b c" || joinLines(" x ") !== " x ") throw new Error();
 * ```
 */
export function joinLines(text: string): string {
  if (!text.includes("\n")) return text;
  const parts = text.split("\n");
  const last = parts.length - 1;
  const kept = parts.map((p, i) => i === 0 ? p.trimEnd() : i === last ? p.trimStart() : p.trim())
    .filter((p, i) => i === 0 || i === last || p !== "");
  return kept.join(" ");
}

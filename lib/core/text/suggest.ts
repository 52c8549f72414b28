/**
 * "Did you mean": the closest known word to a mistyped one, by edit distance
 * (insertions, deletions, substitutions and swaps of neighbours each cost 1).
 * @module
 */

/**
 * Edit distance between `a` and `b` (optimal string alignment).
 * @example
 * ```ts
 * import { editDistance } from "./suggest.ts";
 * if (editDistance("stauts", "status") !== 1) throw new Error("a swap costs 1");
 * ```
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const prev = rows[i - 1]!;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known word closest to `word` (first in `known` on a tie) when one is
 * within a third of the word's length (at least 1, at most 3), compared
 * without case; else the one known word that contains `word` (3 characters
 * or more: a plan id by its title); else undefined.
 * @example
 * ```ts
 * import { closest } from "./suggest.ts";
 * if (closest("claud", ["claude", "codex"]) !== "claude") throw new Error();
 * if (closest("zzz", ["claude", "codex"]) !== undefined) throw new Error();
 * if (closest("auth", ["2026-01-02-auth-1a2b3c"]) !== "2026-01-02-auth-1a2b3c") throw new Error();
 * ```
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestD = limit + 1;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  if (best !== undefined || word.length < 3) return best;
  const holding = known.filter((k) => k.toLowerCase().includes(word.toLowerCase()));
  return holding.length === 1 ? holding[0] : undefined;
}

/**
 * `; did you mean "<closest>"?`, or "" when nothing is close.
 * @example
 * ```ts
 * import { didYouMean } from "./suggest.ts";
 * if (didYouMean("--gatd", ["--gated", "--json"]) !== '; did you mean "--gated"?') throw new Error();
 * ```
 */
export function didYouMean(word: string, known: readonly string[]): string {
  const c = closest(word, known);
  return c === undefined ? "" : `; did you mean "${c}"?`;
}

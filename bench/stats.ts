/**
 * Statistics of the bench (tools/bench.ts): medians, quantiles and the spread
 * of per-round ratios. Pure.
 * @module
 */

/**
 * The arithmetic mean (0 for no values).
 * @example
 * ```ts
 * import { mean } from "./stats.ts";
 * if (mean([1, 2, 6]) !== 3 || mean([]) !== 0) throw new Error();
 * ```
 */
export function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

/**
 * The `q` quantile (0..1) by linear interpolation between the closest ranks
 * (NaN for no values).
 * @example
 * ```ts
 * import { quantile } from "./stats.ts";
 * if (quantile([4, 1, 3, 2], 0.25) !== 1.75 || quantile([5], 0.9) !== 5) throw new Error();
 * ```
 */
export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = Math.min(1, Math.max(0, q)) * (s.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(s.length - 1, lo + 1);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/**
 * The median (NaN for no values).
 * @example
 * ```ts
 * import { median } from "./stats.ts";
 * if (median([3, 1, 2]) !== 2 || median([1, 2, 3, 4]) !== 2.5) throw new Error();
 * ```
 */
export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

/**
 * Ratios of paired values, `a[i] / b[i]`, over the pairs both sides have.
 * @example
 * ```ts
 * import { pairRatios } from "./stats.ts";
 * if (pairRatios([2, 9, 4], [1, 3]).join() !== "2,3") throw new Error();
 * ```
 */
export function pairRatios(a: readonly number[], b: readonly number[]): number[] {
  const n = Math.min(a.length, b.length);
  return Array.from({ length: n }, (_, i) => a[i]! / b[i]!);
}

/** Where a set of ratios lies: its median, quartiles and extremes. */
export interface Spread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
  readonly min: number;
  readonly max: number;
}

/**
 * The spread of a set of values.
 * @example
 * ```ts
 * import { spread } from "./stats.ts";
 * const s = spread([1, 2, 3, 4, 5]);
 * if (s.median !== 3 || s.p25 !== 2 || s.p75 !== 4 || s.min !== 1 || s.max !== 5) throw new Error();
 * ```
 */
export function spread(xs: readonly number[]): Spread {
  return {
    median: median(xs),
    p25: quantile(xs, 0.25),
    p75: quantile(xs, 0.75),
    min: quantile(xs, 0),
    max: quantile(xs, 1),
  };
}

/**
 * `p25-p75` with two decimals, the bench's spread column.
 * @example
 * ```ts
 * import { quartiles, spread } from "./stats.ts";
 * if (quartiles(spread([1, 1.2, 1.4])) !== "1.10-1.30") throw new Error();
 * ```
 */
export function quartiles(s: Spread): string {
  return `${s.p25.toFixed(2)}-${s.p75.toFixed(2)}`;
}

/**
 * `min-max` with two decimals.
 * @example
 * ```ts
 * import { range, spread } from "./stats.ts";
 * if (range(spread([0.5, 0.75])) !== "0.50-0.75") throw new Error();
 * ```
 */
export function range(s: Spread): string {
  return `${s.min.toFixed(2)}-${s.max.toFixed(2)}`;
}

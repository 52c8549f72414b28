/** The bench's statistics (bench/stats.ts): quantiles, pair ratios, spreads. */

import { assert, assertEquals } from "./assert.ts";
import { mean, median, pairRatios, quantile, quartiles, range, spread } from "../bench/stats.ts";

Deno.test("quantile() interpolates between the closest ranks of the sorted values", () => {
  const xs = [40, 10, 30, 20];
  assertEquals(quantile(xs, 0), 10);
  assertEquals(quantile(xs, 1), 40);
  assertEquals(quantile(xs, 0.25), 17.5);
  assertEquals(quantile(xs, 0.75), 32.5);
  assertEquals(xs, [40, 10, 30, 20], "the input is left unsorted");
});

Deno.test("quantile() clamps q to 0..1 and is NaN for no values", () => {
  assertEquals(quantile([1, 2, 3], -1), 1);
  assertEquals(quantile([1, 2, 3], 2), 3);
  assert(Number.isNaN(quantile([], 0.5)));
});

Deno.test("median() takes the middle value, or the mean of the middle two", () => {
  assertEquals(median([5, 1, 3]), 3);
  assertEquals(median([4, 1, 3, 2]), 2.5);
});

Deno.test("mean() of no values is 0, not NaN", () => {
  assertEquals(mean([]), 0);
  assertEquals(mean([2, 4]), 3);
});

Deno.test("pairRatios() divides round by round and drops an unpaired tail", () => {
  assertEquals(pairRatios([30, 60, 90], [10, 20]), [3, 3]);
  assertEquals(pairRatios([], [1]), []);
});

Deno.test("spread() reports median, quartiles and extremes; quartiles() and range() print them", () => {
  const s = spread([1.5, 1.1, 1.3, 1.2, 1.4]);
  assertEquals(s, { median: 1.3, p25: 1.2, p75: 1.4, min: 1.1, max: 1.5 });
  assertEquals(quartiles(s), "1.20-1.40");
  assertEquals(range(s), "1.10-1.50");
});

Deno.test("a round whose baseline was slow shows in the spread, not in the ratio of medians", () => {
  const pwf = [40, 41, 42, 40, 41];
  const base = [25, 26, 25, 50, 26];
  const s = spread(pairRatios(pwf, base));
  assertEquals(s.min.toFixed(2), "0.80");
  assertEquals((median(pwf) / median(base)).toFixed(2), "1.58");
});

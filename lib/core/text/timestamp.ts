/**
 * ISO 8601 UTC timestamps computed from the epoch milliseconds with integer
 * arithmetic. `Date.prototype.toISOString` gives the same text, but in Deno
 * 2.9 its first call initialises V8's date cache (time zone and ICU code),
 * about 1 MB of resident memory on a hook fire that only needs UTC
 * (docs/performance.md). Equal to `toISOString` for years 0000-9999
 * (property test in timestamp_test.ts).
 * @module
 */

const DAY_MS = 86_400_000;

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/**
 * The UTC calendar date of a day number (days since 1970-01-01), by Howard
 * Hinnant's `civil_from_days`.
 */
function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1_460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

/**
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` for epoch milliseconds `ms` (an integer in the
 * years 0000-9999; outside that range, or for a non-integer, the result is
 * `new Date(ms).toISOString()`'s).
 * @example
 * ```ts
 * import { isoTimestamp } from "./timestamp.ts";
 * if (isoTimestamp(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) !== "2026-01-02T03:04:05.678Z") throw new Error();
 * ```
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < -62_167_219_200_000 || ms > 253_402_300_799_999) {
    return new Date(ms).toISOString();
  }
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const { y, m, d } = civilFromDays(days);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const min = Math.floor(rest / 60_000);
  rest -= min * 60_000;
  const s = Math.floor(rest / 1_000);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(min, 2)}:${pad(s, 2)}.${
    pad(rest - s * 1_000, 3)
  }Z`;
}

/**
 * `YYYY-MM-DDTHH:MM:SSZ` (seconds precision) for epoch milliseconds.
 * @example
 * ```ts
 * import { isoSeconds } from "./timestamp.ts";
 * if (isoSeconds(Date.UTC(2026, 0, 2, 3, 4, 5, 678)) !== "2026-01-02T03:04:05Z") throw new Error();
 * ```
 */
export function isoSeconds(ms: number): string {
  return `${isoTimestamp(ms).slice(0, -5)}Z`; // every form ends in ".mmmZ"
}

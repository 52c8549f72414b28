import { assertEquals } from "../../../tests/assert.ts";
import { rng } from "../../../tests/rng.ts";
import { isoSeconds, isoTimestamp } from "./timestamp.ts";

Deno.test("isoTimestamp equals toISOString for the edges of the calendar and random instants", () => {
  const edges = [
    0,
    -1,
    1,
    951_782_400_000, // 2000-02-29
    951_868_799_999, // 2000-02-29T23:59:59.999
    4_107_456_000_000, // 2100-02-28 (no leap day)
    -62_167_219_200_000, // 0000-01-01
    253_402_300_799_999, // 9999-12-31T23:59:59.999
    -2_208_988_800_000, // 1900-01-01
  ];
  for (const ms of edges) assertEquals(isoTimestamp(ms), new Date(ms).toISOString(), String(ms));
  const next = rng(16);
  for (let i = 0; i < 20_000; i++) {
    const ms = Math.floor(-62_167_219_200_000 + next() * 315_569_520_000_000);
    assertEquals(isoTimestamp(ms), new Date(ms).toISOString(), String(ms));
  }
});

Deno.test("isoTimestamp falls back to toISOString outside years 0000-9999 and for fractions", () => {
  for (const ms of [-62_167_219_200_001, 253_402_300_800_000, 8.64e15, 1.5]) {
    assertEquals(isoTimestamp(ms), new Date(ms).toISOString(), String(ms));
  }
});

Deno.test("isoSeconds drops the milliseconds", () => {
  assertEquals(isoSeconds(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), "2026-01-02T03:04:05Z");
  assertEquals(isoSeconds(253_402_300_800_000), "+010000-01-01T00:00:00Z");
});

// The ASCII fast paths (isAscii in lib/core/text/text.ts, docs/performance.md) answer
// exactly as the Unicode rules they stand in front of, on every ASCII string
// of up to two characters and on long random ones: plan ids, path segments
// and cache names (tests/regex_at_load_test.ts keeps the Unicode rules off
// the load).
import { assertEquals } from "./assert.ts";
import { isAscii } from "../lib/core/text/text.ts";
import { isValidPlanId } from "../lib/core/plan/id.ts";
import { checkSegment } from "../lib/fs/paths.ts";
import { cacheName } from "../lib/fs/cache.ts";

const PLAN_ID_RULE = /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}._-]*$/u;
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
const SEGMENT_RULE = /^[\p{L}\p{M}\p{N}._-]+$/u;

function asciiStrings(): string[] {
  const chars = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i));
  const out = ["", ...chars];
  for (const a of chars) for (const b of chars) out.push(a + b);
  let x = 2463534242;
  for (let n = 0; n < 3000; n++) {
    let s = "";
    const len = 3 + (n % 40);
    for (let i = 0; i < len; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      // Mostly name characters, sometimes anything ASCII.
      const pick = (x >>> 0) % 10;
      s += pick < 8 ? "abcXYZ09._-"[(x >>> 8) % 11] : String.fromCharCode((x >>> 8) % 128);
    }
    out.push(s);
  }
  return out;
}

function segmentOk(s: string): boolean {
  try {
    checkSegment(s);
    return true;
  } catch {
    return false;
  }
}

Deno.test("isAscii() tells ASCII strings from the rest", () => {
  assertEquals([isAscii(""), isAscii("a-1.md"), isAscii("\x7f"), isAscii("é"), isAscii("a重")], [
    true,
    true,
    true,
    false,
    false,
  ]);
});

Deno.test("isValidPlanId() answers every ASCII string as the Unicode rule does", () => {
  for (const s of asciiStrings()) {
    const rule = s.length <= 255 && PLAN_ID_RULE.test(s) && !s.endsWith(".") && !RESERVED.test(s);
    assertEquals(isValidPlanId(s), rule, JSON.stringify(s));
  }
});

Deno.test("checkSegment() refuses and accepts ASCII names as the Unicode rule does", () => {
  for (const s of asciiStrings()) {
    const rule = SEGMENT_RULE.test(s) && s !== "." && s !== "..";
    assertEquals(segmentOk(s), rule, JSON.stringify(s));
  }
  for (const s of ["重构", "café", "e\u0301", "مرحلة"]) assertEquals(segmentOk(s), true, s);
  for (const s of ["a b", "重 构", "a\u200bb", "🚀"]) assertEquals(segmentOk(s), false, s);
});

Deno.test("cacheName() makes the same name of ASCII and non-ASCII parts as the Unicode rule", () => {
  const rule = (p: string) => p.replace(/[^\p{L}\p{M}\p{N}._-]/gu, "_").replace(/^\.+/, "_");
  const parts = [...asciiStrings().slice(0, 2000), "重构 x", "sess:ü/1", "🚀..", "..é"];
  for (const p of parts) assertEquals(cacheName(p, "x"), `${rule(p)}-x`, JSON.stringify(p));
});

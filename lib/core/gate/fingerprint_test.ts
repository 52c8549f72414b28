import { assertEquals } from "../../../tests/assert.ts";
import { fingerprintText, parseCounter, parseFingerprint, progressed } from "./fingerprint.ts";

const H = "0123456789abcdef".repeat(4);

Deno.test("parseCounter() reads an integer line and calls anything else garbage", () => {
  assertEquals(parseCounter("12\n"), 12);
  assertEquals(parseCounter("5\r\n"), 5);
  for (const bad of ["", "\n", "-1", "5abc", "1e3", "\u0000"]) {
    assertEquals(parseCounter(bad), null);
  }
});

Deno.test("parseFingerprint() round-trips fingerprintText()", () => {
  const fp = { ledgerLines: 4, planHash: H, progressHash: "missing" };
  assertEquals(parseFingerprint(fingerprintText(fp)), fp);
});

Deno.test("parseFingerprint() reads the original's count-only .gate_last_ledger", () => {
  assertEquals(parseFingerprint("9\n"), { ledgerLines: 9, planHash: null, progressHash: null });
});

Deno.test("parseFingerprint() rejects garbage lines", () => {
  assertEquals(parseFingerprint("3\ntask_plan.md nothex\n"), null);
  assertEquals(parseFingerprint("three\n"), null);
});

Deno.test("progressed() sees a ledger decrease as progress", () => {
  const a = { ledgerLines: 5, planHash: H, progressHash: H };
  assertEquals(progressed(a, { ...a, ledgerLines: 4 }), true);
});

Deno.test("progressed() compares only hashes both fingerprints know", () => {
  const old = { ledgerLines: 5, planHash: null, progressHash: null };
  assertEquals(progressed(old, { ledgerLines: 5, planHash: H, progressHash: H }), false);
});

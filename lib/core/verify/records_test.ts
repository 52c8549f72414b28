import { assertEquals } from "../../../tests/assert.ts";
import { evidenceLine, parseEvidence, parseEvidenceLine, type Receipt } from "./records.ts";

const run: Receipt = {
  kind: "run",
  t: "2026-01-01T00:00:00.000Z",
  command: "sh check.sh",
  phases: [2],
  outcome: "failed",
  exit: 1,
  host: "claude",
  call: "toolu_1",
  session: "s1",
};

Deno.test("a receipt survives serialising and reading back", () => {
  assertEquals(parseEvidenceLine(evidenceLine(run).trim()), run);
});

Deno.test("evidenceLine() drops control characters and bounds every field", () => {
  const l = evidenceLine({
    ...run,
    call: "a\u001b[2Jb\n" + "x".repeat(10_000),
    command: "c\u0000d",
  });
  assertEquals(l.split("\n").length, 2);
  const back = parseEvidenceLine(l.trim()) as Receipt;
  assertEquals(back.command, "cd");
  assertEquals(back.call.startsWith("a[2Jb"), true);
  assertEquals(back.call.length, 128);
});

Deno.test("parseEvidence() skips torn, foreign and oversized lines", () => {
  const text = evidenceLine(run) + '{"kind":"run"\n' + "[1]\n" +
    `{"kind":"edit","x":"${"y".repeat(5000)}"}\n` +
    '{"kind":"run","command":"c","outcome":"maybe"}\n';
  assertEquals(parseEvidence(text), [run]);
});

import { assertEquals } from "../../../tests/assert.ts";
import { receiptChecks, type ReceiptView } from "./doctor.ts";

const NOW = new Date(Date.UTC(2026, 11, 1, 11, 25, 30));

function receipt(t: string, ms: number, event = "UserPromptSubmit"): ReceiptView {
  return { t, host: "claude", event, outcome: "injected", ms };
}

Deno.test("receipt checks give the last fire's age, its UTC time and the duration with its unit", () => {
  const checks = receiptChecks([
    receipt("2026-12-01T11:10:00.000Z", 9),
    receipt("2026-12-01T11:20:05.120Z", 12),
    receipt("2026-12-01T11:24:59.000Z", 1500, "Stop"),
  ], NOW);
  assertEquals(checks.map((c) => `${c.status}  ${c.name}: ${c.detail}`), [
    "PASS  hook claude Stop: last fired just now (2026-12-01 11:24:59 UTC): injected in 1.5 s (1 recent fire kept)",
    "PASS  hook claude UserPromptSubmit: last fired 5 minutes ago (2026-12-01 11:20:05 UTC): injected in 12 ms (2 recent fires kept)",
  ]);
});

Deno.test("a receipt with an unreadable time says so instead of printing NaN", () => {
  const [c] = receiptChecks([receipt("yesterday", 3)], NOW);
  assertEquals(c?.detail, "last fired at an unknown time: injected in 3 ms (1 recent fire kept)");
});

import { assert, assertEquals } from "../../../tests/assert.ts";
import { ledgerSummary, maxTick, recordLine } from "./records.ts";
import { parsePlan } from "../plan/parse.ts";
import { byteLength } from "../text/text.ts";

const base = {
  tick: 1,
  ts: "2026-01-01T00:00:00Z",
  agent: "main",
  phase: "",
  event: "note" as const,
  files: [],
};

Deno.test("recordLine() cuts a 1000-byte multibyte summary to at most 200 bytes of valid UTF-8", () => {
  const summary = "日本語✓".repeat(84);
  assert(byteLength(summary) >= 1000);
  const rec = JSON.parse(recordLine({ ...base, summary }));
  assert(byteLength(rec.summary) <= 200);
  assert(byteLength(rec.summary) > 195);
  assert(!rec.summary.includes("\uFFFD"));
  assert(summary.startsWith(rec.summary));
});

Deno.test("recordLine() turns control characters into spaces in every text field", () => {
  const rec = JSON.parse(
    recordLine({ ...base, summary: "a\nb\tc", phase: "1\r", files: ["x\ny"] }),
  );
  assertEquals([rec.summary, rec.phase, rec.files], ["a b c", "1 ", ["x y"]]);
});

Deno.test("maxTick() ignores ticks inside summaries and garbage lines", () => {
  assertEquals(maxTick([recordLine({ ...base, tick: 4, summary: '"tick":99' }), "{bad", ""]), 4);
});

Deno.test("ledgerSummary() has a fixed shape with no timestamps or summaries", () => {
  const plan = parsePlan(
    "### Phase 1: A\n- **Status:** complete\n### Phase 2: B\n- **Status:** in_progress\n",
  );
  const lines = [recordLine({ ...base, summary: "secret words" }).trim()];
  const s = ledgerSummary([{ agent: "w2", lines }, { agent: "main", lines }], plan);
  assertEquals(
    s,
    "=== RUN LEDGER ===\nentries: 2\nphases: 1/2 complete\nin_progress: Phase 2: B\nagent main: note\nagent w2: note\n==================\n",
  );
});

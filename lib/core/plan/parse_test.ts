import { assertEquals } from "../../../tests/assert.ts";
import { countPhases, parsePlan } from "./parse.ts";
import { decodeText, encodeText } from "../text/text.ts";

Deno.test("parsePlan() reads phases, statuses, title and sections", () => {
  const p = parsePlan(
    "# Task Plan: X\n\n## Goal\nShip.\n\n## Next Step\nTest.\n\n## Current Phase\nPhase 2\n\n## Phases\n\n### Phase 1: A\n- **Status:** complete\n\n### Phase 2: B\n* **Status:** in_progress\n",
  );
  assertEquals(p.title, "Task Plan: X");
  assertEquals(p.goal?.text, "Ship.");
  assertEquals(p.nextStep?.text, "Test.");
  assertEquals(p.currentPhase?.text, "Phase 2");
  assertEquals(p.phases.map((x) => [x.number, x.title, x.status]), [[1, "A", "complete"], [
    2,
    "B",
    "in_progress",
  ]]);
});

Deno.test("parsePlan() ignores phases inside code fences", () => {
  const p = parsePlan(
    "### Phase 1: real\n- **Status:** pending\n```md\n### Phase 2: fake\n- **Status:** complete\n```\n~~~\n### Phase 3: fake\n~~~\n",
  );
  assertEquals(p.phases.map((x) => x.number), [1]);
  assertEquals(p.phases[0]?.status, "pending");
});

Deno.test("parsePlan() ignores phases inside HTML comments", () => {
  const p = parsePlan(
    "<!--\n### Phase 9: hidden\n- **Status:** complete\n-->\n### Phase 1: A <!-- note -->\n- **Status:** in_progress\n",
  );
  assertEquals(p.phases.map((x) => [x.number, x.title, x.status]), [[1, "A", "in_progress"]]);
});

Deno.test("parsePlan() accepts the inline [complete] forms", () => {
  const p = parsePlan(
    "### Phase 1: A [complete]\n### Phase 2: B\n[in_progress]\n### Phase 3: C\n- [pending]\n",
  );
  assertEquals(p.phases.map((x) => x.status), ["complete", "in_progress", "pending"]);
  assertEquals(p.phases[0]?.title, "A");
});

Deno.test("parsePlan() tolerates CRLF, a BOM and invalid UTF-8", () => {
  const bytes = new Uint8Array([
    0xef,
    0xbb,
    0xbf,
    ...encodeText("# T\r\n## Goal\r\nG\xff\r\n### Phase 1: A\r\n- **Status:** complete\r\n"),
    0xff,
    0xfe,
  ]);
  const p = parsePlan(decodeText(bytes));
  assertEquals(p.title, "T");
  assertEquals(p.phases[0]?.status, "complete");
  assertEquals(p.phases[0]?.title, "A");
});

Deno.test("parsePlan() reports unknown and missing statuses and never counts them complete", () => {
  const p = parsePlan("### Phase 1: A\n- **Status:** completed\n### Phase 2: B\nno status\n");
  assertEquals(p.phases.map((x) => x.status), ["unknown", "missing"]);
  assertEquals(countPhases(p), { total: 2, complete: 0, inProgress: 0, pending: 0, unknown: 2 });
});

Deno.test("parsePlan() takes the first status line and counts the others", () => {
  const p = parsePlan("### Phase 1: A\n- **Status:** pending\n- **Status:** complete\n");
  assertEquals(p.phases[0]?.status, "pending");
  assertEquals(p.phases[0]?.statusLineCount, 2);
});

Deno.test("parsePlan() needs digits after 'Phase' and a level-3 heading", () => {
  const p = parsePlan("#### Phase 1: sub\n### Phase one\n### Phase 12: twelve\n## Phase 3\n");
  assertEquals(p.phases.map((x) => x.number), [12]);
});

Deno.test("parsePlan() counts checked items outside code", () => {
  const p = parsePlan("- [x] a\n  * [X] b\n- [ ] c\n```\n- [x] d\n```\n");
  assertEquals(p.checkedItems, 2);
});

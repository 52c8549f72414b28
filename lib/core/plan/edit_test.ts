import { assertEquals, assertThrows } from "../../../tests/assert.ts";
import { PwfError } from "../errors.ts";
import { setPhaseStatus } from "./edit.ts";

const PLAN =
  "# T\n\n## Current Phase\nPhase 1\n\n### Phase 1: A\n- **Status:** in_progress\n\n### Phase 2: B\n- **Status:** pending\n";

Deno.test("setPhaseStatus() changes only the phase's status line", () => {
  const out = setPhaseStatus(PLAN, 2, "complete").text;
  const a = PLAN.split("\n"), b = out.split("\n");
  const diff = a.map((l, i) => l === b[i] ? null : i).filter((i) => i !== null);
  assertEquals(diff, [9]);
  assertEquals(b[9], "- **Status:** complete");
});

Deno.test("setPhaseStatus() keeps Current Phase in step", () => {
  const out = setPhaseStatus(setPhaseStatus(PLAN, 1, "complete").text, 2, "in_progress").text;
  assertEquals(out.split("\n")[3], "Phase 2");
  const done = setPhaseStatus(setPhaseStatus(PLAN, 1, "complete").text, 2, "complete").text;
  assertEquals(done.split("\n")[3], "All phases complete");
});

Deno.test("setPhaseStatus() preserves CRLF line endings", () => {
  const crlf = PLAN.replaceAll("\n", "\r\n");
  const out = setPhaseStatus(crlf, 2, "complete").text;
  assertEquals(out, crlf.replace("- **Status:** pending", "- **Status:** complete"));
});

Deno.test("setPhaseStatus() rewrites an inline status token", () => {
  assertEquals(
    setPhaseStatus("### Phase 1: A [pending]\n", 1, "complete").text,
    "### Phase 1: A [complete]\n",
  );
});

Deno.test("setPhaseStatus() adds a status line to a phase without one", () => {
  assertEquals(
    setPhaseStatus("### Phase 1: A\ntext\n", 1, "in_progress").text,
    "### Phase 1: A\n- **Status:** in_progress\ntext\n",
  );
});

Deno.test("setPhaseStatus() refuses a phase that does not exist", () => {
  assertThrows(() => setPhaseStatus(PLAN, 7, "complete"), PwfError, 'no "### Phase 7"');
});

Deno.test("setPhaseStatus() reports no change when the status is already set", () => {
  assertEquals(setPhaseStatus(PLAN, 1, "in_progress").changed, false);
});

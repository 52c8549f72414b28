import { assertEquals } from "../../../tests/assert.ts";
import { owedPhrase, phaseEvidence, proofOf } from "./evidence.ts";
import type { EvidenceRecord, Outcome } from "./records.ts";

const checks = [
  { phase: 1, line: 3, command: "a" },
  { phase: 1, line: 4, command: "b" },
  { phase: 2, line: 9, command: "a" },
];
const run = (command: string, outcome: Outcome): EvidenceRecord => ({
  kind: "run",
  t: "",
  command,
  phases: [],
  outcome,
  exit: outcome === "failed" ? 1 : null,
  host: "h",
  call: "",
  session: "",
});
const edit: EvidenceRecord = { kind: "edit", t: "", host: "h", session: "" };
const verdicts = (rs: EvidenceRecord[]) =>
  phaseEvidence(checks, rs).map((e) => `${e.phase}:${e.verdict}:${e.owed?.command ?? ""}`);

Deno.test("a phase is verified when each check's newest run passed after the last edit", () => {
  assertEquals(verdicts([edit, run("a", "passed"), run("b", "passed")]), [
    "1:verified:",
    "2:verified:",
  ]);
});

Deno.test("a check never run is owed", () => {
  assertEquals(verdicts([run("a", "passed")]), ["1:owed:b", "2:verified:"]);
});

Deno.test("an edit after the passing run makes the evidence stale", () => {
  const e = phaseEvidence(checks, [run("a", "passed"), run("b", "passed"), edit]);
  assertEquals(e[0]?.owed?.state, "stale");
});

Deno.test("the newest run decides: a failure after a pass is owed", () => {
  const e = phaseEvidence(checks, [run("a", "passed"), run("a", "failed"), run("b", "passed")]);
  assertEquals(e[0]?.owed?.state, "failed");
  assertEquals(owedPhrase(e[0]!.owed!), 'run "a" (its last run failed with exit code 1)');
});

Deno.test("a run whose outcome the host does not report is unverifiable, never verified", () => {
  assertEquals(verdicts([run("a", "unknown"), run("b", "passed")]), [
    "1:unverifiable:",
    "2:unverifiable:",
  ]);
});

Deno.test("proofOf() calls a complete phase without fresh evidence claimed", () => {
  assertEquals(proofOf("complete", "owed"), "claimed");
  assertEquals(proofOf("in_progress", "owed"), "owed");
  assertEquals(proofOf("complete", "unverifiable"), "unverifiable");
});

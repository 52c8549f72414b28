import { assertEquals, assertNotIncludes, assertStringIncludes } from "../../../tests/assert.ts";
import { decideGate, gateCap, type GateInput, stopHookActive } from "./rule.ts";
import type { Fingerprint } from "./fingerprint.ts";
import { parseMode } from "../plan/mode.ts";

const FP: Fingerprint = { ledgerLines: 3, planHash: "a".repeat(64), progressHash: "b".repeat(64) };

/** Every condition holds: the gate blocks. */
function blocking(over: Partial<GateInput> = {}): GateInput {
  return {
    mode: parseMode("autonomous gate\n"),
    counts: { total: 5, complete: 2, inProgress: 1, pending: 2, unknown: 0 },
    next: { number: 3, title: "Build", status: "in_progress" },
    planArg: "",
    tampered: null,
    payload: { stop_hook_active: false },
    counters: { blocks: 0, lastFingerprint: null },
    fingerprint: FP,
    cap: 20,
    problem: null,
    ...over,
  };
}

Deno.test("decideGate() blocks when all five conditions hold", () => {
  const d = decideGate(blocking());
  assertEquals(d.decision, "block");
  assertEquals(d.newCounters, { blocks: 1, lastFingerprint: FP });
});

Deno.test("decideGate() block reason names the in-progress phase, done/total and N/cap", () => {
  const d = decideGate(
    blocking({ counters: { blocks: 4, lastFingerprint: { ...FP, ledgerLines: 2 } } }),
  );
  assertStringIncludes(d.reason, "'Phase 3: Build'");
  assertStringIncludes(d.reason, "(2/5 complete, gate block 5/20)");
});

Deno.test("decideGate() allows when .mode has no gate (autonomous alone)", () => {
  const d = decideGate(blocking({ mode: parseMode("autonomous\n") }));
  assertEquals([d.decision, d.condition], ["allow", "not-gated"]);
});

Deno.test("decideGate() allows when stop_hook_active is true", () => {
  const d = decideGate(blocking({ payload: { stop_hook_active: true } }));
  assertEquals([d.decision, d.condition], ["allow", "stop-hook-active"]);
});

Deno.test("decideGate() allows when every phase is complete", () => {
  const d = decideGate(blocking({ next: null }));
  assertEquals([d.decision, d.condition], ["allow", "finished"]);
});

Deno.test("decideGate() blocks on a pending phase when none is in progress, naming the start command", () => {
  const d = decideGate(blocking({ next: { number: 2, title: "Build", status: "pending" } }));
  assertEquals(d.decision, "block");
  assertStringIncludes(d.reason, "'Phase 2: Build' is pending");
  assertStringIncludes(d.reason, '"pwf phase 2 in_progress"');
});

Deno.test("decideGate() tells the model to complete the phase in progress, with --plan when asked", () => {
  const d = decideGate(blocking({ planArg: " --plan p1" }));
  assertStringIncludes(d.reason, '"pwf phase 3 complete --plan p1" (that starts the next phase)');
  assertNotIncludes(d.reason, "PLAN_ID");
});

Deno.test("decideGate() blocks a tampered plan even when it says every phase is complete", () => {
  const d = decideGate(blocking({ next: null, tampered: 'Ask the user to run "pwf attest".' }));
  assertEquals(d.decision, "block");
  assertStringIncludes(d.reason, "changed since it was attested");
  assertStringIncludes(d.reason, '"pwf attest"');
});

Deno.test("decideGate() at the cap allows with 'gate cap reached' and resets the count", () => {
  const d = decideGate(
    blocking({ counters: { blocks: 20, lastFingerprint: { ...FP, ledgerLines: 0 } } }),
  );
  assertEquals(d.decision, "allow");
  assertStringIncludes(d.reason, "gate cap reached (20/20)");
  assertEquals(d.newCounters.blocks, 0);
});

Deno.test("decideGate() with no change since the last block allows with 'no progress since last gate block'", () => {
  const d = decideGate(blocking({ counters: { blocks: 1, lastFingerprint: FP } }));
  assertEquals(d.decision, "allow");
  assertStringIncludes(d.reason, "no progress since last gate block");
  assertEquals(d.newCounters.blocks, 0);
});

Deno.test("decideGate() counts a progress.md edit alone as progress", () => {
  const d = decideGate(
    blocking({ counters: { blocks: 1, lastFingerprint: { ...FP, progressHash: "c".repeat(64) } } }),
  );
  assertEquals([d.decision, d.newCounters.blocks], ["block", 2]);
});

Deno.test("decideGate() counts a task_plan.md edit alone as progress", () => {
  const d = decideGate(
    blocking({ counters: { blocks: 1, lastFingerprint: { ...FP, planHash: "d".repeat(64) } } }),
  );
  assertEquals(d.decision, "block");
});

Deno.test("decideGate() counts new ledger lines as progress", () => {
  const d = decideGate(
    blocking({ counters: { blocks: 2, lastFingerprint: { ...FP, ledgerLines: 2 } } }),
  );
  assertEquals([d.decision, d.newCounters.blocks], ["block", 3]);
});

Deno.test("decideGate() after a block with no recorded fingerprint treats it as a stall", () => {
  const d = decideGate(blocking({ counters: { blocks: 1, lastFingerprint: null } }));
  assertEquals(d.condition, "stall");
});

Deno.test("decideGate() with unreadable state allows and says why", () => {
  const d = decideGate(blocking({ problem: `.stop_blocks holds "zz", not a count` }));
  assertEquals([d.decision, d.condition], ["allow", "state-unreadable"]);
  assertStringIncludes(d.reason, `.stop_blocks holds "zz"`);
  assertEquals(d.newCounters.blocks, 0);
});

Deno.test("decideGate() with cap 0 never blocks", () => {
  const d = decideGate(blocking({ cap: 0 }));
  assertStringIncludes(d.reason, "gate cap reached (0/0)");
});

Deno.test("decideGate() allow reasons never carry a block decision", () => {
  for (
    const over of [
      { mode: parseMode("") },
      { payload: { stop_hook_active: true } },
      { next: null },
      { cap: 1, counters: { blocks: 1, lastFingerprint: null } },
    ]
  ) {
    const d = decideGate(blocking(over));
    assertEquals(d.decision, "allow");
    assertNotIncludes(d.reason, "Gated plan incomplete");
  }
});

Deno.test("stopHookActive() ignores the text true inside another field", () => {
  assertEquals(stopHookActive({ message: `"stop_hook_active": true` }), false);
  assertEquals(stopHookActive({ nested: { stop_hook_active: true } }), false);
  assertEquals(stopHookActive({ stop_hook_active: false, x: true }), false);
  assertEquals(stopHookActive([{ stop_hook_active: true }]), false);
  assertEquals(stopHookActive(null), false);
});

Deno.test('stopHookActive() accepts the top-level string "true" (failing open)', () => {
  assertEquals(stopHookActive({ stop_hook_active: "true" }), true);
  assertEquals(stopHookActive({ stop_hook_active: "trueish" }), false);
});

Deno.test("gateCap() defaults to 20 for unset or garbage PWF_GATE_CAP", () => {
  for (const v of [undefined, "", "abc", "-1", "1.5", " 3x"]) assertEquals(gateCap(v, null), 20);
  assertEquals(gateCap("50", null), 50);
  assertEquals(gateCap("0", null), 0);
});

/** Claude Code's limit in the host table (lib/hosts/claude.ts `gateLimit`; lib/hosts/table_test.ts pins it). */
const CLAUDE_LIMIT = 7;

Deno.test("gateCap() with the Claude host clamps PWF_GATE_CAP=50 to 7", () => {
  assertEquals(gateCap("50", CLAUDE_LIMIT), 7);
  assertEquals(gateCap("3", CLAUDE_LIMIT), 3);
});

Deno.test("decideGate() with the Claude cap allows the stop before the 8th consecutive block", () => {
  const cap = gateCap("50", CLAUDE_LIMIT);
  let counters = { blocks: 0, lastFingerprint: null as Fingerprint | null };
  const decisions: string[] = [];
  for (let i = 0; i < 8; i++) {
    const d = decideGate(blocking({ cap, counters, fingerprint: { ...FP, ledgerLines: i } }));
    decisions.push(d.decision);
    counters = { ...d.newCounters };
  }
  assertEquals(decisions, [...Array(7).fill("block"), "allow"]);
});

Deno.test("decideGate() blocks on a phase marked complete without fresh passing evidence, naming the check", () => {
  const d = decideGate({
    ...verifiedBase,
    next: null,
    counts: { total: 1, complete: 1, inProgress: 0, pending: 0, unknown: 0 },
    owed: { phase: 1, todo: 'run "sh check.sh" (no run seen yet)', claimed: true },
  });
  assertEquals(d.decision, "block");
  assertStringIncludes(d.reason, "Phase 1 is marked complete but its AcceptanceCheck");
  assertStringIncludes(d.reason, 'Next: run "sh check.sh" (no run seen yet)');
});

Deno.test("decideGate() names the owed check of the phase in progress", () => {
  const d = decideGate({
    ...verifiedBase,
    owed: { phase: 2, todo: 'run "make" (its last run failed)', claimed: false },
  });
  assertStringIncludes(d.reason, "Phase 2 is in progress and its AcceptanceCheck");
});

const verifiedBase: GateInput = {
  mode: parseMode("autonomous gate"),
  payload: {},
  cap: 7,
  problem: null,
  counts: { total: 2, complete: 1, inProgress: 1, pending: 0, unknown: 0 },
  next: { number: 2, title: "Build", status: "in_progress" },
  planArg: "",
  tampered: null,
  counters: { blocks: 0, lastFingerprint: null },
  fingerprint: { ledgerLines: 0, planHash: "a", progressHash: "b" },
};

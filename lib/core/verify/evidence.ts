/**
 * Whether a phase's checks have fresh passing evidence (issue 28): for each
 * check command, the newest receipt passed and comes after the last edit the
 * hooks saw in the plan. Pure: records in, verdicts out.
 * @module
 */

import type { AcceptanceCheck } from "./checks.ts";
import type { EvidenceRecord, Receipt } from "./records.ts";
import { NOTICES, type Notices } from "../plan/notices.ts";

/**
 * The state of one check: `passed` (fresh), `unverifiable` (fresh, but the
 * host does not report outcomes), `failed` (the newest run failed), `stale`
 * (an edit came after the newest run) or `missing` (never run).
 */
export type CheckState = "passed" | "unverifiable" | "failed" | "stale" | "missing";

/** One check and its state. */
export interface CheckEvidence {
  readonly command: string;
  readonly state: CheckState;
  /** The newest receipt, if any. */
  readonly receipt: Receipt | null;
}

/** A phase's verdict: every check passed, passed or unverifiable, or something owed. */
export type Verdict = "verified" | "unverifiable" | "owed";

/** A phase with checks and its evidence. */
export interface PhaseEvidence {
  readonly phase: number;
  readonly checks: readonly CheckEvidence[];
  readonly verdict: Verdict;
  /** The first check still owed (the command to run), or null. */
  readonly owed: CheckEvidence | null;
}

/** The newest receipt per command and the position of the last edit. */
function newest(records: readonly EvidenceRecord[]) {
  const runs = new Map<string, { at: number; r: Receipt }>();
  let lastEdit = -1;
  records.forEach((r, at) => {
    if (r.kind === "edit") lastEdit = at;
    else runs.set(r.command, { at, r });
  });
  return { runs, lastEdit };
}

function stateOf(run: { at: number; r: Receipt } | undefined, lastEdit: number): CheckState {
  if (!run) return "missing";
  if (run.r.outcome === "failed") return "failed";
  if (run.at < lastEdit) return "stale";
  return run.r.outcome === "passed" ? "passed" : "unverifiable";
}

/**
 * The evidence of each phase that has checks, in plan order.
 * @example
 * ```ts
 * import { phaseEvidence } from "./evidence.ts";
 * const checks = [{ phase: 1, line: 3, command: "make test" }];
 * const run = { kind: "run", t: "", command: "make test", phases: [1], outcome: "passed", exit: 0, host: "claude", call: "", session: "" } as const;
 * const edit = { kind: "edit", t: "", host: "claude", session: "" } as const;
 * if (phaseEvidence(checks, [edit, run])[0]?.verdict !== "verified") throw new Error();
 * if (phaseEvidence(checks, [run, edit])[0]?.owed?.state !== "stale") throw new Error();
 * ```
 */
export function phaseEvidence(
  checks: readonly AcceptanceCheck[],
  records: readonly EvidenceRecord[],
): PhaseEvidence[] {
  const { runs, lastEdit } = newest(records);
  const byPhase = new Map<number, CheckEvidence[]>();
  for (const c of checks) {
    const run = runs.get(c.command);
    const list = byPhase.get(c.phase) ?? [];
    if (list.some((e) => e.command === c.command)) continue;
    list.push({ command: c.command, state: stateOf(run, lastEdit), receipt: run?.r ?? null });
    byPhase.set(c.phase, list);
  }
  return [...byPhase.entries()].map(([phase, list]) => {
    const owed = list.find((e) => e.state !== "passed" && e.state !== "unverifiable") ?? null;
    const verdict: Verdict = owed
      ? "owed"
      : list.some((e) => e.state === "unverifiable")
      ? "unverifiable"
      : "verified";
    return { phase, checks: list, verdict, owed };
  });
}

/** How a phase shows in the views: its proof when complete, else whether checks are owed. */
export type Proof = "verified" | "claimed" | "unverifiable" | "owed";

/**
 * A phase's proof for the views: a complete phase is verified, unverifiable
 * or claimed (complete without fresh passing evidence); any other phase with
 * checks is owed until they pass.
 * @example
 * ```ts
 * import { proofOf } from "./evidence.ts";
 * if (proofOf("complete", "owed") !== "claimed" || proofOf("pending", "verified") !== "verified") throw new Error();
 * ```
 */
export function proofOf(status: string, verdict: Verdict): Proof {
  if (verdict === "owed") return status === "complete" ? "claimed" : "owed";
  return verdict;
}

/**
 * One phrase naming what to do about an owed check (in `say`'s language).
 * @example
 * ```ts
 * import { owedPhrase } from "./evidence.ts";
 * if (owedPhrase({ command: "make test", state: "stale", receipt: null }) !== 'run "make test" (a file was edited after its last passing run)') throw new Error();
 * ```
 */
export function owedPhrase(e: CheckEvidence, say: Notices = NOTICES.en): string {
  return say.checkRun(e.command, e.state, e.receipt?.exit ?? null);
}

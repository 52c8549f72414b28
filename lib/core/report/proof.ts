/**
 * How the views show verified completion (issue 28): one word per phase
 * with AcceptanceCheck lines (verified, unverifiable, claimed, owed) and
 * the checks still owed. Pure renderers over the evidence verdicts.
 * @module
 */

import { printable } from "../text/display.ts";
import type { CheckState, Proof } from "../verify/evidence.ts";

/** A phase with AcceptanceCheck lines: how it is proven, and each check's state. */
export interface PhaseProofView {
  readonly phase: number;
  readonly proof: Proof;
  readonly checks: readonly { readonly command: string; readonly state: CheckState }[];
}

/** Longest command shown in one line of a view, in characters. */
export const PROOF_COMMAND_MAX = 200;

/**
 * One line per phase with checks: `Phase 1: claimed (owed: "make test" missing)`.
 * @example
 * ```ts
 * import { proofLines } from "./proof.ts";
 * const l = proofLines([{ phase: 1, proof: "claimed", checks: [{ command: "make", state: "missing" }] }]);
 * if (l[0] !== 'Phase 1: claimed; owed: "make" (missing)') throw new Error(l[0]);
 * ```
 */
export function proofLines(proofs: readonly PhaseProofView[]): string[] {
  return proofs.map((p) => {
    const owed = p.checks.filter((c) => c.state !== "passed" && c.state !== "unverifiable");
    const tail = owed.length
      ? `; owed: ${
        owed.map((c) => `"${printable(c.command, PROOF_COMMAND_MAX)}" (${c.state})`).join(", ")
      }`
      : "";
    return `Phase ${p.phase}: ${p.proof}${tail}`;
  });
}

/**
 * The JSON form: `{phase, proof, checks: [{command, state}]}` per phase with checks.
 * @example
 * ```ts
 * import { proofJson } from "./proof.ts";
 * const j = proofJson([{ phase: 2, proof: "verified", checks: [{ command: "make", state: "passed" }] }]);
 * if (JSON.stringify(j) !== '[{"phase":2,"proof":"verified","checks":[{"command":"make","state":"passed"}]}]') throw new Error();
 * ```
 */
export function proofJson(proofs: readonly PhaseProofView[]): PhaseProofView[] {
  return proofs.map((p) => ({
    phase: p.phase,
    proof: p.proof,
    checks: p.checks.map((c) => ({ command: c.command, state: c.state })),
  }));
}

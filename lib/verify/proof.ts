/**
 * A plan's verified-completion state for commands, the gate and the views
 * (issue 28): its checks, and for each phase with checks the evidence the
 * hooks recorded. A plan without AcceptanceCheck lines reads nothing more.
 * @module
 */

import type { Plan } from "../core/plan/parse.ts";
import { planChecks } from "../core/verify/checks.ts";
import { type PhaseEvidence, phaseEvidence, type Proof, proofOf } from "../core/verify/evidence.ts";
import type { PlanRef } from "../session/plan_ref.ts";
import { readEvidence } from "./store.ts";

/** One phase with checks, its evidence and how the views show it. */
export interface PhaseProof extends PhaseEvidence {
  readonly proof: Proof;
}

/** The proof of every phase with checks, in plan order ([] when the plan has none). */
export function planProof(plan: PlanRef, parsed: Plan): PhaseProof[] {
  const { checks } = planChecks(parsed);
  if (checks.length === 0) return [];
  return phaseEvidence(checks, readEvidence(plan)).map((e) => {
    const status = parsed.phases.find((p) => p.number === e.phase)?.status ?? "missing";
    return { ...e, proof: proofOf(status, e.verdict) };
  });
}

/** The first complete phase without fresh passing evidence (the gate's "owed"), or null. */
export function firstClaimed(proofs: readonly PhaseProof[]): PhaseProof | null {
  return proofs.find((p) => p.proof === "claimed") ?? null;
}

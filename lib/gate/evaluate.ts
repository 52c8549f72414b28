/**
 * The gate as one operation for `pwf check --gate` and the hosts' Stop
 * hooks: resolve the plan, read its state, decide (lib/core/gate/rule.ts), store
 * the counters under the plan's lock. It never throws: whatever goes wrong,
 * the stop is allowed and the reason says why (a broken gate must never
 * trap the agent).
 * @module
 */

import { type CheckReport, checkReport } from "../core/report/check.ts";
import {
  decideGate,
  GATE_PREFIX,
  gateCap,
  type GateCondition,
  type GateDecision,
} from "../core/gate/rule.ts";
import type { Fingerprint } from "../core/gate/fingerprint.ts";
import { lintPlan } from "../core/plan/lint.ts";
import { type Mode, parseMode } from "../core/plan/mode.ts";
import type { Attestation } from "../core/plan/attestation.ts";
import { inProgressPhase, parsePlan, type Plan } from "../core/plan/parse.ts";
import { owedPhrase } from "../core/verify/evidence.ts";
import { firstClaimed, planProof } from "../verify/proof.ts";
import { planLanguage } from "../core/plan/language.ts";
import { NOTICES, type Notices } from "../core/plan/notices.ts";
import { decodeText } from "../core/text/text.ts";
import { readFile } from "../fs/read.ts";
import {
  type GateKey,
  type GateState,
  gateStateChanges,
  progressFingerprint,
  readGateState,
  writeGateState,
} from "./state.ts";
import { HOOK_WAIT_MS, withLock } from "../fs/lock.ts";
import { readAttestation, readMode } from "../plan/tree.ts";
import { planFile, type PlanRef, type SessionScope } from "../session/plan_ref.ts";
import { type PinSource, resolvePlan } from "../session/resolve.ts";

/** What the gate needs from its caller. */
export interface GateRequest {
  /** The project root (the directory pwf started in). */
  readonly root: string;
  /** Environment lookup (PLAN_ID, PWF_GATE_CAP...). */
  readonly env: (name: string) => string | undefined;
  /** The host's Stop payload, parsed JSON (anything not an object counts as `{}`). */
  readonly payload: unknown;
  /** The host's own block limit (its HostSpec `gateLimit`); null/undefined: none. */
  readonly hostLimit?: number | null;
  /** The session the Stop belongs to (its binding decides the plan). */
  readonly session?: SessionScope | undefined;
  /** How PLAN_ID was given (`--plan` on `pwf check --gate`), for messages. */
  readonly pinnedBy?: PinSource;
}

/** The gate's answer with what it was based on. */
export interface GateOutcome {
  readonly decision: "block" | "allow";
  readonly condition: GateCondition | "no-plan" | "no-phases" | "error";
  /** One line: the block reason, or why the stop is allowed. */
  readonly reason: string;
  /** The completion report (null when no plan was read). */
  readonly report: CheckReport | null;
  /** Consecutive blocks stored after this stop. */
  readonly blocks: number;
  readonly cap: number;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function allowOutcome(
  condition: GateOutcome["condition"],
  why: string,
  report: CheckReport | null,
  cap: number,
): GateOutcome {
  return {
    decision: "allow",
    condition,
    reason: `${GATE_PREFIX} ${why} — allowing stop.`,
    report,
    blocks: 0,
    cap,
  };
}

/** Evaluate the gate for one Stop; never throws. */
export async function evaluateGate(req: GateRequest): Promise<GateOutcome> {
  const cap = gateCap(req.env("PWF_GATE_CAP"), req.hostLimit);
  try {
    return await evaluate(req, cap);
  } catch (err) {
    return allowOutcome("error", `gate error: ${message(err)}`, null, cap);
  }
}

async function evaluate(req: GateRequest, cap: number): Promise<GateOutcome> {
  const r = resolvePlan(req.root, req.env, req.session, req.pinnedBy);
  if (r.kind !== "plan") return allowOutcome("no-plan", `no plan (${r.why})`, null, cap);
  const plan = r.plan;
  const got = readFile(planFile(plan, "task_plan.md"));
  if (got.kind === "missing") {
    return allowOutcome("no-plan", `no plan (${plan.display}/task_plan.md is missing)`, null, cap);
  }
  const parsed = parsePlan(decodeText(got.bytes));
  const report = checkReport(plan.display, parsed, lintPlan(parsed));
  if (report.counts.total === 0) {
    return allowOutcome("no-phases", "no phases in task_plan.md", report, cap);
  }
  let mode: Mode;
  try {
    mode = plan.legacy ? parseMode("") : readMode(plan);
  } catch (err) {
    return allowOutcome(
      "state-unreadable",
      `cannot read ${plan.display}/.mode: ${message(err)}`,
      report,
      cap,
    );
  }
  const phase = inProgressPhase(parsed) ?? parsed.phases.find((p) => p.status !== "complete");
  const lang = planLanguage(parsed).labels.lang;
  // One digest of task_plan.md serves the tamper check and the progress fingerprint.
  const attestation = mode.gate
    ? await readAttestation(plan, got.truncated ? undefined : got)
    : null;
  const base = {
    mode,
    counts: report.counts,
    next: phase ? { number: phase.number, title: phase.title, status: phase.status } : null,
    planArg: r.source === "session" || r.source === "PLAN_ID" ? ` --plan ${plan.id}` : "",
    tampered: tamperNotice(plan, attestation, NOTICES[lang]),
    lang,
    owed: mode.gate
      ? owedOf(plan, parsed, phase?.status === "in_progress" ? phase.number : null, NOTICES[lang])
      : null,
    payload: req.payload,
    cap,
  };
  if (!mode.gate) {
    const d = decideGate({ ...base, ...EMPTY_STATE, fingerprint: NO_FINGERPRINT });
    return outcome(d, report, cap);
  }
  let fingerprint: Fingerprint = NO_FINGERPRINT;
  let fpProblem: string | null = null;
  try {
    fingerprint = await progressFingerprint(plan, digestOf(attestation));
  } catch (err) {
    fpProblem = `cannot compute the progress fingerprint: ${message(err)}`;
  }
  const decide = (state: GateState) =>
    decideGate({
      ...base,
      counters: state.counters,
      problem: state.problem ?? fpProblem,
      fingerprint,
    });
  // Each session counts its own consecutive blocks (issue 26 item 10).
  const key: GateKey = {
    plan,
    session: req.session?.id,
    ...(req.session?.bind ? { now: req.session.bind.now } : {}),
  };
  const snapshot = readGateState(key);
  const first = decide(snapshot);
  if (!gateStateChanges(snapshot, first.newCounters)) return outcome(first, report, cap);
  return await persist(key, decide, first, report, cap, NOTICES[lang]);
}

async function persist(
  key: GateKey,
  decide: (state: GateState) => GateDecision,
  first: GateDecision,
  report: CheckReport,
  cap: number,
  say: Notices,
): Promise<GateOutcome> {
  try {
    const d = await withLock(key.plan.dir, () => {
      const state = readGateState(key);
      const again = decide(state);
      writeGateState(key, state, again.newCounters);
      return again;
    }, { waitMs: HOOK_WAIT_MS }); // a Stop hook must answer within its budget
    return outcome(d, report, cap);
  } catch (err) {
    if (first.decision === "block") {
      return allowOutcome(
        "state-unreadable",
        `cannot record the gate block in ${key.plan.display} (${message(err)})`,
        report,
        cap,
      );
    }
    return {
      ...outcome(first, report, cap),
      reason: `${first.reason} ${say.gateNotReset(message(err))}`,
    };
  }
}

/** For a tampered plan, the one step that resolves it; null when the plan may be trusted. */
function tamperNotice(plan: PlanRef, a: Attestation | null, say: Notices): string | null {
  if (a === null || (a.state !== "tampered" && a.state !== "invalid")) return null;
  return say.tamperAsk(plan.display);
}

/**
 * The check the gate names: the first phase marked complete without fresh
 * passing evidence, else the phase in progress when its checks are owed.
 */
function owedOf(
  plan: PlanRef,
  parsed: Plan,
  inProgress: number | null,
  say: Notices,
): { phase: number; todo: string; claimed: boolean } | null {
  const proofs = planProof(plan, parsed);
  const c = firstClaimed(proofs) ?? proofs.find((p) => p.phase === inProgress && p.owed);
  return c?.owed
    ? {
      phase: c.phase,
      todo: owedPhrase(c.owed, say),
      claimed: c.proof === "claimed",
    }
    : null;
}

/** task_plan.md's whole-file digest when the attestation check computed it. */
function digestOf(a: Attestation | null): string | undefined {
  if (a?.state === "intact") return a.hash;
  return a?.state === "tampered" ? a.actual : undefined;
}

const EMPTY_STATE = { counters: { blocks: 0, lastFingerprint: null }, problem: null } as const;
const NO_FINGERPRINT: Fingerprint = { ledgerLines: 0, planHash: null, progressHash: null };

function outcome(d: GateDecision, report: CheckReport, cap: number): GateOutcome {
  return {
    decision: d.decision,
    condition: d.condition,
    reason: d.reason,
    report,
    blocks: d.newCounters.blocks,
    cap,
  };
}

/**
 * The phase state machine (issue 24), pure: what one `pwf phase N <status>`
 * request changes, or why it is refused. Every writer of statuses goes
 * through it, so a plan it accepts keeps the invariant the gate, lint and
 * every view rely on: at most one phase in progress, and none only when no
 * phase has started yet or every phase is complete (docs/gate.md).
 * @module
 */

import type { Phase, PhaseStatus, Plan, StatusValue } from "./parse.ts";
import { unreadPhaseHeadings } from "./unread_headings.ts";

/** One phase request: `pwf phase <number> <status>` and its flags. */
export interface PhaseRequest {
  readonly number: number;
  readonly status: StatusValue;
  /** Completing (or postponing) a phase starts the next pending one (default true). */
  readonly advance: boolean;
  /** Starting a phase moves any other phase in progress back to pending. */
  readonly switchOthers: boolean;
}

/** Why a phase's status changes. */
export type ChangeReason = "asked" | "started" | "paused";

/** One status change the request makes. */
export interface StatusChange {
  readonly phase: Phase;
  readonly from: PhaseStatus;
  readonly to: StatusValue;
  readonly reason: ChangeReason;
}

/** The machine's answer: the changes to write, or a one-line refusal. */
export type Transition =
  | { readonly ok: true; readonly changes: readonly StatusChange[] }
  | { readonly ok: false; readonly message: string };

const refuse = (message: string): Transition => ({ ok: false, message });

/** `Phase 3 (line 12)`: a phase as people find it in the file. */
export function phaseAt(p: Phase): string {
  return `Phase ${p.number} (line ${p.headingLine + 1})`;
}

/** The one phase a request names, or the refusal naming every line involved. */
function targetPhase(plan: Plan, n: number): Phase | string {
  const unread = unreadPhaseHeadings(plan);
  if (unread.length > 0) {
    const lines = unread.map((u) => u.line + 1).join(", ");
    return `task_plan.md has phase headings pwf cannot read (line${
      unread.length > 1 ? "s" : ""
    } ${lines}): write each as "### Phase <n>: <title>", then run "pwf lint"`;
  }
  const same = plan.phases.filter((p) => p.number === n);
  if (same.length > 1) {
    return `task_plan.md has ${same.length} "### Phase ${n}" headings (lines ${
      same.map((p) => p.headingLine + 1).join(", ")
    }): renumber them so each number is unique, then run "pwf lint"`;
  }
  const found = same[0];
  if (found) return found;
  const have = plan.phases.map((p) => `${p.number} (line ${p.headingLine + 1})`).join(", ");
  return `task_plan.md has no "### Phase ${n}" heading (phases: ${have || "none"})`;
}

/** The status of `p` once `changes` are applied. */
function statusAfter(p: Phase, changes: readonly StatusChange[]): PhaseStatus {
  return changes.find((c) => c.phase === p)?.to ?? p.status;
}

/** The next pending phase after `from` in plan order, else the first one before it. */
function nextPending(phases: readonly Phase[], from: Phase, changes: readonly StatusChange[]) {
  const at = phases.indexOf(from);
  const ordered = [...phases.slice(at + 1), ...phases.slice(0, at)];
  return ordered.find((p) => p !== from && isUnstarted(statusAfter(p, changes)));
}

/** Pending, or a status pwf cannot read (it counts as not started). */
function isUnstarted(s: PhaseStatus): boolean {
  return s !== "complete" && s !== "in_progress";
}

/**
 * Decide one request on a parsed plan.
 * @example
 * ```ts
 * import { planTransition } from "./transition.ts";
 * import { parsePlan } from "./parse.ts";
 * const plan = parsePlan("### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n- **Status:** pending\n");
 * const t = planTransition(plan, { number: 1, status: "complete", advance: true, switchOthers: false });
 * if (!t.ok || t.changes.map((c) => `${c.phase.number}:${c.to}`).join() !== "1:complete,2:in_progress") throw new Error();
 * ```
 */
export function planTransition(plan: Plan, req: PhaseRequest): Transition {
  const target = targetPhase(plan, req.number);
  if (typeof target === "string") return refuse(target);
  const changes: StatusChange[] = [];
  if (target.status !== req.status) {
    changes.push({ phase: target, from: target.status, to: req.status, reason: "asked" });
  }
  const others = plan.phases.filter((p) => p !== target && p.status === "in_progress");
  if (req.status === "in_progress" && others.length > 0) {
    if (!req.switchOthers) return refuse(busyMessage(req.number, others));
    for (const p of others) {
      changes.push({ phase: p, from: p.status, to: "pending", reason: "paused" });
    }
  }
  if (req.advance) advance(plan, target, changes);
  return checkInvariant(plan, req, changes);
}

/** With no phase left in progress and some started, start the next pending one. */
function advance(plan: Plan, target: Phase, changes: StatusChange[]): void {
  const after = plan.phases.map((p) => statusAfter(p, changes));
  if (after.includes("in_progress")) return;
  if (!after.includes("complete")) return;
  const next = nextPending(plan.phases, target, changes);
  if (next) changes.push({ phase: next, from: next.status, to: "in_progress", reason: "started" });
}

function busyMessage(n: number, others: readonly Phase[]): string {
  const first = others[0] as Phase;
  const names = others.map(phaseAt).join(", ");
  return `cannot start Phase ${n}: ${names} ${others.length > 1 ? "are" : "is"} in_progress; ` +
    `finish it first ("pwf phase ${first.number} complete") or move it back to pending ` +
    `("pwf phase ${n} in_progress --switch")`;
}

/**
 * Refuse a result that breaks the invariant (two phases in progress, or a
 * half-done plan with none), naming the command that gets there instead.
 */
function checkInvariant(plan: Plan, req: PhaseRequest, changes: StatusChange[]): Transition {
  const after = plan.phases.map((p) => statusAfter(p, changes));
  const active = plan.phases.filter((_, i) => after[i] === "in_progress");
  if (active.length > 1) {
    return refuse(
      `task_plan.md would have ${active.length} phases in_progress (${
        active.map(phaseAt).join(", ")
      }): set all but one to pending or complete first`,
    );
  }
  const started = after.includes("complete");
  const unfinished = after.some((s) => s !== "complete");
  if (req.advance && active.length === 0 && started && unfinished) {
    return refuse(
      `Phase ${req.number} is the only phase left to do: finish it ("pwf phase ${req.number} complete")` +
        ` or reopen an earlier one ("pwf phase <N> in_progress --switch")`,
    );
  }
  return { ok: true, changes };
}

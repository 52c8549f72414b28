/**
 * The completion gate (SPEC section 8) as a pure decision: block the host's
 * Stop only when every condition holds, otherwise allow and say why. The
 * store reads the counters and the fingerprint and writes `newCounters`.
 * @module
 */

import { plainExcerpt, quoteExcerpt } from "../text/excerpt.ts";
import { type Fingerprint, progressed } from "./fingerprint.ts";
import { type Mode, modeName } from "../plan/mode.ts";
import type { PhaseCounts } from "../plan/parse.ts";
import { labelsFor, type Lang } from "../plan/labels.ts";
import { PHRASES } from "../plan/phrases.ts";
import { NOTICES } from "../plan/notices.ts";

/** Cap on consecutive blocks when `PWF_GATE_CAP` is unset or not a number. */
export const DEFAULT_GATE_CAP = 20;

/** Prefix of every gate line, as in the original. */
export const GATE_PREFIX = "[planning-with-files]";

/** The stored gate counters. */
export interface GateCounters {
  /** Consecutive blocks since the last allowed stop. */
  readonly blocks: number;
  /** Progress fingerprint recorded at the last block (null: none). */
  readonly lastFingerprint: Fingerprint | null;
}

/** Everything the gate decides on. */
export interface GateInput {
  readonly mode: Mode;
  readonly counts: PhaseCounts;
  /**
   * The phase the plan is on: the one in progress, else the first one not
   * complete (pending or unreadable); null when every phase is complete.
   */
  readonly next: GatePhase | null;
  /** ` --plan <id>` when a command run by the model must name the plan, else "". */
  readonly planArg: string;
  /** Set when the plan changed since it was attested: its statuses cannot be trusted. */
  readonly tampered: string | null;
  /** The host's Stop payload, already parsed (anything that is not an object counts as `{}`). */
  readonly payload: unknown;
  readonly counters: GateCounters;
  /** The current progress fingerprint. */
  readonly fingerprint: Fingerprint;
  /** Maximum consecutive blocks (see gateCap). */
  readonly cap: number;
  /** Why the gate state could not be read (garbage counters...), or null. */
  readonly problem: string | null;
  /** The plan's language: the block reasons speak it (absent: English). */
  readonly lang?: Lang;
  /**
   * A phase whose AcceptanceCheck has no fresh passing run (issue 28): one
   * marked complete (`claimed`: it counts as unfinished), else the phase in
   * progress. `todo` says what to run; the block reason names it.
   */
  readonly owed?: {
    readonly phase: number;
    readonly todo: string;
    readonly claimed: boolean;
  } | null;
}

/** The phase the gate speaks of. */
export interface GatePhase {
  readonly number: number;
  readonly title: string;
  /** Its status as written (`in_progress`, `pending`, or what the plan says). */
  readonly status: string;
}

/** Which condition decided. */
export type GateCondition =
  | "blocked"
  | "not-gated"
  | "stop-hook-active"
  | "finished"
  | "state-unreadable"
  | "cap"
  | "stall";

/** The gate's answer. */
export interface GateDecision {
  readonly decision: "block" | "allow";
  readonly condition: GateCondition;
  /** One line: the block reason for the model, or why the stop is allowed. */
  readonly reason: string;
  /** The counters to store (an allowed stop resets the consecutive count). */
  readonly newCounters: GateCounters;
}

/**
 * Whether the payload says the host is already continuing after a block:
 * its top-level `stop_hook_active` is `true` (or, failing open, the string "true").
 * @example
 * ```ts
 * import { stopHookActive } from "./rule.ts";
 * if (!stopHookActive({ stop_hook_active: true })) throw new Error();
 * if (stopHookActive({ note: "stop_hook_active: true" })) throw new Error();
 * ```
 */
export function stopHookActive(payload: unknown): boolean {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return false;
  const v = (payload as Record<string, unknown>)["stop_hook_active"];
  return v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
}

/**
 * The effective cap: `PWF_GATE_CAP` (digits only, else 20) clamped by the host's limit.
 * @example
 * ```ts
 * import { gateCap } from "./rule.ts";
 * if (gateCap("50", 7) !== 7 || gateCap("abc", null) !== 20 || gateCap("3", undefined) !== 3) throw new Error();
 * ```
 */
export function gateCap(
  envValue: string | undefined,
  hostLimit: number | null | undefined,
): number {
  const t = envValue?.trim() ?? "";
  const asked = /^\d{1,9}$/.test(t) ? Number(t) : DEFAULT_GATE_CAP;
  return hostLimit === null || hostLimit === undefined ? asked : Math.min(asked, hostLimit);
}

/** The phase as a short quoted excerpt: plan text never leaves a frame unquoted (issue 12). */
function phaseName(p: { number: number; title: string }, word = "Phase"): string {
  return quoteExcerpt(`${word} ${p.number}${p.title ? `: ${p.title}` : ""}`, 120);
}

/**
 * The one next action that moves the plan forward: finish the phase in
 * progress (which starts the next one), or start the pending one.
 * @example
 * ```ts
 * import { nextAction } from "./rule.ts";
 * if (nextAction({ number: 2, title: "", status: "pending" }, "") !== "pwf phase 2 in_progress") throw new Error();
 * ```
 */
export function nextAction(p: GatePhase, planArg: string): string {
  return p.status === "in_progress"
    ? `pwf phase ${p.number} complete${planArg}`
    : `pwf phase ${p.number} in_progress${planArg}`;
}

function blockReason(input: GateInput, next: GatePhase, n: number): string {
  const { complete, total } = input.counts;
  const lang = input.lang ?? "en";
  const facts = { complete, total, block: n, cap: input.cap };
  if (input.tampered !== null) {
    return `${GATE_PREFIX} ${NOTICES[lang].gateTampered(facts, input.tampered)}`;
  }
  if (input.owed) {
    const o = input.owed;
    return `${GATE_PREFIX} ${
      NOTICES[lang].gateOwed(facts, {
        phase: o.phase,
        claimed: o.claimed,
        todo: plainExcerpt(o.todo, 1200),
        command: `pwf phase ${o.phase} complete${input.planArg}`,
      })
    }`;
  }
  const status = next.status === "in_progress" || next.status === "pending"
    ? next.status
    : "unknown";
  return `${GATE_PREFIX} ${
    PHRASES[lang].gateBlock({
      phase: phaseName(next, labelsFor(lang)?.phase),
      number: next.number,
      status,
      command: nextAction(next, input.planArg),
      complete,
      total,
      block: n,
      cap: input.cap,
    })
  }`;
}

/**
 * Decide one Stop: block only when the mode has `gate`, the payload's
 * `stop_hook_active` is not true, a phase is unfinished (pending or in
 * progress: issue 24), fewer than `cap` consecutive blocks happened, and
 * something changed since the last block. A tampered plan counts as
 * unfinished whatever it says, and so does a phase marked complete whose
 * AcceptanceCheck has no fresh passing run (`owed`).
 * @example
 * ```ts
 * import { decideGate } from "./rule.ts";
 * import { parseMode } from "../plan/mode.ts";
 * const d = decideGate({
 *   mode: parseMode("autonomous gate"), payload: {}, cap: 7, problem: null,
 *   counts: { total: 2, complete: 1, inProgress: 1, pending: 0, unknown: 0 },
 *   next: { number: 2, title: "Build", status: "in_progress" }, planArg: "", tampered: null,
 *   counters: { blocks: 0, lastFingerprint: null },
 *   fingerprint: { ledgerLines: 0, planHash: "a", progressHash: "b" },
 * });
 * if (d.decision !== "block" || !d.reason.includes("1/2 complete, gate block 1/7")) throw new Error(d.reason);
 * ```
 */
export function decideGate(input: GateInput): GateDecision {
  const { counters, cap } = input;
  const allow = (condition: GateCondition, why: string): GateDecision => ({
    decision: "allow",
    condition,
    reason: `${GATE_PREFIX} ${why} — allowing stop.`,
    newCounters: { blocks: 0, lastFingerprint: counters.lastFingerprint },
  });
  if (!input.mode.gate) {
    return allow("not-gated", `gate off: mode is ${modeName(input.mode)} (no "gate" in .mode)`);
  }
  if (stopHookActive(input.payload)) {
    return allow("stop-hook-active", "stop_hook_active is true (already continuing after a block)");
  }
  const next = input.next;
  if (!next && input.tampered === null && !input.owed?.claimed) {
    return allow("finished", "every phase is complete");
  }
  if (input.problem !== null) {
    return allow("state-unreadable", `cannot evaluate the gate: ${input.problem}`);
  }
  if (counters.blocks >= cap) {
    return allow("cap", `gate cap reached (${counters.blocks}/${cap})`);
  }
  if (
    counters.blocks > 0 &&
    (counters.lastFingerprint === null || !progressed(counters.lastFingerprint, input.fingerprint))
  ) {
    return allow("stall", "no progress since last gate block");
  }
  const n = counters.blocks + 1;
  return {
    decision: "block",
    condition: "blocked",
    reason: blockReason(input, next ?? { number: 0, title: "", status: "complete" }, n),
    newCounters: { blocks: n, lastFingerprint: input.fingerprint },
  };
}

/**
 * The completion gate (SPEC section 8) as a pure decision: block the host's
 * Stop only when every condition holds, otherwise allow and say why. The
 * store reads the counters and the fingerprint and writes `newCounters`.
 * @module
 */

import { quoteExcerpt } from "../text/excerpt.ts";
import { type Fingerprint, progressed } from "./fingerprint.ts";
import { type Mode, modeName } from "../plan/mode.ts";
import type { PhaseCounts } from "../plan/parse.ts";

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
  /** The in-progress phase (the first one), if any. */
  readonly inProgress: { readonly number: number; readonly title: string } | null;
  /** The host's Stop payload, already parsed (anything that is not an object counts as `{}`). */
  readonly payload: unknown;
  readonly counters: GateCounters;
  /** The current progress fingerprint. */
  readonly fingerprint: Fingerprint;
  /** Maximum consecutive blocks (see gateCap). */
  readonly cap: number;
  /** Why the gate state could not be read (garbage counters...), or null. */
  readonly problem: string | null;
}

/** Which condition decided. */
export type GateCondition =
  | "blocked"
  | "not-gated"
  | "stop-hook-active"
  | "no-in-progress"
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
function phaseName(p: { number: number; title: string }): string {
  return quoteExcerpt(`Phase ${p.number}${p.title ? `: ${p.title}` : ""}`, 120);
}

/**
 * Decide one Stop: block only when the mode has `gate`, the payload's
 * `stop_hook_active` is not true, a phase is in progress, fewer than `cap`
 * consecutive blocks happened, and something changed since the last block.
 * @example
 * ```ts
 * import { decideGate } from "./rule.ts";
 * import { parseMode } from "../plan/mode.ts";
 * const d = decideGate({
 *   mode: parseMode("autonomous gate"), payload: {}, cap: 7, problem: null,
 *   counts: { total: 2, complete: 1, inProgress: 1, pending: 0, unknown: 0 },
 *   inProgress: { number: 2, title: "Build" },
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
  if (!input.inProgress) return allow("no-in-progress", "no phase is in_progress");
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
  const { complete, total } = input.counts;
  return {
    decision: "block",
    condition: "blocked",
    reason:
      `${GATE_PREFIX} Gated plan incomplete: phase ${
        phaseName(input.inProgress)
      } is in_progress (${complete}/${total} complete, gate block ${n}/${cap}). ` +
      `Finish or update the plan (pwf phase ${input.inProgress.number} complete), then stop.`,
    newCounters: { blocks: n, lastFingerprint: input.fingerprint },
  };
}

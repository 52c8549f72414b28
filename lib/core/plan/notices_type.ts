/**
 * The shape of one language's notices (notices.ts holds the table).
 * @module
 */

import type { ResolutionSource } from "../session/source.ts";

/** Why an AcceptanceCheck is owed (or that it passed). */
export type CheckWhy = "missing" | "failed" | "stale" | "passed" | "unverifiable";

/** The counts every gate reason names. */
export interface GateFacts {
  readonly complete: number;
  readonly total: number;
  /** This block's number and the cap. */
  readonly block: number;
  readonly cap: number;
}

/** The phase whose AcceptanceCheck a gate block names. */
export interface OwedFacts {
  readonly phase: number;
  /** Marked complete without proof (else: in progress). */
  readonly claimed: boolean;
  /** What to run, already worded (checkRun) and bounded. */
  readonly todo: string;
  /** The command that completes it once proven (`pwf phase 2 complete`). */
  readonly command: string;
}

/** How the plan was chosen (lib/core/session/source.ts). */
export type PlanSource = ResolutionSource;

/** The catch-up summary's own words (its facts, labels and age). */
export interface CatchupWords {
  /** Follows the fixed `SESSION CATCH-UP` marker, in parentheses. */
  readonly zeroAccess: string;
  /** `id` null: the legacy root plan; `why` is how the plan was resolved. */
  readonly plan: (id: string | null, dir: string, why: string) => string;
  /** `active` is the phase in progress, already named (`阶段 2`), or null. */
  readonly phases: (complete: number, total: number, active: string | null) => string;
  readonly ledger: (records: number, partial: boolean) => string;
  /** Problem notes: a plan file missing, or refused (`why` is the store's message, kept as is). */
  readonly missing: (file: string) => string;
  readonly refused: (file: string, why: string) => string;
  /**
   * How the plan was chosen: English keeps the resolution's own `why`
   * (session ids, skipped pointers and all); the others name the `source`.
   */
  readonly how: (source: PlanSource, why: string) => string;
  /** Labels of the framed facts and of a problem note. */
  readonly note: string;
  readonly title: string;
  readonly goal: string;
  readonly inProgress: string;
  readonly nextStep: string;
  /** What an empty fact shows. */
  readonly none: string;
  readonly progressTail: string;
  readonly lastChange: (file: string, age: string, mtime: string) => string;
  readonly lastChangeUnknown: string;
  readonly steps: string;
  /** "just now", "5 minutes ago" (`unit` already chosen by the caller). */
  readonly age: (n: number, unit: "now" | "minute" | "hour" | "day") => string;
}

/** One language's notices (`d` is the plan's display path). */
export interface Notices {
  /** Follows the fixed `[PLAN TAMPERED — injection blocked]` marker. */
  readonly tampered: (d: string, expected: string, actual: string) => string;
  readonly invalidAttestation: (d: string) => string;
  /** Keeps the words "not attested"; `mode` stays as .mode names it. */
  readonly notAttested: (mode: "gated" | "autonomous", d: string) => string;
  /** `id` null: the legacy root plan; `hash` null: not attested. */
  readonly activePlan: (id: string | null, d: string, hash: string | null) => string;
  /** `list` is the owed items (owedItem) joined by "; ". */
  readonly checksOwed: (list: string) => string;
  readonly owedItem: (phase: number, claimed: boolean, todo: string) => string;
  /** What to run for one AcceptanceCheck and why; `exit` of a failed run, if known. */
  readonly checkRun: (command: string, why: CheckWhy, exit: number | null) => string;
  /** Follows the fixed `PLAN REGRESSED:` marker. */
  readonly regressed: (d: string, checked: number, complete: number) => string;
  /**
   * The line a session gets when other plans are open: its plan `id`, the
   * others (`list`), to pass --plan (with an example when `example`), and
   * how to switch when the host gave a `session` id.
   */
  readonly otherPlans: (
    id: string,
    list: string,
    example: boolean,
    session: string | null,
  ) => string;
  /** What the gate asks for a tampered plan. */
  readonly tamperAsk: (d: string) => string;
  readonly gateTampered: (f: GateFacts, ask: string) => string;
  readonly gateOwed: (f: GateFacts, o: OwedFacts) => string;
  /** Follows a block reason when the gate count could not be reset (`message` kept as is). */
  readonly gateNotReset: (message: string) => string;
  /** A fire that injects nothing: `message` (a refusal or error, kept as is), then these words. */
  readonly notInjected: (message: string) => string;
  /** The phase count in the pretool and posttool tiers' brief view. */
  readonly briefPhases: (complete: number, total: number) => string;
  /** Session isolation is on and this session is not attached. */
  readonly isolated: string;
  readonly catchup: CatchupWords;
}

/**
 * The run ledger (SPEC section 7): record building and the fixed-shape
 * summary block.
 * @module
 */

import { countPhases, inProgressPhase, type Plan } from "../plan/parse.ts";
import { cutUtf8 } from "../text/text.ts";
import { isoSeconds } from "../text/timestamp.ts";

/** Events a ledger record may carry. */
export const LEDGER_EVENTS = [
  "progress",
  "phase_complete",
  "error",
  "gate_block",
  "attest",
  "note",
] as const;

/** A ledger event. */
export type LedgerEvent = typeof LEDGER_EVENTS[number];

/** Longest summary, in UTF-8 bytes. */
export const SUMMARY_MAX_BYTES = 200;

/**
 * Reduce an agent name to `[A-Za-z0-9_-]` (empty -> `main`).
 * @example
 * ```ts
 * import { sanitiseAgent } from "./records.ts";
 * if (sanitiseAgent("wörk er!") !== "wrker" || sanitiseAgent("") !== "main") throw new Error();
 * ```
 */
export function sanitiseAgent(agent: string): string {
  return agent.replace(/[^A-Za-z0-9_-]/g, "") || "main";
}

/**
 * Control characters become spaces.
 * @example
 * ```ts
 * import { clean } from "./records.ts";
 * if (clean("a\tb\nc") !== "a b c") throw new Error();
 * ```
 */
export function clean(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** A ledger record's fields, before serialisation. */
export interface LedgerRecord {
  readonly tick: number;
  readonly ts: string;
  readonly agent: string;
  readonly phase: string;
  readonly event: LedgerEvent;
  readonly summary: string;
  readonly files: readonly string[];
}

/**
 * Serialise a record: keys in the fixed order, no spaces, one line.
 * @example
 * ```ts
 * import { recordLine } from "./records.ts";
 * const l = recordLine({ tick: 1, ts: "2026-01-01T00:00:00Z", agent: "main", phase: "", event: "note", summary: "hi", files: [] });
 * if (l !== '{"tick":1,"ts":"2026-01-01T00:00:00Z","agent":"main","phase":"","event":"note","summary":"hi","files":[]}\n') throw new Error(l);
 * ```
 */
export function recordLine(r: LedgerRecord): string {
  return JSON.stringify({
    tick: r.tick,
    ts: r.ts,
    agent: r.agent,
    phase: clean(r.phase),
    event: r.event,
    summary: cutUtf8(clean(r.summary), SUMMARY_MAX_BYTES),
    files: r.files.map(clean),
  }) + "\n";
}

/**
 * The highest tick in ledger lines (garbage lines count as 0).
 * @example
 * ```ts
 * import { maxTick } from "./records.ts";
 * if (maxTick(['{"tick":3}', "junk", '{"tick":7,"summary":"\\"tick\\":99"}']) !== 7) throw new Error();
 * ```
 */
export function maxTick(lines: readonly string[]): number {
  let max = 0;
  for (const line of lines) {
    const tick = parseRecord(line)?.tick;
    if (typeof tick === "number" && Number.isSafeInteger(tick) && tick > max) max = tick;
  }
  return max;
}

/** Parse one ledger line; null when it is not a JSON object. */
export function parseRecord(line: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(line);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * UTC timestamp `YYYY-MM-DDTHH:MM:SSZ`.
 * @example
 * ```ts
 * import { ledgerTimestamp } from "./records.ts";
 * if (ledgerTimestamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678))) !== "2026-01-02T03:04:05Z") throw new Error();
 * ```
 */
export function ledgerTimestamp(now: Date): string {
  return isoSeconds(now.getTime());
}

/** One agent's ledger: its name and its lines. */
export interface AgentLedger {
  readonly agent: string;
  readonly lines: readonly string[];
  /** Whether `lines` are only the file's latest records (a hook's bounded read). */
  readonly tail?: boolean;
}

/** The ledger summary block and the counts it shows, from one parse of each line. */
export interface LedgerReport {
  /** Records read (lines that are JSON objects). */
  readonly entries: number;
  /** Whether some ledger was read only in part (a `tail`, or `notRead` files left out). */
  readonly partial: boolean;
  /** The fixed-shape summary block (ledgerSummary). */
  readonly text: string;
}

/**
 * The fixed-shape ledger summary: no timestamps, no free text, so identical
 * state gives identical bytes. When some ledger was read only in part (a
 * `tail`, or `notRead` files left out) the count says "at least" and a line
 * says how many files were not read.
 * @example
 * ```ts
 * import { ledgerSummary } from "./records.ts";
 * import { parsePlan } from "../plan/parse.ts";
 * const s = ledgerSummary([{ agent: "main", lines: ['{"tick":1,"event":"note"}'] }], parsePlan("### Phase 1: A\n- **Status:** in_progress\n"));
 * if (!s.includes("entries: 1\n") || !s.includes("agent main: note\n")) throw new Error(s);
 * ```
 */
export function ledgerSummary(
  ledgers: readonly AgentLedger[],
  plan: Plan,
  notRead = 0,
): string {
  return ledgerReport(ledgers, plan, notRead).text;
}

/**
 * ledgerSummary with the record count and partiality it shows (catch-up
 * reports both), each ledger line parsed once.
 * @example
 * ```ts
 * import { ledgerReport } from "./records.ts";
 * import { parsePlan } from "../plan/parse.ts";
 * const r = ledgerReport([{ agent: "a", lines: ['{"event":"note"}', "junk"], tail: true }], parsePlan(""));
 * if (r.entries !== 1 || !r.partial || !r.text.includes("entries: at least 1\n")) throw new Error(r.text);
 * ```
 */
export function ledgerReport(
  ledgers: readonly AgentLedger[],
  plan: Plan,
  notRead = 0,
): LedgerReport {
  const c = countPhases(plan);
  const current = inProgressPhase(plan);
  const scanned = ledgers.map((l) => ({ agent: l.agent, ...scanLedger(l.lines) }));
  const entries = scanned.reduce((n, l) => n + l.records, 0);
  const agents = scanned.sort((a, b) => a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0)
    .map((l) => `agent ${l.agent}: ${l.last}`);
  const partial = notRead > 0 || ledgers.some((l) => l.tail);
  const text = [
    "=== RUN LEDGER ===",
    `entries: ${partial ? "at least " : ""}${entries}`,
    `phases: ${c.complete}/${c.total} complete`,
    `in_progress: ${
      current ? `Phase ${current.number}${current.title ? `: ${current.title}` : ""}` : "none"
    }`,
    ...agents,
    ...(notRead > 0 ? [`ledger files not read: ${notRead}`] : []),
    "==================",
    "",
  ].join("\n");
  return { entries, partial, text };
}

/** One agent's record count and last known event ("none"), each line parsed once. */
function scanLedger(lines: readonly string[]): { records: number; last: string } {
  let records = 0;
  let last = "none";
  for (const line of lines) {
    const r = parseRecord(line);
    if (r === null) continue;
    records++;
    if (typeof r.event === "string" && (LEDGER_EVENTS as readonly string[]).includes(r.event)) {
      last = r.event;
    }
  }
  return { records, last };
}

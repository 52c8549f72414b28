/**
 * Appending to the run ledger under the plan lock, and reading every
 * agent's ledger for the summary.
 * @module
 */

import {
  type LedgerEvent,
  ledgerSummary,
  ledgerTimestamp,
  maxTick,
  recordLine,
  sanitiseAgent,
} from "../core/ledger/records.ts";
import type { Plan } from "../core/plan/parse.ts";
import { encodeText } from "../core/text/text.ts";
import { readFile } from "../fs/read.ts";
import { writeFile } from "../fs/write.ts";
import { ledgerTooLarge, MAX_LEDGER_BYTES, recentLedgers, wholeLedgers } from "./files.ts";
import { type LockOptions, withLock } from "../fs/lock.ts";
import { requirePlanningPlan } from "../plan/tree.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/**
 * The ledger summary as a hook fire (and `pwf catchup`) shows it: bounded
 * (lib/ledger/files.ts recentLedgers); it says "at least" when it read less
 * than everything.
 */
export function recentLedgerSummary(plan: PlanRef, parsed: Plan): string {
  const r = recentLedgers(plan);
  return ledgerSummary(r.ledgers, parsed, r.notRead);
}

/** What to append. */
export interface AppendRequest {
  readonly event: LedgerEvent;
  readonly summary: string;
  readonly agent: string;
  readonly phase: string;
  readonly files: readonly string[];
  readonly now: Date;
}

/** Append one record; returns its tick and the ledger's display path. */
export async function appendLedger(
  plan: PlanRef,
  req: AppendRequest,
  lock: LockOptions = {},
): Promise<{ tick: number; file: string; line: string }> {
  requirePlanningPlan(plan, "write the ledger of");
  const agent = sanitiseAgent(req.agent);
  const loc = planFile(plan, `ledger-${agent}.jsonl`);
  return await withLock(plan.dir, () => {
    // Whole files (up to MAX_LEDGER_BYTES, else one line): the highest ticks are at the end.
    const ledgers = wholeLedgers(plan, true);
    const tick = maxTick(ledgers.flatMap((l) => l.lines)) + 1;
    const line = recordLine({ ...req, agent, tick, ts: ledgerTimestamp(req.now) });
    const got = readFile(loc, MAX_LEDGER_BYTES);
    // Grown past the limit since: refuse rather than rewrite a cut copy.
    if (got.kind === "file" && got.truncated) throw ledgerTooLarge(plan, loc, got.size, got.size);
    const old = got.kind === "file" ? got.bytes : new Uint8Array(0);
    const sep = old.length === 0 || old[old.length - 1] === 0x0a ? "" : "\n";
    const add = encodeText(sep + line);
    const bytes = new Uint8Array(old.length + add.length);
    bytes.set(old);
    bytes.set(add, old.length);
    writeFile(loc, bytes);
    return { tick, file: `${plan.display}/ledger-${agent}.jsonl`, line };
  }, lock);
}

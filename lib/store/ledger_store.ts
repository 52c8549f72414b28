/**
 * Appending to the run ledger under the plan lock, and reading every
 * agent's ledger for the summary.
 * @module
 */

import {
  type AgentLedger,
  type LedgerEvent,
  ledgerTimestamp,
  maxTick,
  recordLine,
  sanitiseAgent,
} from "../core/ledger.ts";
import { encodeText } from "../core/text.ts";
import { readFile, writeFile } from "./files.ts";
import { ledgerFiles, ledgerLines, readLedger } from "./ledger_files.ts";
import { type LockOptions, withLock } from "./lock.ts";
import { requirePlanningPlan } from "./planning.ts";
import { planFile, type PlanRef } from "./resolve.ts";

/** Every agent's ledger lines. */
export function agentLedgers(plan: PlanRef): AgentLedger[] {
  return ledgerFiles(plan).map((loc) => {
    const name = loc.segments[loc.segments.length - 1] ?? "";
    // Whole files: the last event is at the end.
    return {
      agent: name.slice("ledger-".length, -".jsonl".length),
      lines: readLedger(loc, Number.MAX_SAFE_INTEGER),
    };
  });
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
    // Whole files: the highest ticks are at the end, past any read cap.
    const tick = maxTick(ledgerLines(plan, Number.MAX_SAFE_INTEGER)) + 1;
    const line = recordLine({ ...req, agent, tick, ts: ledgerTimestamp(req.now) });
    const got = readFile(loc, Number.MAX_SAFE_INTEGER);
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

/**
 * A plan's evidence file, `evidence.jsonl` beside its ledgers (issue 28):
 * receipts and edit marks appended under the plan lock, bounded like the
 * ledger. Reads take the newest EVIDENCE_TAIL_BYTES; a file grown past
 * EVIDENCE_MAX_BYTES is moved to `evidence.old.jsonl` (replacing the older
 * one) before the next append, so both stay bounded. Only the hooks append:
 * no pwf command writes it.
 * @module
 */

import { evidenceLine, type EvidenceRecord, parseEvidence } from "../core/verify/records.ts";
import { decodeText } from "../core/text/text.ts";
import { inspect, inspectListed } from "../fs/containment.ts";
import { HOOK_WAIT_MS, withLock } from "../fs/lock.ts";
import { readFile, readFileTail } from "../fs/read.ts";
import { appendExisting, writeFile } from "../fs/write.ts";
import { encodeText } from "../core/text/text.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/** The evidence file's name in a plan directory. */
export const EVIDENCE_NAME = "evidence.jsonl";

/** The previous evidence file, after a rotation. */
export const EVIDENCE_OLD_NAME = "evidence.old.jsonl";

/** Size at which the evidence file is rotated: 1 MiB (about 5,000 records). */
export const EVIDENCE_MAX_BYTES = 1024 * 1024;

/** How much of the end of the evidence file a read takes: 64 KiB (the newest few hundred records). */
export const EVIDENCE_TAIL_BYTES = 64 * 1024;

/** The newest evidence records of a plan, in file order ([] when none). */
export function readEvidence(plan: PlanRef): EvidenceRecord[] {
  if (plan.legacy) return [];
  const loc = planFile(plan, EVIDENCE_NAME);
  // Absent until the first receipt: answered from the listing, no NotFound thrown on a fire.
  if (inspectListed(loc).kind === "missing") return [];
  const got = readFileTail(loc, EVIDENCE_TAIL_BYTES);
  if (got.kind !== "file") return [];
  let text = decodeText(got.bytes);
  // A cut read starts inside a record: keep whole lines only.
  if (got.truncated) text = text.slice(text.indexOf("\n") + 1 || text.length);
  return parseEvidence(text);
}

/** The evidence file's size in bytes (0 when absent): the gate counts its growth as progress. */
export function evidenceSize(plan: PlanRef): number {
  if (plan.legacy) return 0;
  // Usually absent: answered from the directory listing, no NotFound thrown on a Stop.
  const f = inspectListed(planFile(plan, EVIDENCE_NAME));
  return f.kind === "file" ? f.info.size : 0;
}

/** Append records under the plan lock (a hook's short wait); rotates a full file first. */
export async function appendEvidence(
  plan: PlanRef,
  records: readonly EvidenceRecord[],
): Promise<void> {
  if (plan.legacy || records.length === 0) return;
  const loc = planFile(plan, EVIDENCE_NAME);
  const text = records.map(evidenceLine).join("");
  await withLock(plan.dir, () => {
    const found = inspect(loc);
    if (found.kind === "file" && found.info.size >= EVIDENCE_MAX_BYTES) {
      const old = readFile(loc, EVIDENCE_MAX_BYTES * 2);
      if (old.kind === "file") writeFile(planFile(plan, EVIDENCE_OLD_NAME), old.bytes);
      writeFile(loc, encodeText(text));
      return;
    }
    if (appendExisting(loc, text) === null) writeFile(loc, encodeText(text));
  }, { waitMs: HOOK_WAIT_MS });
}

/**
 * The gate's progress fingerprint and counter file formats: what
 * `.gate_last_ledger` and `.stop_blocks` hold, and when two fingerprints
 * mean "no progress".
 * @module
 */

/** What the gate compares between two blocks to see whether work went on. */
export interface Fingerprint {
  /** Records in the plan's ledger files. */
  readonly ledgerLines: number;
  /** SHA-256 of task_plan.md, or null when unknown (a count-only file from the original). */
  readonly planHash: string | null;
  /** SHA-256 of progress.md ("missing" when absent), or null when unknown. */
  readonly progressHash: string | null;
}

const COUNT_REGEXP = /^\d{1,15}$/;
const HASH_LINE_REGEXP = /^(task_plan\.md|progress\.md) ([0-9a-f]{64}|missing)$/;

/**
 * Parse a counter file (`.stop_blocks`): an integer and a newline; surrounding
 * whitespace (CRLF too) is tolerated; anything else is null (garbage).
 * @example
 * ```ts
 * import { parseCounter } from "./fingerprint.ts";
 * if (parseCounter("3\r\n") !== 3 || parseCounter("x") !== null) throw new Error();
 * ```
 */
export function parseCounter(text: string): number | null {
  const t = text.trim();
  return COUNT_REGEXP.test(t) ? Number(t) : null;
}

/**
 * The `.gate_last_ledger` text: the ledger count on the first line (all the
 * original stores), then one `<file> <sha256>` line per plan file.
 * @example
 * ```ts
 * import { fingerprintText } from "./fingerprint.ts";
 * const t = fingerprintText({ ledgerLines: 2, planHash: "a".repeat(64), progressHash: "missing" });
 * if (!t.startsWith("2\ntask_plan.md aaaa") || !t.endsWith("progress.md missing\n")) throw new Error(t);
 * ```
 */
export function fingerprintText(fp: Fingerprint): string {
  const lines = [String(fp.ledgerLines)];
  if (fp.planHash !== null) lines.push(`task_plan.md ${fp.planHash}`);
  if (fp.progressHash !== null) lines.push(`progress.md ${fp.progressHash}`);
  return lines.join("\n") + "\n";
}

/**
 * Parse `.gate_last_ledger`; a count-only file (the original's) has null
 * hashes; garbage gives null.
 * @example
 * ```ts
 * import { parseFingerprint } from "./fingerprint.ts";
 * const fp = parseFingerprint("7\n");
 * if (fp?.ledgerLines !== 7 || fp.planHash !== null || parseFingerprint("x") !== null) throw new Error();
 * ```
 */
export function parseFingerprint(text: string): Fingerprint | null {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  const count = parseCounter(lines[0] ?? "");
  if (count === null) return null;
  let planHash: string | null = null;
  let progressHash: string | null = null;
  for (const line of lines.slice(1)) {
    const m = HASH_LINE_REGEXP.exec(line);
    if (!m?.[2]) return null;
    if (m[1] === "task_plan.md") planHash = m[2];
    else progressHash = m[2];
  }
  return { ledgerLines: count, planHash, progressHash };
}

/**
 * Whether anything changed between two fingerprints: the ledger count (up or
 * down), or a hash both sides know.
 * @example
 * ```ts
 * import { progressed } from "./fingerprint.ts";
 * const a = { ledgerLines: 1, planHash: "a", progressHash: "p" };
 * if (progressed(a, a) || !progressed(a, { ...a, progressHash: "q" })) throw new Error();
 * ```
 */
export function progressed(before: Fingerprint, now: Fingerprint): boolean {
  const differs = (x: string | null, y: string | null) => x !== null && y !== null && x !== y;
  return before.ledgerLines !== now.ledgerLines ||
    differs(before.planHash, now.planHash) ||
    differs(before.progressHash, now.progressHash);
}

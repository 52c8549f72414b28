/**
 * The evidence file's records (issue 28): a receipt for each run of an
 * acceptance check the host reported, and an edit mark for each file edit
 * it reported. One JSON object per line, append-only; order in the file is
 * the order of events (appends happen under the plan lock), so "newer" means
 * "later in the file", never a clock comparison.
 * @module
 */

import { CHECK_MAX_CHARS } from "./checks.ts";

/** What the host reported about a finished shell call. */
export type Outcome = "passed" | "failed" | "unknown";

/** A run of an acceptance check, as the host reported it. */
export interface Receipt {
  readonly kind: "run";
  readonly t: string;
  /** The check command (trimmed), at most CHECK_MAX_CHARS characters. */
  readonly command: string;
  /** The phases whose checks it matched. */
  readonly phases: readonly number[];
  readonly outcome: Outcome;
  /** The exit code where the host gave one. */
  readonly exit: number | null;
  readonly host: string;
  /** The host's tool-call id, "" when it sends none. */
  readonly call: string;
  readonly session: string;
}

/** A file edit the host reported. */
export interface EditMark {
  readonly kind: "edit";
  readonly t: string;
  readonly host: string;
  readonly session: string;
}

/** One line of the evidence file. */
export type EvidenceRecord = Receipt | EditMark;

/** Longest host name, call id and session id kept in a record. */
export const FIELD_MAX = 128;

/** Longest record line in characters: anything longer read back is ignored. */
export const RECORD_MAX_CHARS = 2 * CHECK_MAX_CHARS + 1024;

/** A field with control characters removed, cut to `max` code units. */
function field(s: string, max = FIELD_MAX): string {
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0)) continue;
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}

/**
 * Serialise one record: fixed key order, one line ending in "\n".
 * @example
 * ```ts
 * import { evidenceLine } from "./records.ts";
 * const l = evidenceLine({ kind: "edit", t: "2026-01-01T00:00:00.000Z", host: "claude", session: "s\n1" });
 * if (l !== '{"kind":"edit","t":"2026-01-01T00:00:00.000Z","host":"claude","session":"s1"}\n') throw new Error(l);
 * ```
 */
export function evidenceLine(r: EvidenceRecord): string {
  if (r.kind === "edit") {
    return JSON.stringify({
      kind: "edit",
      t: field(r.t),
      host: field(r.host),
      session: field(r.session),
    }) +
      "\n";
  }
  return JSON.stringify({
    kind: "run",
    t: field(r.t),
    command: field(r.command, CHECK_MAX_CHARS),
    phases: r.phases.filter(Number.isSafeInteger),
    outcome: r.outcome,
    exit: r.exit !== null && Number.isSafeInteger(r.exit) ? r.exit : null,
    host: field(r.host),
    call: field(r.call),
    session: field(r.session),
  }) + "\n";
}

const OUTCOMES: ReadonlySet<string> = new Set(["passed", "failed", "unknown"]);

/** One record from a line, or null for anything else (a torn or foreign line is skipped). */
export function parseEvidenceLine(line: string): EvidenceRecord | null {
  if (line.length > RECORD_MAX_CHARS || !line.startsWith("{")) return null;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === "string" ? o[k] as string : "");
  if (o.kind === "edit") {
    return { kind: "edit", t: str("t"), host: str("host"), session: str("session") };
  }
  if (o.kind !== "run" || typeof o.command !== "string" || !OUTCOMES.has(str("outcome"))) {
    return null;
  }
  const phases = Array.isArray(o.phases) ? o.phases.filter(Number.isSafeInteger) as number[] : [];
  return {
    kind: "run",
    t: str("t"),
    command: o.command,
    phases,
    outcome: str("outcome") as Outcome,
    exit: Number.isSafeInteger(o.exit) ? o.exit as number : null,
    host: str("host"),
    call: str("call"),
    session: str("session"),
  };
}

/**
 * The records of evidence text, in file order (JSON lines: only LF ends one).
 * @example
 * ```ts
 * import { parseEvidence } from "./records.ts";
 * const rs = parseEvidence('{"kind":"edit","t":"","host":"h","session":""}\nnot json\n');
 * if (rs.length !== 1 || rs[0]?.kind !== "edit") throw new Error();
 * ```
 */
export function parseEvidence(text: string): EvidenceRecord[] {
  const out: EvidenceRecord[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const r = end - start > RECORD_MAX_CHARS + 2
      ? null
      : parseEvidenceLine(text.slice(start, end).trim());
    if (r) out.push(r);
    start = end + 1;
  }
  return out;
}

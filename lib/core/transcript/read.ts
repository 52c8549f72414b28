/**
 * Reading one piped transcript within bounds (SPEC 10): at most 2 MiB (the
 * caller's read), 500 records, records over 256 KiB skipped, malformed lines
 * skipped; only this project's records kept; the last write to a planning
 * file found. Pure: bytes in, a Transcript value out.
 * @module
 */

import { decodeText } from "../text/text.ts";
import type { RecordFormat, TranscriptEvent } from "./event.ts";
import { interpretRecord } from "./records.ts";
import { opencodeMessages } from "./opencode.ts";
import { lastPlanningWrite, type PlanningWrite, sameOrInside } from "./writes.ts";

/** Most bytes of stdin a transcript mode reads. */
export const TRANSCRIPT_READ_LIMIT = 2 * 1024 * 1024;
/** Most records (non-blank lines) examined. */
export const TRANSCRIPT_MAX_RECORDS = 500;
/** Records longer than this (bytes) are skipped unread. */
export const TRANSCRIPT_MAX_RECORD_BYTES = 256 * 1024;

/** A kept record: its 1-based line number in the input and its events. */
export interface TranscriptRecord {
  readonly line: number;
  readonly format: RecordFormat;
  readonly events: readonly TranscriptEvent[];
}

/** What was read and what was left out. */
export interface TranscriptStats {
  /** Bytes of stdin used (at most the read limit). */
  readonly bytesRead: number;
  /** stdin was longer than the read limit. */
  readonly inputTruncated: boolean;
  /** More than the record limit of records were present. */
  readonly recordLimitHit: boolean;
  /** Lines that are not a JSON object (or a record cut by the read limit). */
  readonly malformed: number;
  /** Records over the size limit, skipped unread. */
  readonly oversized: number;
  /** Records naming another project's directory (or, then, naming none). */
  readonly otherProject: number;
  /** Records parsed (kept or not). */
  readonly parsed: number;
}

/** A bounded, project-filtered transcript. */
export interface Transcript {
  /** "empty": no bytes; "foreign": every record naming a directory names another one. */
  readonly status: "ok" | "empty" | "foreign";
  readonly format: RecordFormat | "mixed";
  readonly records: readonly TranscriptRecord[];
  readonly stats: TranscriptStats;
  readonly lastWrite: PlanningWrite | null;
}

interface Parsed {
  readonly line: number;
  readonly format: RecordFormat;
  readonly cwd: string | null;
  readonly events: readonly TranscriptEvent[];
}

/**
 * Parse transcript bytes for the project at `root`. `inputTruncated` says the
 * bytes are a prefix of a longer stdin (its cut last line is dropped).
 * @example
 * ```ts
 * import { parseTranscript } from "./read.ts";
 * const line = JSON.stringify({ type: "user", cwd: "/p", message: { content: "fix the bug please" } });
 * const t = parseTranscript(new TextEncoder().encode(line + "\nnot json\n"), "/p", false);
 * if (t.records.length !== 1 || t.stats.malformed !== 1 || t.format !== "claude") throw new Error();
 * ```
 */
export function parseTranscript(
  bytes: Uint8Array,
  root: string,
  inputTruncated: boolean,
): Transcript {
  const counts = { malformed: 0, oversized: 0, parsed: 0 };
  const parsed: Parsed[] = [];
  let recordLimitHit = false;
  const exported = inputTruncated ? null : opencodeExport(bytes);
  if (exported) {
    for (const [i, m] of exported.entries()) {
      if (i === TRANSCRIPT_MAX_RECORDS) {
        recordLimitHit = true;
        break;
      }
      if (m.bytes > TRANSCRIPT_MAX_RECORD_BYTES) counts.oversized++;
      else {
        counts.parsed++;
        parsed.push({ line: i + 1, format: "opencode", cwd: m.cwd, events: m.events });
      }
    }
    return finish(bytes, root, inputTruncated, parsed, counts, recordLimitHit);
  }
  let examined = 0;
  let context: string | null = null; // Codex: cwd of the last session_meta/turn_context
  for (const { line, start, end, last } of lineSpans(bytes)) {
    if (isBlank(bytes, start, end)) continue;
    if (examined === TRANSCRIPT_MAX_RECORDS) {
      recordLimitHit = true;
      break;
    }
    examined++;
    if (last && inputTruncated) counts.malformed++;
    else if (end - start > TRANSCRIPT_MAX_RECORD_BYTES) counts.oversized++;
    else {
      const rec = parseObject(bytes.subarray(start, end));
      if (rec === null) {
        counts.malformed++;
        continue;
      }
      counts.parsed++;
      const info = interpretRecord(rec);
      if (info.setsContext) context = info.cwd;
      const cwd = info.cwd ?? (info.format === "codex" ? context : null);
      parsed.push({ line, format: info.format, cwd, events: info.events });
    }
  }
  return finish(bytes, root, inputTruncated, parsed, counts, recordLimitHit);
}

/** An OpenCode export: one JSON document whose first character is `{`, with info + messages. */
function opencodeExport(bytes: Uint8Array) {
  let i = 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  ) i++;
  if (bytes[i] !== 0x7b) return null;
  const doc = parseObject(bytes);
  return doc ? opencodeMessages(doc) : null;
}

function finish(
  bytes: Uint8Array,
  root: string,
  inputTruncated: boolean,
  parsed: readonly Parsed[],
  counts: { malformed: number; oversized: number; parsed: number },
  recordLimitHit: boolean,
): Transcript {
  const { kept, otherProject, foreign } = keepOwn(parsed, root);
  const records = kept.map(({ line, format, events }) => ({ line, format, events }));
  const stats = {
    bytesRead: bytes.length,
    inputTruncated,
    recordLimitHit,
    otherProject,
    ...counts,
  };
  return {
    status: bytes.length === 0 ? "empty" : foreign ? "foreign" : "ok",
    format: overallFormat(parsed),
    records,
    stats,
    lastWrite: lastPlanningWrite(records, root),
  };
}

/** Keep records whose cwd is the root (or inside it); unknown cwd only when none names another. */
function keepOwn(parsed: readonly Parsed[], root: string) {
  const mine = (p: Parsed) => p.cwd !== null && sameOrInside(p.cwd, root);
  const others = parsed.filter((p) => p.cwd !== null && !mine(p)).length;
  const kept = parsed.filter((p) => mine(p) || (p.cwd === null && others === 0));
  const foreign = others > 0 && !parsed.some(mine);
  return { kept: foreign ? [] : kept, otherProject: parsed.length - kept.length, foreign };
}

function overallFormat(parsed: readonly Parsed[]): RecordFormat | "mixed" {
  const seen = new Set(parsed.map((p) => p.format).filter((f) => f !== "unknown"));
  if (seen.size > 1) return "mixed";
  return [...seen][0] ?? "unknown";
}

function* lineSpans(bytes: Uint8Array) {
  let start = 0;
  let line = 1;
  while (start < bytes.length) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl < 0 ? bytes.length : nl;
    yield { line, start, end, last: nl < 0 };
    start = end + 1;
    line++;
  }
}

function isBlank(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x09 && b !== 0x0d) return false;
  }
  return true;
}

function parseObject(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(decodeText(bytes));
    return typeof v === "object" && v !== null && !Array.isArray(v)
      ? v as Record<string, unknown>
      : null;
  } catch {
    return null;
  }
}

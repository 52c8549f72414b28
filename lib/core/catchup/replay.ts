/**
 * Renderers for the transcript modes of `pwf catchup`: `--metadata` (counts
 * only, no transcript text) and `--replay` (the messages after the last
 * planning-file write, at most 15 entries of 300 characters, framed as
 * `kind=catchup` data). Human text and JSON from one result.
 * @module
 */

import { DATA_ONLY_LINE, frame } from "../inject/framing.ts";
import type { Transcript, TranscriptRecord } from "../transcript/read.ts";
import { TRANSCRIPT_MAX_RECORDS } from "../transcript/read.ts";
import { trimTrailing } from "../text/trim.ts";

/** Most replay entries shown (the newest ones). */
export const REPLAY_MAX_ENTRIES = 15;
/** Most characters of one entry's text. */
export const REPLAY_MAX_CHARS = 300;

const TAG = "[planning-with-files]";

/** One replay entry. */
export interface ReplayEntry {
  /** 1-based line of the record in the piped transcript. */
  readonly line: number;
  readonly kind: "user" | "assistant" | "tool";
  /** One line, at most REPLAY_MAX_CHARS characters. */
  readonly text: string;
  /** Whether the text was cut. */
  readonly cut: boolean;
}

/** Counts for `--metadata`. */
export interface TranscriptCounts {
  readonly records: number;
  readonly userMessages: number;
  readonly assistantMessages: number;
  readonly toolCalls: number;
}

/**
 * Count kept records, user and assistant messages and tool calls.
 * @example
 * ```ts
 * import { transcriptCounts } from "./replay.ts";
 * const c = transcriptCounts([{ line: 1, format: "claude", events: [{ kind: "user", text: "hi" }] }]);
 * if (c.records !== 1 || c.userMessages !== 1 || c.toolCalls !== 0) throw new Error();
 * ```
 */
export function transcriptCounts(records: readonly TranscriptRecord[]): TranscriptCounts {
  const count = (k: string) =>
    records.reduce((n, r) => n + r.events.filter((e) => e.kind === k).length, 0);
  return {
    records: records.length,
    userMessages: count("user"),
    assistantMessages: count("assistant"),
    toolCalls: count("tool"),
  };
}

/**
 * Collapse whitespace to single spaces and cut to `max` characters (a cut ends in "…").
 * @example
 * ```ts
 * import { oneLine } from "./replay.ts";
 * if (oneLine("a\n  b", 10).text !== "a b" || oneLine("abcdef", 4).text !== "abc…") throw new Error();
 * ```
 */
export function oneLine(text: string, max: number): { text: string; cut: boolean } {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return { text: flat, cut: false };
  return { text: chars.slice(0, max - 1).join("") + "…", cut: true };
}

/** Every entry after the last planning-file write (all entries when there is none); paths under `root` shown relative. */
export function replayEntries(t: Transcript, root: string): ReplayEntry[] {
  const prefix = `${trimTrailing(root, "\\/")}/`;
  const failed = new Set<string>();
  for (const r of t.records) {
    for (const e of r.events) if (e.kind === "result" && e.ok === false) failed.add(e.id);
  }
  const after = t.lastWrite?.line ?? 0;
  const out: ReplayEntry[] = [];
  for (const r of t.records) {
    if (r.line <= after) continue;
    for (const e of r.events) {
      if (e.kind === "user" || e.kind === "assistant") {
        out.push({ line: r.line, kind: e.kind, ...oneLine(e.text, REPLAY_MAX_CHARS) });
      } else if (e.kind === "tool") {
        const fail = e.id !== null && failed.has(e.id) ? " (failed)" : "";
        const detail = e.detail.split(prefix).join("");
        const body = detail ? `${e.name}: ${detail}` : e.name;
        out.push({ line: r.line, kind: "tool", ...oneLine(body, REPLAY_MAX_CHARS - fail.length) });
        const last = out[out.length - 1];
        if (last && fail) out[out.length - 1] = { ...last, text: last.text + fail };
      }
    }
  }
  return out;
}

function entryLine(e: ReplayEntry): string {
  if (e.kind === "tool") return `[tool] ${e.text}`;
  return `${e.kind === "user" ? "USER" : "ASSISTANT"}: ${e.text}`;
}

/** The notice for an empty stdin or a transcript from another project, else null. */
export function transcriptNotice(t: Transcript, root: string): string | null {
  if (t.status === "empty") {
    return `${TAG} Catch-up: stdin was empty, so there is no transcript to read (pipe one: pwf catchup --replay --transcript - < FILE).\n`;
  }
  if (t.status === "foreign") {
    return `${TAG} Catch-up skipped: this transcript belongs to another project (its records name a working directory other than "${root}"); nothing from it is shown.\n`;
  }
  return null;
}

/** What the bounds cut ("truncated") and what was skipped as not usable or not ours. */
export interface BoundsNotes {
  readonly truncated: readonly string[];
  readonly skipped: readonly string[];
}

/** What was left out, as short phrases (empty lists when nothing was). */
export function boundsNotes(t: Transcript, shown?: { total: number; cut: number }): BoundsNotes {
  const s = t.stats;
  const truncated: string[] = [];
  if (s.inputTruncated) truncated.push("stdin is over 2 MiB: only the first 2 MiB were read");
  if (s.recordLimitHit) {
    truncated.push(`only the first ${TRANSCRIPT_MAX_RECORDS} records were read`);
  }
  if (s.oversized) truncated.push(`${s.oversized} record(s) over 256 KiB skipped`);
  if (shown && shown.total > REPLAY_MAX_ENTRIES) {
    truncated.push(`showing the last ${REPLAY_MAX_ENTRIES} of ${shown.total} entries`);
  }
  if (shown?.cut) {
    truncated.push(
      `${shown.cut} entr${shown.cut === 1 ? "y" : "ies"} cut to ${REPLAY_MAX_CHARS} characters`,
    );
  }
  const skipped: string[] = [];
  if (s.malformed) skipped.push(`${s.malformed} malformed line(s)`);
  if (s.otherProject) skipped.push(`${s.otherProject} record(s) not from this project`);
  return { truncated, skipped };
}

function noteLines(n: BoundsNotes): string[] {
  const out: string[] = [];
  if (n.truncated.length) out.push(`${TAG} Truncated: ${n.truncated.join("; ")}.`);
  if (n.skipped.length) out.push(`${TAG} Skipped: ${n.skipped.join("; ")}.`);
  return out;
}

function writeText(t: Transcript): string {
  const w = t.lastWrite;
  return w ? `record ${w.line}, ${w.tool} ${w.file}` : "none found";
}

/** `--metadata`: counts only, never transcript text. */
export function renderMetadata(t: Transcript, root: string): string {
  const notice = transcriptNotice(t, root);
  if (notice) return notice;
  const c = transcriptCounts(t.records);
  const notes = boundsNotes(t);
  return [
    `${TAG} Transcript metadata (${t.format} format; counts only)`,
    `records: ${c.records} of this project (${t.stats.parsed} parsed)`,
    `user messages: ${c.userMessages}`,
    `assistant messages: ${c.assistantMessages}`,
    `tool calls: ${c.toolCalls}`,
    `last planning-file write: ${writeText(t)}`,
    `truncated: ${notes.truncated.length ? `yes: ${notes.truncated.join("; ")}` : "no"}`,
    `skipped: ${notes.skipped.length ? notes.skipped.join("; ") : "none"}`,
    "",
  ].join("\n");
}

/** `--replay`: the entries after the last planning-file write, framed as catch-up data. */
export async function renderReplay(t: Transcript, root: string): Promise<string> {
  const notice = transcriptNotice(t, root);
  if (notice) return notice;
  const all = replayEntries(t, root);
  const shown = all.slice(-REPLAY_MAX_ENTRIES);
  const cut = shown.filter((e) => e.cut).length;
  const notes = boundsNotes(t, { total: all.length, cut });
  const since = t.lastWrite
    ? `after the last planning-file write (${writeText(t)})`
    : "(no planning-file write found: the newest entries)";
  const head = [
    `${TAG} Session catch-up from a ${t.format} transcript: ${all.length} entr${
      all.length === 1 ? "y" : "ies"
    } ${since}.`,
  ];
  head.push(...noteLines(notes));
  if (shown.length === 0) return head.join("\n") + "\n";
  const body = await frame("catchup", shown.map(entryLine).join("\n"), notes.truncated.length > 0);
  const next =
    "Next: re-read task_plan.md, progress.md and findings.md, record in progress.md what the entries above did, then continue.";
  return [...head, DATA_ONLY_LINE, body + next, ""].join("\n");
}

/** The JSON form of either transcript mode. */
export function transcriptJson(
  t: Transcript,
  mode: "metadata" | "replay",
  root: string,
): Record<string, unknown> {
  const base = {
    schemaVersion: 1,
    mode,
    status: t.status,
    format: t.format,
    counts: transcriptCounts(t.records),
    lastWrite: t.lastWrite,
    stats: t.stats,
  };
  if (mode === "metadata" || t.status !== "ok") return { ...base, ...boundsNotes(t) };
  const all = replayEntries(t, root);
  const shown = all.slice(-REPLAY_MAX_ENTRIES);
  const cut = shown.filter((e) => e.cut).length;
  return {
    ...base,
    totalEntries: all.length,
    entries: shown,
    ...boundsNotes(t, { total: all.length, cut }),
  };
}

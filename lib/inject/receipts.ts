/**
 * Hook receipts: each fire appends one line (time, host, event, plan,
 * outcome, duration) to a small file per host event in `.planning/.cache/`,
 * so `pwf doctor` can say whether hooks fire at all. A fire appends its line
 * (no read, no rewrite); when a file grows past COMPACT_BYTES the fire
 * compacts it to the last RING_SIZE lines (one atomic rewrite about every
 * 35 fires). Readers keep the last RING_SIZE lines per event, so what doctor
 * shows, and what it reads, stays bounded.
 * @module
 */

import { cacheLoc, cacheName, readCache, writeCache } from "../fs/cache.ts";
import { listDir } from "../fs/dirs.ts";
import { appendExisting } from "../fs/write.ts";

/** Lines kept per host event. */
export const RING_SIZE = 20;

/** One fire. */
export interface Receipt {
  /** ISO time of the fire. */
  readonly t: string;
  readonly host: string;
  readonly event: string;
  readonly plan: string | null;
  readonly outcome: string;
  readonly ms: number;
}

const PREFIX = "receipts";

/** A receipt file larger than this is compacted to its last RING_SIZE lines on the next fire. */
export const COMPACT_BYTES = 6 * 1024;

/** Append a receipt to its event's file (best effort, never throws). */
export function appendReceipt(root: string, r: Receipt): void {
  const name = cacheName(PREFIX, r.host, r.event) + ".jsonl";
  const line = JSON.stringify(r) + "\n";
  let before: number | null = null;
  try {
    before = appendExisting(cacheLoc(root, name), line);
  } catch { /* refused or unwritable: fall through to the rewrite, which fails quietly too */ }
  if (before !== null && before + line.length <= COMPACT_BYTES) return;
  // Missing (first fire: writeCache also creates .cache/) or due for compaction.
  const kept = lastLines(readCache(root, name) ?? "");
  writeCache(root, name, kept.length ? kept.join("\n") + "\n" : line);
}

/** The last RING_SIZE non-empty lines of a text. */
function lastLines(text: string): string[] {
  return text.split("\n").filter((l) => l.trim() !== "").slice(-RING_SIZE);
}

/**
 * The last RING_SIZE receipts of every event on disk, oldest first per
 * event, events sorted by name. With `events`, exactly those events' files
 * are read, by name: `.cache` is not listed (stale turn markers of abandoned
 * sessions may have filled it past what pwf lists).
 */
export function readReceipts(
  root: string,
  events?: readonly { readonly host: string; readonly event: string }[],
): Receipt[] {
  const out: Receipt[] = [];
  const dir = cacheLoc(root, "x");
  const names = events
    ? [...new Set(events.map((e) => cacheName(PREFIX, e.host, e.event) + ".jsonl"))].sort()
    : listDir({ root, segments: dir.segments.slice(0, -1) })
      .filter((e) => e.isFile && e.name.startsWith(`${PREFIX}-`) && e.name.endsWith(".jsonl"))
      .map((e) => e.name);
  for (const name of names) {
    for (const line of lastLines(readCache(root, name, 64 * 1024) ?? "")) {
      try {
        const r = JSON.parse(line);
        if (r && typeof r.host === "string" && typeof r.event === "string") out.push(r as Receipt);
      } catch { /* a torn or foreign line is skipped */ }
    }
  }
  return out;
}

/**
 * Hook receipts: each fire appends one line (time, host, event, plan,
 * outcome, duration) to a small ring per host event in `.planning/.cache/`,
 * so `pwf doctor` can say whether hooks fire at all. Bounded: RING_SIZE lines
 * per event file, and only the events of the host table exist.
 * @module
 */

import { cacheLoc, cacheName, readCache, writeCache } from "./cache.ts";
import { listDir } from "./files.ts";

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

/** Append a receipt to its event's ring (best effort, never throws). */
export function appendReceipt(root: string, r: Receipt): void {
  const name = cacheName(PREFIX, r.host, r.event) + ".jsonl";
  const old = (readCache(root, name) ?? "").split("\n").filter((l) => l.trim() !== "");
  const lines = [...old, JSON.stringify(r)].slice(-RING_SIZE);
  writeCache(root, name, lines.join("\n") + "\n");
}

/** Every receipt on disk, oldest first per event, events sorted by name. */
export function readReceipts(root: string): Receipt[] {
  const out: Receipt[] = [];
  const dir = cacheLoc(root, "x");
  const files = listDir({ root, segments: dir.segments.slice(0, -1) })
    .filter((e) => e.isFile && e.name.startsWith(`${PREFIX}-`) && e.name.endsWith(".jsonl"));
  for (const f of files) {
    for (const line of (readCache(root, f.name) ?? "").split("\n")) {
      try {
        const r = JSON.parse(line);
        if (r && typeof r.host === "string" && typeof r.event === "string") out.push(r as Receipt);
      } catch { /* a torn or foreign line is skipped */ }
    }
  }
  return out;
}

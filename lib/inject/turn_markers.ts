/**
 * Post-tool turn markers: `.planning/.cache/turns/<16 hex>`, one empty-ish
 * file per (plan, session) whose current turn already got its post-tool
 * nudge, removed by that session's next prompt. A bounded directory
 * (cache.ts): sessions that end mid-turn leave their marker behind, so at
 * most MAX_TURN_MARKERS are kept and the least recently written go first.
 * Disposable state: every failure is swallowed (a lost marker costs one
 * extra nudge, never a hook's answer). docs/injection.md, docs/storage.md.
 * @module
 */

import { fnv1a64 } from "../core/session/binding.ts";
import { type BoundedDir, boundedLoc, cacheLoc, makeRoom } from "../fs/cache.ts";
import { inspectListed, planningLoc } from "../fs/containment.ts";
import { listDir } from "../fs/dirs.ts";
import { removeFile, writeFile } from "../fs/write.ts";

/** Most turn markers kept. */
export const MAX_TURN_MARKERS = 64;

/** A new marker in a full directory prunes it to this many, itself included. */
export const TURN_MARKERS_PRUNE_TO = 48;

/** At most this many markers of the old layout (`.cache/posttool-*`) are removed per sweep. */
export const LEGACY_SWEEP = 256;

const TURNS: BoundedDir = {
  dir: [".cache", "turns"],
  files: /^[0-9a-f]{16}$/,
  max: MAX_TURN_MARKERS,
  pruneTo: TURN_MARKERS_PRUNE_TO,
  // No expiry: a turn may last hours, and the count alone bounds the directory.
  expiryMs: Infinity,
};

/** The old layout's marker names, `posttool-<plan>-<session>` directly in `.cache/`. */
const LEGACY_RE = /^posttool-/;

/** The marker's file name: the hash of plan (null: the legacy root plan) and session. */
function markerName(plan: string | null, session: string): string {
  // A plan id is never empty and holds no newline, so no two pairs hash the same text.
  return fnv1a64(`${plan ?? ""}\n${session}`);
}

/**
 * Whether no marker can exist: the markers' directory is absent until the
 * first post-tool nudge, and it is looked up in its parent's listing, so that
 * common case throws no NotFound (docs/performance.md).
 */
function noMarkerDir(root: string): boolean {
  return inspectListed(planningLoc(root, ...TURNS.dir)).kind === "missing";
}

/** Whether this (plan, session) turn already got its nudge; false when it cannot be told. */
export function hasTurnMarker(root: string, plan: string | null, session: string): boolean {
  try {
    if (noMarkerDir(root)) return false;
    return inspectListed(boundedLoc(root, TURNS, markerName(plan, session))).kind === "file";
  } catch {
    return false;
  }
}

/**
 * Record that this turn got its nudge. When the write created or pruned the
 * directory, markers of the old layout are swept too (LEGACY_SWEEP at a time).
 */
export function setTurnMarker(root: string, plan: string | null, session: string, now: Date): void {
  try {
    const name = markerName(plan, session);
    const scanned = makeRoom(root, TURNS, name, now);
    writeFile(boundedLoc(root, TURNS, name), "1\n");
    if (scanned) sweepLegacy(root);
  } catch { /* disposable state */ }
}

/** A new turn: forget the marker (no-op when absent). */
export function clearTurnMarker(root: string, plan: string | null, session: string): void {
  try {
    if (noMarkerDir(root)) return;
    removeFile(boundedLoc(root, TURNS, markerName(plan, session)));
  } catch { /* disposable state */ }
}

/** Remove up to LEGACY_SWEEP old-layout markers from `.cache/` (nothing reads them any more). */
function sweepLegacy(root: string): void {
  // Any of them will do: an old .cache may hold more than pwf lists (files.ts MAX_DIR_ENTRIES).
  const legacy = listDir(planningLoc(root, ".cache"), { firstOnly: true })
    .filter((e) => e.isFile && LEGACY_RE.test(e.name))
    .slice(0, LEGACY_SWEEP);
  for (const e of legacy) {
    try {
      removeFile(cacheLoc(root, e.name));
    } catch { /* refused or gone */ }
  }
}

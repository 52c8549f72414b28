/**
 * Compaction markers: `.planning/.cache/compacted/<16 hex>`, one file per
 * session whose context a host compacted without a channel to restore the
 * plan there (Codex: PreCompact and PostCompact take no context). The next
 * prompt of that session takes the marker and gets the session-start frame
 * (plan + catch-up) once; any session-start fire drops it, so a host that
 * also re-injects at SessionStart never injects twice. A bounded directory
 * (cache.ts); every failure is swallowed (a lost marker costs one plain
 * prompt frame, never a hook's answer). docs/injection.md.
 * @module
 */

import { fnv1a64 } from "../core/session/binding.ts";
import { type BoundedDir, boundedLoc, makeRoom } from "../fs/cache.ts";
import { inspectListed, planningLoc } from "../fs/containment.ts";
import { removeFile, writeFile } from "../fs/write.ts";

/** Most compaction markers kept (sessions that never prompt again leave theirs). */
export const MAX_COMPACT_MARKERS = 32;

const COMPACTED: BoundedDir = {
  dir: [".cache", "compacted"],
  files: /^[0-9a-f]{16}$/,
  max: MAX_COMPACT_MARKERS,
  pruneTo: 24,
  expiryMs: Infinity,
};

function markerLoc(root: string, session: string) {
  return boundedLoc(root, COMPACTED, fnv1a64(session));
}

/** Record that this session's context was compacted. */
export function setCompactMarker(root: string, session: string, now: Date): void {
  try {
    makeRoom(root, COMPACTED, fnv1a64(session), now);
    writeFile(markerLoc(root, session), "1\n");
  } catch { /* disposable state */ }
}

/**
 * Remove this session's marker; true when there was one. The directory is
 * looked up in its parent's listing first, so the common case (never
 * compacted) throws no NotFound.
 */
export function takeCompactMarker(root: string, session: string): boolean {
  try {
    if (inspectListed(planningLoc(root, ...COMPACTED.dir)).kind === "missing") return false;
    const loc = markerLoc(root, session);
    if (inspectListed(loc).kind !== "file") return false;
    removeFile(loc);
    return true;
  } catch {
    return false;
  }
}

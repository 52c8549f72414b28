/**
 * Contained writes: atomic replacement (temp file + rename, retried briefly
 * on Windows), removal and appends. pwf writes only inside `.planning`.
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import { encodeText } from "../core/text/text.ts";
import {
  dirChain,
  type DirId,
  handleId,
  inspect,
  inspectListed,
  isPlanningLoc,
  type Location,
  pathIs,
  pathOf,
  sameFile,
  showLoc,
  verifyChain,
} from "./containment.ts";

/** Refuse (ContainmentError) a write outside `.planning`. */
export function requireWritable(loc: Location): void {
  if (!isPlanningLoc(loc)) {
    throw new ContainmentError(
      `refused to write "${showLoc(loc)}": pwf writes only inside .planning`,
    );
  }
}

function randomHex(bytes: number): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(bytes)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * Waits (ms) between attempts of the rename that completes an atomic write
 * on Windows, where a rename over a file another process holds open (a
 * reader, an indexer, antivirus) fails with "Access denied" (os error 5),
 * a sharing violation (32, 33) or EBUSY for a moment. Bounded: about 1 s in
 * all, within a hook's time budget (docs/windows.md).
 */
export const RENAME_RETRY_MS: readonly number[] = [2, 5, 10, 20, 40, 80, 120, 160, 250, 300];

/** Whether a failed rename is the transient Windows kind worth retrying. */
export function isTransientRenameError(err: unknown, os: string = Deno.build.os): boolean {
  if (os !== "windows") return false;
  if (err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.Busy) return true;
  return err instanceof Error && /\(os error (5|32|33)\)/.test(err.message);
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Block this (synchronous) caller for `ms` milliseconds: a wait between bounded retries. */
export function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/**
 * Rename `from` over `to`, retrying transient Windows failures with the
 * bounded backoff above; the last failure is thrown. Never falls back to a
 * non-atomic copy.
 */
export function renameWithRetry(
  from: string,
  to: string,
  rename: (from: string, to: string) => void = Deno.renameSync,
  os: string = Deno.build.os,
): void {
  for (let attempt = 0;; attempt++) {
    try {
      rename(from, to);
      return;
    } catch (err) {
      const wait = RENAME_RETRY_MS[attempt];
      if (wait === undefined || !isTransientRenameError(err, os)) throw err;
      pause(wait);
    }
  }
}

/** Options for writeFile. */
export interface WriteOptions {
  /** Refuse (return false) when the target already exists. */
  readonly createOnly?: boolean;
  /**
   * Checked after the temp file is complete, just before the rename: false
   * abandons the write (the temp file is removed, the target untouched) and
   * writeFile returns false. A read-modify-write passes "the target still
   * holds the bytes I read", so another writer's bytes are never replaced.
   */
  readonly stillCurrent?: () => boolean;
}

/**
 * Write a contained file atomically: a new temp file (created exclusively,
 * mode 0600) in the same directory, then a rename over the target. A killed
 * writer leaves the old file or the new one, never a torn one. On Windows
 * the rename is retried briefly while another process holds the target open
 * (renameWithRetry). Returns false when `createOnly` and the file exists,
 * or when `stillCurrent` says the target changed meanwhile.
 */
export function writeFile(
  loc: Location,
  data: string | Uint8Array,
  opts: WriteOptions = {},
): boolean {
  requireWritable(loc);
  // A new file (a turn marker, a first binding) is the normal case: absence from a listing.
  const found = inspectListed(loc);
  if (found.kind === "dir") {
    throw new ContainmentError(`refused to write "${showLoc(loc)}": it is a directory`);
  }
  if (found.kind === "file" && opts.createOnly) return false;
  if (found.kind === "file" && found.info.mode !== null && (found.info.mode & 0o200) === 0) {
    throw new PwfError(
      `cannot write "${showLoc(loc)}": the file is read-only (make it writable, then retry)`,
    );
  }
  const dir = { root: loc.root, segments: loc.segments.slice(0, -1) };
  const name = loc.segments[loc.segments.length - 1] ?? "";
  const tmp: Location = {
    root: loc.root,
    segments: [...dir.segments, `.${name}.tmp-${randomHex(6)}`],
  };
  const bytes = typeof data === "string" ? encodeText(data) : data;
  // Deno has no openat(): re-verify the directory chain (dev/inode) around every create and
  // rename, write the data only into a temp file proven to be in place, never rename after a
  // failed check, and wipe what was created when one fails (docs/security.md: the residual).
  const chain = dirChain(loc);
  let created: DirId | null = null;
  try {
    const file = Deno.openSync(pathOf(tmp), { write: true, createNew: true, mode: 0o600 });
    try {
      created = handleId(file);
      verifyChain(loc, chain);
      if (pathIs(tmp, created) === false) throw swapped(loc);
      let off = 0;
      while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
      verifyChain(loc, chain);
      inspectListed(loc); // re-check: nothing may have become a symlink in between
      verifyChain(loc, chain);
    } catch (err) {
      // Wherever the temp file ended up, it must not keep a copy of the data.
      try {
        file.truncateSync(0);
      } catch { /* nothing written */ }
      throw err;
    } finally {
      file.close(); // before the rename: Windows (Wine) fails renames around open handles
    }
    if (opts.stillCurrent && !opts.stillCurrent()) {
      Deno.removeSync(pathOf(tmp));
      created = null;
      return false;
    }
    renameWithRetry(pathOf(tmp), pathOf(loc));
    created = null; // the temp file is the target now
    verifyChain(loc, chain);
    return true;
  } catch (err) {
    // Remove the temp file only where the path still names the file this write created.
    if (created !== null && pathIs(tmp, created) !== false) {
      try {
        Deno.removeSync(pathOf(tmp));
      } catch { /* the temp file may not exist */ }
    }
    if (err instanceof PwfError) throw err;
    throw new PwfError(
      `cannot write "${showLoc(loc)}": ${err instanceof Error ? err.message : err}`,
    );
  }
}

function swapped(loc: Location): ContainmentError {
  return new ContainmentError(
    `refused to write "${showLoc(loc)}": a directory on its path was swapped while pwf wrote`,
  );
}

/** Remove a contained file if present (absence, the common case, from a listing: inspectListed). */
export function removeFile(loc: Location): void {
  requireWritable(loc);
  if (inspectListed(loc).kind !== "file") return;
  try {
    Deno.removeSync(pathOf(loc));
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) {
      throw new PwfError(
        `cannot remove "${showLoc(loc)}": ${err instanceof Error ? err.message : err}`,
      );
    }
  }
}

/**
 * Append to an existing contained file (O_APPEND, no rewrite): the file must
 * already be a regular file (inspect), and the opened handle must be that
 * same file (sameFile), else nothing is written. Returns the file's size
 * before the append, or null when it is missing (the caller creates it with
 * writeFile). For small, line-sized records whose loss is harmless (hook
 * receipts); anything that must never tear uses writeFile.
 */
export function appendExisting(loc: Location, data: string): number | null {
  requireWritable(loc);
  const found = inspect(loc);
  if (found.kind === "missing") return null;
  if (found.kind === "dir") {
    throw new ContainmentError(`refused to write "${showLoc(loc)}": it is a directory`);
  }
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(pathOf(loc), { append: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw new PwfError(
      `cannot write "${showLoc(loc)}": ${err instanceof Error ? err.message : err}`,
    );
  }
  try {
    sameFile(loc, found.info, file);
    const bytes = encodeText(data);
    let off = 0;
    while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
    return found.info.size;
  } finally {
    file.close();
  }
}

/**
 * Set a contained file's modification time to `t` through an open handle
 * (futimens: the handle is checked to be the file inspected, so a swap can
 * touch nothing else); false when it is missing. Cheaper than a rewrite: a
 * bounded directory records each use of a file this way (cache.ts prunes the
 * least recently modified).
 */
export function touchFile(loc: Location, t: Date): boolean {
  requireWritable(loc);
  const found = inspect(loc);
  if (found.kind !== "file") return false;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(pathOf(loc), { write: true });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return false;
    throw new PwfError(
      `cannot touch "${showLoc(loc)}": ${err instanceof Error ? err.message : err}`,
    );
  }
  try {
    sameFile(loc, found.info, file);
    file.utimeSync(t, t);
    return true;
  } finally {
    file.close();
  }
}

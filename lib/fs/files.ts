/**
 * Contained reads, atomic writes and directory creation. Every file pwf reads
 * or writes goes through here (and so through containment.ts).
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import { encodeText } from "../core/text/text.ts";
import {
  dirChain,
  type DirId,
  type Found,
  handleId,
  inspect,
  inspectListed,
  isPlanningLoc,
  isSameFile,
  LISTED_MAX,
  type Location,
  pathIs,
  pathOf,
  sameFile,
  showLoc,
  verifyChain,
} from "./containment.ts";

/** Default cap for reading any one file (SPEC 5.3). */
export const READ_CAP = 4 * 1024 * 1024;

/** Bytes read from a file, possibly cut at the cap. */
export interface FileBytes {
  readonly kind: "file";
  readonly bytes: Uint8Array;
  /** Whether the file is longer than what was read. */
  readonly truncated: boolean;
  /** Size on disk in bytes. */
  readonly size: number;
  /** Modification time in ms since the epoch (0 if unknown). */
  readonly mtimeMs: number;
}

/** Read a contained file (at most `cap` bytes); "missing" if absent. */
export function readFile(loc: Location, cap: number = READ_CAP): FileBytes | { kind: "missing" } {
  return readContained(loc, cap, "head");
}

/**
 * Read a contained file whole when it is at most `cap` bytes; a longer one
 * is not opened (no bytes, `truncated`, its `size`). "missing" if absent.
 */
export function readWholeFile(loc: Location, cap: number): FileBytes | { kind: "missing" } {
  return readContained(loc, cap, "whole");
}

/**
 * readFile for a file that is usually absent (a plan's `.mode`,
 * `.attestation`, `findings.md`): absence is answered from a listing of its
 * directory (inspectListed), without a NotFound thrown and caught.
 */
export function readOptionalFile(
  loc: Location,
  cap: number = READ_CAP,
): FileBytes | { kind: "missing" } {
  return readContained(loc, cap, "head", inspectListed);
}

/**
 * Read at most the last `cap` bytes of a contained file (`truncated` when
 * the file is longer); "missing" if absent. Bounded whatever the file's size.
 */
export function readFileTail(loc: Location, cap: number): FileBytes | { kind: "missing" } {
  return readContained(loc, cap, "tail");
}

/**
 * How many times a read looks a file up and opens it before it refuses a
 * handle that is not the file it inspected. Every pwf write replaces a file
 * by renaming a temp file over it, so a reader outside the lock (plan
 * resolution, hooks) can lstat one version and open the next: that is a
 * concurrent writer, not a swap, and the read starts again from the lstat.
 * Each attempt is checked in full; a racer that keeps replacing the file
 * still gets the refusal after the last one. (Under Wine one lstat-to-open
 * window is slow enough that a writer replacing the file every few ms hit
 * 5 attempts in a row in 2 of 1000 reads of lib/fs/files_test.ts.)
 */
export const READ_ATTEMPTS = 10;

function readContained(
  loc: Location,
  cap: number,
  part: "head" | "tail" | "whole",
  look: (loc: Location) => Found = inspect,
): FileBytes | { kind: "missing" } {
  for (let attempt = 1;; attempt++) {
    const found = look(loc);
    if (found.kind === "missing") return found;
    if (found.kind === "dir") {
      throw new ContainmentError(`refused "${showLoc(loc)}": it is a directory`);
    }
    if (part === "whole" && found.info.size > cap) return overCap(found.info);
    let file: Deno.FsFile;
    try {
      file = Deno.openSync(pathOf(loc), { read: true });
    } catch (err) {
      if (err instanceof Deno.errors.NotFound) return { kind: "missing" };
      throw new PwfError(
        `cannot read "${showLoc(loc)}": ${err instanceof Error ? err.message : err}`,
      );
    }
    try {
      // What the handle is decides how much to read: a file replaced twice between the lstat and
      // the open can come back under the same inode number with other contents (ext4 reuses it).
      const info = file.statSync();
      if (!isSameFile(found.info, info)) {
        if (attempt < READ_ATTEMPTS) continue; // replaced between the lstat and the open: again
        sameFile(loc, found.info, file); // the refusal, after the last attempt
      }
      const size = info.size;
      if (part === "whole" && size > cap) return overCap(info);
      const want = Math.min(size, cap);
      if (part === "tail" && size > want) file.seekSync(size - want, Deno.SeekMode.Start);
      const buf = new Uint8Array(want);
      let got = 0;
      while (got < want) {
        const n = file.readSync(buf.subarray(got));
        if (n === null || n === 0) break;
        got += n;
      }
      return {
        kind: "file",
        bytes: buf.subarray(0, got),
        truncated: size > got,
        size,
        mtimeMs: info.mtime?.getTime() ?? 0,
      };
    } finally {
      file.close();
    }
  }
}

/** A file too large for a whole read: no bytes, `truncated`, its size. */
function overCap(info: Deno.FileInfo): FileBytes {
  return {
    kind: "file",
    bytes: new Uint8Array(0),
    truncated: true,
    size: info.size,
    mtimeMs: info.mtime?.getTime() ?? 0,
  };
}

/** Read a contained file as bytes, or null when it is missing. */
export function readBytesOrNull(loc: Location, cap: number = READ_CAP): Uint8Array | null {
  const got = readFile(loc, cap);
  return got.kind === "file" ? got.bytes : null;
}

function requireWritable(loc: Location): void {
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
}

/**
 * Write a contained file atomically: a new temp file (created exclusively,
 * mode 0600) in the same directory, then a rename over the target. A killed
 * writer leaves the old file or the new one, never a torn one. On Windows
 * the rename is retried briefly while another process holds the target open
 * (renameWithRetry). Returns false when `createOnly` and the file exists.
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
 * Create a contained directory and its missing parents (mode 0700). Returns
 * false when the last directory already existed.
 */
export function makeDir(loc: Location): boolean {
  requireWritable(loc);
  let created = false;
  for (let i = 1; i <= loc.segments.length; i++) {
    const part: Location = { root: loc.root, segments: loc.segments.slice(0, i) };
    const found = inspect(part);
    if (found.kind === "file") {
      throw new ContainmentError(`refused "${showLoc(part)}": it is a file, not a directory`);
    }
    if (found.kind === "dir") {
      created = false;
      continue;
    }
    try {
      const chain = dirChain(part);
      Deno.mkdirSync(pathOf(part), { mode: 0o700 });
      created = true;
      try {
        verifyChain(part, chain); // the parent was not swapped around the mkdir
      } catch (swap) {
        try {
          Deno.removeSync(pathOf(part)); // empty: just made; never recursive
        } catch { /* not ours to remove */ }
        throw swap;
      }
    } catch (err) {
      if (err instanceof ContainmentError) throw err;
      if (!(err instanceof Deno.errors.AlreadyExists)) {
        throw new PwfError(
          `cannot create "${showLoc(part)}": ${err instanceof Error ? err.message : err}`,
        );
      }
      created = false;
    }
  }
  return created;
}

/** Remove a contained directory if it is empty (best effort: false when it is not, or is gone). */
export function removeEmptyDir(loc: Location): boolean {
  requireWritable(loc);
  if (inspect(loc).kind !== "dir") return false;
  try {
    Deno.removeSync(pathOf(loc)); // not recursive: fails on a non-empty directory
    return true;
  } catch {
    return false;
  }
}

/**
 * Most entries pwf reads from one directory. A listing of a larger one is
 * refused (ContainmentError): every hook fire lists `.planning` or a plan
 * directory, and must stay bounded whatever is put there.
 */
export const MAX_DIR_ENTRIES: number = LISTED_MAX;

/**
 * List the entry names of a contained directory (sorted); [] if missing.
 * More than MAX_DIR_ENTRIES entries: refused, or with `firstOnly` (for a
 * sweep that may take any of them) the first MAX_DIR_ENTRIES read.
 */
export function listDir(
  loc: Location,
  opts: { readonly firstOnly?: boolean } = {},
): { name: string; isDirectory: boolean; isFile: boolean }[] {
  const found = inspect(loc);
  if (found.kind !== "dir") return [];
  const out = [];
  for (const e of Deno.readDirSync(pathOf(loc))) {
    if (out.length >= MAX_DIR_ENTRIES && opts.firstOnly) break;
    if (out.length >= MAX_DIR_ENTRIES) {
      throw new ContainmentError(
        `refused "${
          showLoc(loc)
        }": it holds more than ${MAX_DIR_ENTRIES} entries, more than pwf lists; move what does not belong there elsewhere (archived plans: .planning/.archive)`,
      );
    }
    out.push({
      name: e.name,
      isDirectory: e.isDirectory && !e.isSymlink,
      isFile: e.isFile && !e.isSymlink,
    });
  }
  return out.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
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
 * Move a contained directory with one rename (a reader sees it at the old
 * place or the new one, never half-moved). `to` must not exist and its parent
 * must. Windows refuses to rename a directory while another process has a
 * file in it open, so a busy rename is retried for a short, bounded time.
 */
export async function moveDir(from: Location, to: Location): Promise<void> {
  requireWritable(from);
  requireWritable(to);
  if (inspect(from).kind !== "dir") {
    throw new ContainmentError(`refused to move "${showLoc(from)}": it is not a directory`);
  }
  if (inspect(to).kind !== "missing") {
    throw new PwfError(`cannot move to "${showLoc(to)}": it already exists (rename or remove it)`);
  }
  for (let attempt = 0;; attempt++) {
    try {
      await Deno.rename(pathOf(from), pathOf(to));
      return;
    } catch (err) {
      const busy = err instanceof Deno.errors.PermissionDenied || err instanceof Deno.errors.Busy;
      if (!busy || attempt >= 40) {
        throw new PwfError(
          `cannot move "${showLoc(from)}" to "${showLoc(to)}": ${
            err instanceof Error ? err.message : err
          }`,
        );
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

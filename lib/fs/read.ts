/**
 * Contained reads: every file pwf reads goes through here (and so through
 * containment.ts), bounded by a cap and retried when a concurrent writer
 * replaces the file mid-read.
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import { type FileStamp, stampOf } from "../core/plan/digest_memo.ts";
import {
  type Found,
  inspect,
  inspectListed,
  isSameFile,
  type Location,
  pathOf,
  sameFile,
  showLoc,
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
  /** The version read (its handle's stat), or null where the platform cannot tell versions apart. */
  readonly stamp: FileStamp | null;
}

/** A file's stat as a stamp (lib/core/plan/digest_memo.ts). */
export function stampOfInfo(info: Deno.FileInfo): FileStamp | null {
  return stampOf({
    dev: info.dev ?? null,
    ino: info.ino ?? null,
    size: info.size,
    mtimeMs: info.mtime?.getTime() ?? null,
    ctimeMs: info.ctime?.getTime() ?? null,
  });
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
        stamp: stampOfInfo(info),
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
    stamp: stampOfInfo(info),
  };
}

/** Read a contained file as bytes, or null when it is missing. */
export function readBytesOrNull(loc: Location, cap: number = READ_CAP): Uint8Array | null {
  const got = readFile(loc, cap);
  return got.kind === "file" ? got.bytes : null;
}

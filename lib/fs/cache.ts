/**
 * `.planning/.cache/`: pwf's private, disposable state (regression-guard
 * counts, turn markers, hook receipts, session bindings). Created on demand,
 * never in a project without `.planning/`; the plain cache functions swallow
 * every failure, because this state only ever improves a hook's output and
 * must never break it. State kept per session lives in bounded directories
 * (BoundedDir): a fixed number of small files, however many sessions come
 * and go.
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import { once } from "../core/text/once.ts";
import { decodeText, isAscii } from "../core/text/text.ts";
import { inspect, inspectListed, type Location, planningLoc } from "./containment.ts";
import { listDir, makeDir } from "./dirs.ts";
import { type FileBytes, readFile } from "./read.ts";
import { removeFile, writeFile } from "./write.ts";

const CACHE_DIR = ".cache";

/** A cache file location. */
export function cacheLoc(root: string, name: string): Location {
  return planningLoc(root, CACHE_DIR, name);
}

/** A safe cache file name from parts (anything odd becomes "_"). */
export function cacheName(...parts: string[]): string {
  return parts.map((p) => plainPart(p).replace(/^\.+/, "_")).join("-");
}

const oddChars = once(() => /[^\p{L}\p{M}\p{N}._-]/gu);
const ODD_ASCII = /[^A-Za-z0-9._-]/g;
const PLAIN_ASCII = /^[A-Za-z0-9._-]*$/;

/** `part` with every character but letters, marks, digits and `._-` made "_". */
function plainPart(part: string): string {
  if (PLAIN_ASCII.test(part)) return part;
  return part.replace(isAscii(part) ? ODD_ASCII : oddChars(), "_");
}

/** A cache file's bytes (at most `cap`); null when missing or unreadable. */
function readCacheFile(root: string, name: string, cap: number): FileBytes | null {
  try {
    const got = readFile(cacheLoc(root, name), cap);
    return got.kind === "file" ? got : null;
  } catch {
    return null;
  }
}

/** Read a cache file as text; null when missing or unreadable. */
export function readCache(root: string, name: string, cap = 1024 * 1024): string | null {
  const got = readCacheFile(root, name, cap);
  return got === null ? null : decodeText(got.bytes);
}

/**
 * Read a small cache file with its modification time (a memo's age, lib/plan/digest.ts);
 * null when missing, unreadable or longer than `cap`.
 */
export function readCacheStamped(
  root: string,
  name: string,
  cap = 4096,
): { readonly text: string; readonly mtimeMs: number } | null {
  const got = readCacheFile(root, name, cap);
  return got === null || got.truncated
    ? null
    : { text: decodeText(got.bytes), mtimeMs: got.mtimeMs };
}

/** Write a cache file; false (and nothing thrown) when it cannot be written. */
export function writeCache(root: string, name: string, text: string): boolean {
  try {
    if (makeCacheDir(root, [CACHE_DIR]) === null) return false;
    return writeFile(cacheLoc(root, name), text);
  } catch {
    return false;
  }
}

/**
 * Create `.planning/<dir...>` and `.planning/.gitignore` when missing, never
 * `.planning` itself: null when that is not a directory, else whether the
 * directory was created now.
 */
function makeCacheDir(root: string, dir: readonly string[]): boolean | null {
  if (inspect(planningLoc(root)).kind !== "dir") return null;
  const created = makeDir(planningLoc(root, ...dir));
  writeFile(planningLoc(root, ".gitignore"), ".cache/\n", { createOnly: true });
  return created;
}

/** Remove a cache file; silently does nothing on failure. */
export function removeCache(root: string, name: string): void {
  try {
    removeFile(cacheLoc(root, name));
  } catch { /* disposable state */ }
}

/**
 * A bounded directory of small cache files (`.planning/<dir...>/`): at most
 * `max` files whose names match `files`, each one owner's state (a session's
 * binding, a turn marker). Used by session bindings and turn markers.
 */
export interface BoundedDir {
  /** The directory's segments below `.planning`. */
  readonly dir: readonly string[];
  /** The names of the files it holds (temp files and strays are neither counted nor pruned). */
  readonly files: RegExp;
  /** Most files kept. */
  readonly max: number;
  /** A new file in a full directory prunes it to this many files, itself included. */
  readonly pruneTo: number;
  /** A file unmodified for this long goes at the next prune whatever the count. */
  readonly expiryMs: number;
}

/** The location of one file of a bounded directory. */
export function boundedLoc(root: string, d: BoundedDir, name: string): Location {
  return planningLoc(root, ...d.dir, name);
}

/**
 * Make room for a write of file `name` into `d`: `.planning` must be a
 * directory (else PwfError), the directory and `.planning/.gitignore` are
 * created when missing, and when `name` is new and the directory holds
 * `max` files it is pruned to `pruneTo - 1` others at once. So a new file
 * costs one listing of at most `max` names, and only every
 * (`max` - `pruneTo` + 1)th new file pays for a stat of each and the
 * removals; rewriting an existing file costs neither. Returns true when
 * this call created or pruned the directory (the rare write, where a caller
 * may do its own housekeeping). Throws PwfError when the directory cannot
 * be made.
 */
export function makeRoom(root: string, d: BoundedDir, name: string, now: Date): boolean {
  const created = makeCacheDir(root, d.dir);
  if (created === null) throw new PwfError("no .planning directory: nothing to write to");
  if (created) return true;
  if (inspectListed(boundedLoc(root, d, name)).kind !== "missing") return false;
  const count = listDir(planningLoc(root, ...d.dir)).filter((e) => d.files.test(e.name)).length;
  if (count < d.max) return false;
  pruneBounded(root, d, now, d.pruneTo - 1, name);
  return true;
}

/** One file of a bounded directory and its mtime (0 when unknown or refused). */
interface BoundedFile {
  readonly name: string;
  readonly mtimeMs: number;
}

/** The files of a bounded directory ([] when it is missing). */
function boundedFiles(root: string, d: BoundedDir): BoundedFile[] {
  const out: BoundedFile[] = [];
  for (const e of listDir(planningLoc(root, ...d.dir))) {
    if (!d.files.test(e.name)) continue;
    try {
      const found = inspect(boundedLoc(root, d, e.name));
      out.push({
        name: e.name,
        mtimeMs: found.kind === "file" ? found.info.mtime?.getTime() ?? 0 : 0,
      });
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
      out.push({ name: e.name, mtimeMs: 0 }); // a refused entry is the first to go
    }
  }
  return out;
}

/**
 * Drop the expired files of `d` and the least recently modified beyond
 * `keep` (not counting `except`); returns how many went. An entry that
 * fails containment is removed only when it is a plain file; a symlink or
 * directory is left alone (`pwf doctor` reports the bindings' ones).
 */
export function pruneBounded(
  root: string,
  d: BoundedDir,
  now: Date,
  keep: number,
  except?: string,
): number {
  const files = boundedFiles(root, d)
    .filter((f) => f.name !== except)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : 1));
  let removed = 0;
  files.forEach((f, i) => {
    if (i < keep && now.getTime() - f.mtimeMs <= d.expiryMs) return;
    try {
      removeFile(boundedLoc(root, d, f.name));
      removed++;
    } catch { /* refused or already gone: nothing to prune */ }
  });
  return removed;
}

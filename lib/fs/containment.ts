/**
 * Containment: the only way pwf opens files. Deno's permission grant does not
 * canonicalise paths, so a symlink inside `.planning` would let a read or a
 * write escape the sandbox. Every component below the project root is
 * lstat-ed and must be a real directory (or, last, a regular file with one
 * link); an open handle is checked against the lstat (same device and inode)
 * so a component swapped in between is caught. Anything unclear fails closed.
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import { isAscii } from "../core/text/text.ts";
import { displayPath, joinPath, PLANNING_DIR } from "./paths.ts";

/** What a contained lookup found. */
export type Found =
  | { readonly kind: "file"; readonly info: Deno.FileInfo }
  | { readonly kind: "dir"; readonly info: Deno.FileInfo }
  | { readonly kind: "missing" };

/** A location below the project root: `.planning/...` or a legacy root file. */
export interface Location {
  readonly root: string;
  /** Segments below the root; the first is `.planning` or a legacy file name. */
  readonly segments: readonly string[];
}

const LEGACY_FILES = new Set(["task_plan.md", "findings.md", "progress.md"]);

/** A location inside `.planning`. */
export function planningLoc(root: string, ...segments: string[]): Location {
  return { root, segments: [PLANNING_DIR, ...segments] };
}

/**
 * The nearest of `dirs` (nearest first: lib/core/plan/planning_root.ts
 * searchSpan) holding a `.planning` entry of any kind, or null: one lstat
 * per directory, stopping at the first hit, as git looks for `.git`. The
 * sandbox grants exactly these `.planning` paths; what is found is then
 * opened through inspect like any location (a symlinked `.planning` is
 * refused there, not skipped here, so a planted link never hides a real one
 * further up). Never throws.
 */
export function nearestPlanning(dirs: readonly string[]): string | null {
  for (const dir of dirs) {
    try {
      if (lstatOrMissing(joinPath(dir, PLANNING_DIR)) !== null) return dir;
    } catch {
      return dir; // there but not inspectable: chosen, and refused (with why) when opened
    }
  }
  return null;
}

/**
 * Whether the sandbox lets pwf read a location: the legacy root files are
 * granted in the directory pwf starts in only, so a plan tree chosen above
 * it has none (a question to Deno's permission state, no filesystem access).
 */
export function sandboxAllows(loc: Location): boolean {
  return Deno.permissions.querySync({ name: "read", path: pathOf(loc) }).state === "granted";
}

/** A legacy root file (read-only). */
export function legacyLoc(root: string, name: string): Location {
  if (!LEGACY_FILES.has(name)) {
    throw new ContainmentError(`refused "${name}": not a legacy plan file`);
  }
  return { root, segments: [name] };
}

/** The filesystem path of a location. */
export function pathOf(loc: Location): string {
  return joinPath(loc.root, ...loc.segments);
}

/** The display path of a location, relative to the root. */
export function showLoc(loc: Location): string {
  return displayPath(...loc.segments);
}

/** Whether a location is inside `.planning` (writable) rather than a legacy root file. */
export function isPlanningLoc(loc: Location): boolean {
  return loc.segments[0] === PLANNING_DIR;
}

function lstatOrMissing(path: string): Deno.FileInfo | null {
  try {
    return Deno.lstatSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw new ContainmentError(
      `cannot inspect "${path}": ${err instanceof Error ? err.message : err}`,
    );
  }
}

function refuse(loc: Location, upTo: number, why: string): never {
  const shown = displayPath(...loc.segments.slice(0, upTo));
  throw new ContainmentError(
    `refused "${shown}": ${why}; pwf only uses real files and directories inside .planning`,
  );
}

/**
 * Look a location up without following anything: every directory component
 * must be a real directory and the last component a regular file with one
 * link, or a directory. Throws ContainmentError on a symlink or anything odd.
 */
export function inspect(loc: Location): Found {
  for (let i = 1; i <= loc.segments.length; i++) {
    const info = lstatOrMissing(joinPath(loc.root, ...loc.segments.slice(0, i)));
    if (info === null) return { kind: "missing" };
    if (info.isSymlink) refuse(loc, i, "it is a symbolic link");
    const last = i === loc.segments.length;
    if (!last && !info.isDirectory) refuse(loc, i, "it is not a directory");
    if (last && info.isDirectory) return { kind: "dir", info };
    if (last && !info.isFile) refuse(loc, i, "it is not a regular file");
    if (last && (info.nlink ?? 1) > 1) refuse(loc, i, "it has more than one hard link");
    if (last) return { kind: "file", info };
  }
  return { kind: "missing" };
}

/**
 * Like inspect, for a file that is usually absent (a plan's `.mode` or
 * `.attestation`, `.planning/sessions`, a turn marker): the directory holding
 * it is inspected, then listed, and a name the listing lacks is "missing"
 * without an lstat, so the normal path throws and catches no NotFound (issue
 * 16 item 5: the first one in a process costs ~0.5 ms). A listed name is
 * inspected exactly as inspect does (every refusal applies), so the listing
 * only ever answers "absent", which an lstat a moment later could have
 * answered too. The directory itself missing: inspect's own answer. Only a
 * whole listing answers "absent": for a directory larger than
 * LISTED_DIR_BYTES, after LISTED_MAX entries without the name (a crowded
 * directory must not slow a fire), or when the listing fails, inspect
 * answers instead, so a present file is never missed.
 */
export function inspectListed(loc: Location): Found {
  const n = loc.segments.length;
  if (n < 2) return inspect(loc);
  const dir: Location = { root: loc.root, segments: loc.segments.slice(0, -1) };
  const held = inspect(dir);
  if (held.kind === "missing") return held;
  if (held.kind === "file") refuse(loc, n - 1, "it is not a directory");
  // Deno lists a directory whole before the first entry: a crowded one is not listed.
  if (held.info.size > LISTED_DIR_BYTES) return inspect(loc);
  const name = foldName(loc.segments[n - 1] ?? "");
  let absent = true;
  try {
    let seen = 0;
    for (const e of Deno.readDirSync(pathOf(dir))) {
      // Listed, or not all of the directory listed: the lstat decides.
      if (foldName(e.name) === name || ++seen >= LISTED_MAX) {
        absent = false;
        break;
      }
    }
  } catch {
    absent = false; // the listing failed (gone meanwhile, unreadable): the lstat decides
  }
  return absent ? { kind: "missing" } : inspect(loc);
}

/** Most entries inspectListed reads before it asks lstat instead (dirs.ts MAX_DIR_ENTRIES). */
export const LISTED_MAX = 4096;

/**
 * Largest directory (its lstat size) inspectListed lists. Deno.readDirSync
 * reads every entry before it yields the first, so a directory crowded with
 * entries (400,000 in a plan directory: 2.3 s per UserPromptSubmit, 5.8 s
 * per SessionStart) is looked up by lstat instead. A directory's size grows
 * with its entries on ext4, XFS, Btrfs, tmpfs, ZFS, APFS and HFS+ (32 KiB:
 * about 1,000 entries on ext4, 32,768 on ZFS, which counts entries);
 * Windows reports 0 (docs/security.md, "Availability").
 */
export const LISTED_DIR_BYTES = 32 * 1024;

/**
 * A name as inspectListed compares it: case-blind and canonically
 * normalised, wider than any filesystem's own matching (NTFS, APFS and HFS+
 * fold case, APFS and HFS+ also normalisation; "ſ" upper-cases to "S", the
 * Kelvin sign decomposes to "K"), so every entry an lstat could resolve the
 * name to is a match; a false match only costs the lstat. An ASCII name is
 * its own NFKD form (and a fire meets ASCII names only, usually: ICU's
 * normaliser is then never loaded).
 */
function foldName(s: string): string {
  return isAscii(s) ? s.toLowerCase() : s.normalize("NFKD").toUpperCase().toLowerCase();
}

/** Like inspect, but a directory is required; "missing" if absent. */
export function inspectDir(loc: Location): "dir" | "missing" {
  const found = inspect(loc);
  if (found.kind === "file") {
    refuse(loc, loc.segments.length, "it is a file, a directory was expected");
  }
  return found.kind;
}

/**
 * Identity of a file or directory on a location's path: device and inode
 * where the OS has them, and the creation time, which stands in for the
 * inode where the OS reports none (Deno's FileInfo.ino may be null, or 0, on
 * Windows filesystems without stable file index numbers: docs/security.md).
 */
export interface DirId {
  readonly dev: number | null;
  readonly ino: number | null;
  /** Creation time in ms since the epoch, null where the OS has none. */
  readonly birth: number | null;
}

/** The identity of a FileInfo (an inode number of 0 counts as none). */
export function idOf(info: Deno.FileInfo): DirId {
  return {
    dev: info.dev ?? null,
    ino: info.ino || null,
    birth: info.birthtime?.getTime() ?? null,
  };
}

/** What two identities can be compared by: inode, else creation time, else nothing. */
export function idStrength(a: DirId, b: DirId = a): "inode" | "birthtime" | "none" {
  if (a.ino !== null && b.ino !== null) return "inode";
  if (a.birth !== null && b.birth !== null) return "birthtime";
  return "none";
}

/**
 * Whether two identities are the same file, judged by the strongest
 * evidence both carry: device and inode; else device and creation time;
 * null when neither can tell (idStrength "none"): the caller then falls back
 * explicitly, never passes. Creation time is not added to an inode match:
 * under Wine a directory's creation time follows its last change.
 * @example
 * ```ts
 * import { sameId } from "./containment.ts";
 * const a = { dev: 1, ino: null, birth: 1000 };
 * if (sameId(a, { ...a }) !== true || sameId(a, { ...a, birth: 1001 }) !== false) throw new Error();
 * if (sameId({ dev: 1, ino: null, birth: null }, { dev: 1, ino: null, birth: null }) !== null) throw new Error();
 * ```
 */
export function sameId(a: DirId, b: DirId): boolean | null {
  const by = idStrength(a, b);
  if (by === "none") return null;
  if (a.dev !== b.dev) return false;
  return by === "inode" ? a.ino === b.ino : a.birth === b.birth;
}

/**
 * Verify an open handle is the file that was inspected (no swap in between);
 * returns the handle's own FileInfo. Where the OS gives neither inode nor
 * creation time, size and mtime must match.
 */
export function sameFile(loc: Location, before: Deno.FileInfo, file: Deno.FsFile): Deno.FileInfo {
  const now = file.statSync();
  if (!isSameFile(before, now)) {
    refuse(loc, loc.segments.length, "it changed while being opened");
  }
  return now;
}

/** Whether `now` (an open handle's FileInfo) is the regular file inspected as `before`. */
export function isSameFile(before: Deno.FileInfo, now: Deno.FileInfo): boolean {
  const same = sameId(idOf(before), idOf(now)) ??
    (before.size === now.size && before.mtime?.getTime() === now.mtime?.getTime());
  return same && now.isFile;
}

/**
 * The identities of the directories holding `loc` (every component below
 * the root but the last), each lstat-ed: a symlink or a non-directory there
 * is refused. Deno has no openat(), so writes re-check this chain right
 * before and after each create and rename (issue 12 item 15; docs/security.md
 * says what remains).
 */
export function dirChain(loc: Location): readonly DirId[] {
  const out: DirId[] = [];
  for (let i = 1; i < loc.segments.length; i++) {
    const info = lstatOrMissing(joinPath(loc.root, ...loc.segments.slice(0, i)));
    if (info === null) refuse(loc, i, "a directory on its path is missing");
    if (info.isSymlink) refuse(loc, i, "it is a symbolic link");
    if (!info.isDirectory) refuse(loc, i, "it is not a directory");
    out.push(idOf(info));
  }
  return out;
}

/**
 * Refuse unless the directory chain of `loc` is still exactly `before` (no
 * component swapped). Each directory is compared by the strongest identity
 * the OS gives (sameId); where it gives none, dirChain's own checks (no
 * symlink, still a directory) are what remains, and `pwf doctor` says so.
 */
export function verifyChain(loc: Location, before: readonly DirId[]): void {
  const now = dirChain(loc);
  const same = now.length === before.length &&
    now.every((d, i) => {
      const b = before[i];
      return b !== undefined && sameId(d, b) !== false;
    });
  if (!same) {
    refuse(loc, loc.segments.length - 1, "a directory on its path was swapped while pwf wrote");
  }
}

/**
 * Whether the path of `loc` names the file whose identity is `id` right now;
 * null when the OS reports no identity at all (the symlink checks still apply).
 */
export function pathIs(loc: Location, id: DirId): boolean | null {
  if (idStrength(id) === "none") return null;
  try {
    const a = Deno.lstatSync(pathOf(loc));
    if (!a.isFile || a.isSymlink) return false;
    return sameId(idOf(a), id) ?? null;
  } catch {
    return false;
  }
}

/** The identity of an open file. */
export function handleId(file: Deno.FsFile): DirId {
  return idOf(file.statSync());
}

/**
 * What this filesystem lets pwf tell directories apart by (docs/security.md):
 * `inode`, `birthtime` (no inode numbers: creation times stand in) or `none`
 * (only the symlink and type checks remain). From the lstat of `.planning`.
 */
export function identityStrength(root: string): "inode" | "birthtime" | "none" | "missing" {
  const info = lstatOrMissing(joinPath(root, PLANNING_DIR));
  return info === null ? "missing" : idStrength(idOf(info));
}

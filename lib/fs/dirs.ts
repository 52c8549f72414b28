/**
 * Contained directories: creating, listing (bounded), removing when empty,
 * and moving one with a single rename.
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import {
  dirChain,
  inspect,
  LISTED_MAX,
  type Location,
  pathOf,
  showLoc,
  verifyChain,
} from "./containment.ts";
import { requireWritable } from "./write.ts";

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

/**
 * A lock file per directory, created exclusively, for writers of shared files
 * (status lines, ledgers, counters, `.active_plan`). Bounded wait; a lock
 * older than STALE_MS is taken over (its holder crashed).
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import { inspect, type Location, pathOf, showLoc } from "./containment.ts";

/** Name of the lock file inside the locked directory. */
export const LOCK_NAME = ".pwf.lock";

/** A lock older than this is stale (no pwf operation holds one this long). */
export const STALE_MS = 5_000;

/** How long a writer waits for a lock before giving up. */
export const WAIT_MS = 15_000;

function tryCreate(lock: Location, token: string): boolean {
  try {
    const file = Deno.openSync(pathOf(lock), { write: true, createNew: true, mode: 0o600 });
    try {
      file.writeSync(new TextEncoder().encode(token));
    } finally {
      file.close();
    }
    return true;
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists) return false;
    throw new PwfError(
      `cannot create lock "${showLoc(lock)}": ${err instanceof Error ? err.message : err}`,
    );
  }
}

function takeOverIfStale(lock: Location, now: number): void {
  const found = inspect(lock); // throws on a symlinked lock: never follow it
  if (found.kind === "dir") {
    throw new ContainmentError(
      `refused lock "${showLoc(lock)}": it is a directory, not a lock file (remove it, then retry)`,
    );
  }
  if (found.kind !== "file") return;
  const age = now - (found.info.mtime?.getTime() ?? now);
  if (age < STALE_MS) return;
  try {
    const again = Deno.lstatSync(pathOf(lock));
    if (again.ino !== found.info.ino || again.mtime?.getTime() !== found.info.mtime?.getTime()) {
      return;
    }
    Deno.removeSync(pathOf(lock));
  } catch { /* someone else took it over first */ }
}

function release(lock: Location, token: string): void {
  try {
    if (inspect(lock).kind !== "file") return;
    const held = new TextDecoder().decode(Deno.readFileSync(pathOf(lock)));
    if (held === token) Deno.removeSync(pathOf(lock));
  } catch { /* nothing left to release */ }
}

/** Run `fn` while holding the lock of directory `dir`. */
export async function withLock<T>(dir: Location, fn: () => T | Promise<T>): Promise<T> {
  const lock: Location = { root: dir.root, segments: [...dir.segments, LOCK_NAME] };
  if (inspect(dir).kind !== "dir") {
    throw new ContainmentError(`cannot lock "${showLoc(dir)}": not a directory`);
  }
  const token = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
  const deadline = Date.now() + WAIT_MS;
  let delay = 2;
  while (!tryCreate(lock, token)) {
    takeOverIfStale(lock, Date.now());
    if (Date.now() > deadline) {
      throw new PwfError(
        `timed out waiting for lock "${
          showLoc(lock)
        }": another pwf is writing; if none is running, delete that file`,
      );
    }
    await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await fn();
  } finally {
    release(lock, token);
  }
}

/**
 * A lock file per directory, created exclusively, for writers of shared files
 * (status lines, ledgers, counters, `.active_plan`).
 *
 * The lock file carries an owner token (`{"pid":..,"host":..,"started":..,
 * "token":..}`) and its owner holds an OS file lock on it (flock /
 * LockFileEx) for as long as it runs: the kernel drops that lock when the
 * owner dies, which is the proof that the owner is gone on this host (the
 * sandbox has no `--allow-sys` or `--allow-run`, so pwf can neither read the
 * host name nor probe a pid; the token's `host` is therefore null).
 *
 * A lock is taken over when its owner is provably gone (its token is
 * complete, its OS lock is free and the file is at least TAKEOVER_GRACE_MS
 * old), when its mtime lies more
 * than CLOCK_SKEW_MS in the future (a clock stepped back after a crash), or
 * when it is older than STALE_MS. Hooks wait at most HOOK_WAIT_MS, commands
 * WAIT_MS, and then say who holds the lock and for how long.
 * @module
 */

import { ContainmentError, PwfError } from "../core/errors.ts";
import {
  dirChain,
  handleId,
  idOf,
  inspect,
  isSameFile,
  type Location,
  pathIs,
  pathOf,
  sameId,
  showLoc,
  verifyChain,
} from "./containment.ts";
import { isoTimestamp } from "../core/text/timestamp.ts";
import { readFile } from "./read.ts";

/** Most of a lock file pwf reads: an owner token is one short JSON line. */
const TOKEN_MAX_BYTES = 512;

/** A lock file's first TOKEN_MAX_BYTES as text, through containment ("" when it is gone). */
function lockText(lock: Location): string {
  const got = readFile(lock, TOKEN_MAX_BYTES);
  return got.kind === "file" ? new TextDecoder().decode(got.bytes) : "";
}

/** Name of the lock file inside the locked directory. */
export const LOCK_NAME = ".pwf.lock";

/** A lock older than this is stale (no pwf operation holds one this long). */
export const STALE_MS = 5_000;

/** How long a command waits for a lock before giving up. */
export const WAIT_MS = 15_000;

/** How long a hook waits for a lock: a fire must answer within its budget. */
export const HOOK_WAIT_MS = 300;

/** An mtime this far ahead of the clock is "in the future". */
export const CLOCK_SKEW_MS = 1_000;

/** The owner takes its OS lock right after creating the file; younger files get the benefit of the doubt. */
export const TAKEOVER_GRACE_MS = 100;

/** Options of withLock. */
export interface LockOptions {
  /** Longest wait for the lock, in ms (default WAIT_MS; hooks pass HOOK_WAIT_MS). */
  readonly waitMs?: number;
}

/** A parsed owner token (fields null when unreadable). */
export interface LockOwner {
  readonly pid: number | null;
  readonly started: string | null;
}

interface Held {
  readonly file: Deno.FsFile;
  readonly token: string;
}

function ownerToken(token: string): string {
  return JSON.stringify({ pid: Deno.pid, host: null, started: isoTimestamp(Date.now()), token }) +
    "\n";
}

function tryCreate(lock: Location, token: string): Held | null {
  let file: Deno.FsFile;
  const chain = dirChain(lock);
  try {
    file = Deno.openSync(pathOf(lock), { write: true, createNew: true, mode: 0o600 });
  } catch (err) {
    if (err instanceof Deno.errors.AlreadyExists) return null;
    throw new PwfError(
      `cannot create lock "${showLoc(lock)}": ${err instanceof Error ? err.message : err}`,
    );
  }
  try {
    // The directory was not swapped around the create (no openat(): docs/security.md), and
    // the path names the file just created (a swap and swap-back in between is caught here).
    verifyChain(lock, chain);
    if (pathIs(lock, handleId(file)) === false) {
      throw new ContainmentError(
        `refused lock "${showLoc(lock)}": a directory on its path was swapped while pwf wrote`,
      );
    }
  } catch (err) {
    const mine = pathIs(lock, handleId(file));
    file.close();
    if (mine !== false) {
      try {
        Deno.removeSync(pathOf(lock));
      } catch { /* gone */ }
    }
    throw err;
  }
  try {
    try {
      file.tryLockSync(true);
    } catch { /* no OS locks on this filesystem: age and clock rules still apply */ }
    const bytes = new TextEncoder().encode(ownerToken(token));
    let off = 0;
    while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
    return { file, token };
  } catch (err) {
    // A full disk: never leave an empty lock behind for the next writer to wait on.
    file.close();
    try {
      Deno.removeSync(pathOf(lock));
    } catch { /* already gone */ }
    throw new PwfError(
      `cannot create lock "${showLoc(lock)}": ${err instanceof Error ? err.message : err}`,
    );
  }
}

/** Whether the lock file's OS lock is free (its owner is gone); null when that cannot be told. */
function ownerGone(lock: Location, info: Deno.FileInfo): boolean | null {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(pathOf(lock), { read: true });
  } catch {
    return null;
  }
  try {
    // The same file as inspected, and unchanged since: a lock file removed and created again can
    // get the old inode number (ext4 reuses it), and probing a new owner's file before that owner
    // took its OS lock would take the lock from under it.
    const now = file.statSync();
    if (!isSameFile(info, now) || now.mtime?.getTime() !== info.mtime?.getTime()) return null;
    return file.tryLockSync(true);
  } catch {
    return null;
  } finally {
    file.close(); // closing drops the OS lock we may just have taken
  }
}

/** Read the owner token of a lock file (best effort). */
export function readLockOwner(lock: Location): LockOwner {
  try {
    const v = JSON.parse(lockText(lock));
    return {
      pid: Number.isSafeInteger(v?.pid) ? v.pid : null,
      started: typeof v?.started === "string" && /^[0-9T:.Z-]{1,40}$/.test(v.started)
        ? v.started
        : null,
    };
  } catch {
    return { pid: null, started: null };
  }
}

/** Why a lock may be taken over, or null while its owner may be alive. */
function takeoverReason(lock: Location, info: Deno.FileInfo, now: number): string | null {
  const age = now - (info.mtime?.getTime() ?? now);
  if (age < -CLOCK_SKEW_MS) return "its mtime is in the future";
  if (age > STALE_MS) return "it is stale";
  // The owner writes its token only after taking its OS lock: a complete token with the OS lock
  // free means the owner died (a slow owner between create and lock has no token yet).
  if (
    age >= TAKEOVER_GRACE_MS && readLockOwner(lock).pid !== null && ownerGone(lock, info) === true
  ) return "its owner is gone";
  return null;
}

function takeOverIfDead(lock: Location, now: number): void {
  const found = inspect(lock); // throws on a symlinked lock: never follow it
  if (found.kind === "dir") {
    throw new ContainmentError(
      `refused lock "${showLoc(lock)}": it is a directory, not a lock file (remove it, then retry)`,
    );
  }
  if (found.kind !== "file" || takeoverReason(lock, found.info, now) === null) return;
  try {
    const again = Deno.lstatSync(pathOf(lock));
    if (
      sameId(idOf(again), idOf(found.info)) === false ||
      again.mtime?.getTime() !== found.info.mtime?.getTime()
    ) return;
    Deno.removeSync(pathOf(lock));
  } catch { /* someone else took it over first */ }
}

function release(lock: Location, held: Held): void {
  try {
    const found = inspect(lock);
    if (found.kind === "file") {
      const same = sameId(idOf(found.info), handleId(held.file));
      if (same === true) Deno.removeSync(pathOf(lock));
      else if (same === null) {
        // No file identity on this filesystem: the token says whether the lock is still ours.
        held.file.unlockSync();
        if (lockText(lock).includes(`"token":"${held.token}"`)) Deno.removeSync(pathOf(lock));
      }
    }
  } catch {
    /* nothing left to release */
  } finally {
    try {
      held.file.close();
    } catch { /* closed */ }
  }
}

/** One line naming who holds a lock and for how long. */
function holderText(lock: Location, now: number): string {
  const found = (() => {
    try {
      return inspect(lock);
    } catch {
      return { kind: "missing" } as const;
    }
  })();
  if (found.kind !== "file") return "";
  const owner = readLockOwner(lock);
  const age = ((now - (found.info.mtime?.getTime() ?? now)) / 1000).toFixed(1);
  const who = owner.pid === null ? "an unknown owner" : `pid ${owner.pid}`;
  return ` held by ${who}${owner.started ? ` since ${owner.started}` : ""} (age ${age} s)`;
}

/** Run `fn` while holding the lock of directory `dir`. */
export async function withLock<T>(
  dir: Location,
  fn: () => T | Promise<T>,
  opts: LockOptions = {},
): Promise<T> {
  const lock: Location = { root: dir.root, segments: [...dir.segments, LOCK_NAME] };
  if (inspect(dir).kind !== "dir") {
    throw new ContainmentError(`cannot lock "${showLoc(dir)}": not a directory`);
  }
  const waitMs = opts.waitMs ?? WAIT_MS;
  const token = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
  // The wall clock, plus the sum of the waits themselves: a clock set back mid-wait cannot
  // stretch it past waitMs of sleeping.
  const deadline = Date.now() + waitMs;
  let slept = 0;
  let delay = 2;
  let held: Held | null;
  while ((held = tryCreate(lock, token)) === null) {
    takeOverIfDead(lock, Date.now());
    if (Date.now() > deadline || slept > waitMs) {
      throw new PwfError(
        `timed out after ${(waitMs / 1000).toFixed(1)} s waiting for lock "${showLoc(lock)}"${
          holderText(lock, Date.now())
        }: another pwf is writing; if none is running, delete that file`,
      );
    }
    // setTimeout, not Atomics.waitAsync: nothing else keeps the event loop alive here. It loads
    // node:timers (docs/performance.md), but only when the lock is contended.
    const pause = Math.min(delay + Math.random() * delay, waitMs);
    await new Promise((r) => setTimeout(r, pause));
    slept += pause;
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await fn();
  } finally {
    release(lock, held);
  }
}

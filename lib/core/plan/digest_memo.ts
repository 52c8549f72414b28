/**
 * Remembered digests: a large file's SHA-256 kept in `.planning/.cache/`
 * with the identity of the file version it was computed from, so the next
 * fire that reads the same version need not hash it again (issue 32).
 *
 * A version is named by its stamp: device, inode, size, modification and
 * change time. Any write to the file moves its change time (ctime), which no
 * user-level call can set back, so an edit is seen even when it keeps the
 * size and restores the modification time. One race remains, as in git's
 * index: a write in the same millisecond as the change time that was
 * stamped. A memo is therefore trusted only when it was written at least
 * SETTLE_MS after the file's last change (the memo file's own modification
 * time, from the same filesystem clock), so the version it names was already
 * settled when it was hashed. The memo gives no power that writing
 * `.attestation` does not (docs/security.md).
 * @module
 */

/** A file version's identity and the time of its last change (ms since the epoch). */
export interface FileStamp {
  readonly identity: string;
  readonly changeMs: number;
}

/** The facts of a file's stat a stamp is made of (null where the platform has none). */
export interface StampFacts {
  readonly dev: number | null;
  readonly ino: number | null;
  readonly size: number;
  readonly mtimeMs: number | null;
  readonly ctimeMs: number | null;
}

/** A memo is trusted only when written this long after the file's last change. */
export const SETTLE_MS = 3000;

/**
 * The stamp of a file version, or null when the platform cannot tell
 * versions apart (no inode or no change time): nothing is remembered then.
 * @example
 * ```ts
 * import { stampOf } from "./digest_memo.ts";
 * const s = stampOf({ dev: 1, ino: 2, size: 3, mtimeMs: 4, ctimeMs: 5 });
 * if (s?.identity !== "1:2:3:4:5" || s.changeMs !== 5) throw new Error();
 * if (stampOf({ dev: 1, ino: null, size: 3, mtimeMs: 4, ctimeMs: 5 }) !== null) throw new Error();
 * ```
 */
export function stampOf(f: StampFacts): FileStamp | null {
  if (f.dev === null || !f.ino || f.mtimeMs === null || f.ctimeMs === null) return null;
  return {
    identity: `${f.dev}:${f.ino}:${f.size}:${f.mtimeMs}:${f.ctimeMs}`,
    changeMs: Math.max(f.mtimeMs, f.ctimeMs),
  };
}

/**
 * The memo's text: the stamp's identity and the lower-case hex digest.
 * @example
 * ```ts
 * import { memoText } from "./digest_memo.ts";
 * if (memoText({ identity: "1:2:3:4:5", changeMs: 5 }, "ab") !== "1:2:3:4:5 ab\n") throw new Error();
 * ```
 */
export function memoText(stamp: FileStamp, hex: string): string {
  return `${stamp.identity} ${hex}\n`;
}

const MEMO_RE = /^(\d+:\d+:\d+:-?\d+:-?\d+) ([0-9a-f]{64})\n$/;

/**
 * The remembered digest for `stamp`, or null: the memo must name exactly
 * this version and have been written (`writtenMs`, the memo file's
 * modification time) at least SETTLE_MS after the version's last change.
 * @example
 * ```ts
 * import { rememberedDigest } from "./digest_memo.ts";
 * const stamp = { identity: "1:2:3:4:5", changeMs: 5 };
 * const memo = `1:2:3:4:5 ${"a".repeat(64)}\n`;
 * if (rememberedDigest(memo, 5 + 3000, stamp) !== "a".repeat(64)) throw new Error();
 * if (rememberedDigest(memo, 5 + 2999, stamp) !== null) throw new Error();
 * if (rememberedDigest(memo, 9999, { ...stamp, identity: "1:2:3:4:6" }) !== null) throw new Error();
 * ```
 */
export function rememberedDigest(
  memo: string | null,
  writtenMs: number,
  stamp: FileStamp | null,
): string | null {
  if (memo === null || stamp === null) return null;
  const m = MEMO_RE.exec(memo);
  if (m === null || m[1] !== stamp.identity) return null;
  return settled(writtenMs, stamp) ? m[2]! : null;
}

/**
 * Whether a memo written at `writtenMs` (its file's modification time) may
 * speak for the version `stamp` names: written at least SETTLE_MS after the
 * version's last change.
 * @example
 * ```ts
 * import { settled } from "./digest_memo.ts";
 * if (!settled(8000, { identity: "x", changeMs: 5000 }) || settled(7999, { identity: "x", changeMs: 5000 })) throw new Error();
 * ```
 */
export function settled(writtenMs: number, stamp: FileStamp): boolean {
  return writtenMs - stamp.changeMs >= SETTLE_MS;
}

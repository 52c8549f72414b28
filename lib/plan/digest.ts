/**
 * Digests of plan files that a fire reads whole (task_plan.md for the
 * attestation, task_plan.md and progress.md for the gate's progress
 * fingerprint), remembered per file version in `.planning/.cache/` so an
 * unchanged large plan is not hashed again on every fire (issue 32; the
 * trust rule is lib/core/plan/digest_memo.ts, the measurement
 * docs/performance.md).
 * @module
 */

import { memoText, rememberedDigest } from "../core/plan/digest_memo.ts";
import { JS_DIGEST_MAX, sha256Hex } from "../core/text/sha256.ts";
import { cacheName, readCacheStamped, writeCache } from "../fs/cache.ts";
import type { FileBytes } from "../fs/read.ts";
import type { PlanFileName } from "../fs/paths.ts";
import type { PlanRef } from "../session/plan_ref.ts";

/**
 * SHA-256 (hex) of `got.bytes`, the plan file `name` as just read. Files
 * hashed in JavaScript (at most JS_DIGEST_MAX bytes) are hashed each time:
 * that is cheaper than a memo's read. Larger ones use a settled memo of the
 * same version when there is one, else are hashed and, unless `remember` is
 * false (a caller about to replace the file), remembered.
 */
export async function planFileDigest(
  plan: PlanRef,
  name: PlanFileName,
  got: FileBytes,
  remember = true,
): Promise<string> {
  if (got.bytes.length <= JS_DIGEST_MAX || got.truncated || got.stamp === null) {
    return await sha256Hex(got.bytes);
  }
  const root = plan.dir.root;
  const memo = cacheName("sha256", plan.id ?? "legacy", name);
  const stored = readCacheStamped(root, memo);
  const known = rememberedDigest(stored?.text ?? null, stored?.mtimeMs ?? 0, got.stamp);
  if (known !== null) return known;
  const hex = await sha256Hex(got.bytes);
  if (remember) writeCache(root, memo, memoText(got.stamp, hex));
  return hex;
}

/**
 * The pretool memo: `.planning/.cache/pretool-<plan>`, the short view the
 * last pretool fire of a plan showed (lib/core/inject/view_memo.ts). A
 * pretool fire of an unchanged plan answers from it after one stat of
 * task_plan.md, without reading, parsing or hashing the plan (issue 32,
 * docs/injection.md). Disposable: every failure is a miss.
 * @module
 */

import type { FileStamp } from "../core/plan/digest_memo.ts";
import { rememberedView, viewMemoText } from "../core/inject/view_memo.ts";
import type { View } from "../core/inject/views.ts";
import { fnv1a64 } from "../core/session/binding.ts";
import { cacheName, readCacheStamped, writeCache } from "../fs/cache.ts";
import { inspect } from "../fs/containment.ts";
import { stampOfInfo } from "../fs/read.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/** Largest memo read: a pretool view is at most 3,000 characters. */
const MEMO_CAP = 16 * 1024;

/** What a pretool view depends on besides the plan's bytes. */
export interface PretoolKey {
  /** PWF_INJECT=smart or `inject-smart` in `.mode`. */
  readonly smart: boolean;
  /** The fire's character budget. */
  readonly budget: number;
  /** `.attestation` as stored (null: none): with the plan's version it fixes the attestation state. */
  readonly attestation: string | null;
}

function memoName(plan: PlanRef): string {
  return cacheName("pretool", plan.id ?? "legacy");
}

function keyOf(k: PretoolKey): string {
  return fnv1a64(JSON.stringify([k.smart, k.budget, k.attestation ?? ""]));
}

/** The view a pretool fire of the plan as it is now may show, or null (then compose it). */
export function recallPretoolView(plan: PlanRef, key: PretoolKey): View | null {
  try {
    const found = inspect(planFile(plan, "task_plan.md"));
    if (found.kind !== "file") return null;
    const memo = readCacheStamped(plan.dir.root, memoName(plan), MEMO_CAP);
    if (memo === null) return null;
    return rememberedView(memo.text, memo.mtimeMs, stampOfInfo(found.info), keyOf(key));
  } catch {
    return null;
  }
}

/** Keep the view just composed from the plan version `stamp` (nothing when versions cannot be named). */
export function rememberPretoolView(
  plan: PlanRef,
  key: PretoolKey,
  stamp: FileStamp | null,
  view: View,
): void {
  if (stamp === null) return;
  writeCache(plan.dir.root, memoName(plan), viewMemoText(stamp, keyOf(key), view));
}

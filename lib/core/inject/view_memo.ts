/**
 * Remembered pretool views (issue 32): the short plan view a pretool fire
 * showed, kept with the plan version it was cut from (its stamp,
 * lib/core/plan/digest_memo.ts) and a key of everything else the view
 * depends on, so the next pretool fire of an unchanged plan frames the same
 * view without reading, parsing or hashing the plan. Trusted under the same
 * rule as a remembered digest: that exact version, settled when the memo was
 * written. The view is framed again on every fire, so a memo's text is
 * always inside a data frame, like the plan it stands for.
 * @module
 */

import { type FileStamp, settled } from "../plan/digest_memo.ts";
import type { View } from "./views.ts";

const HEADER = "pwf-view-1";
const HEADER_RE = /^pwf-view-1 (\d+:\d+:\d+:-?\d+:-?\d+) ([0-9a-f]{16}) ([01])\n/;

/**
 * The memo's text: a header line (stamp identity, key, truncated flag), then the view.
 * @example
 * ```ts
 * import { viewMemoText } from "./view_memo.ts";
 * const t = viewMemoText({ identity: "1:2:3:4:5", changeMs: 5 }, "0123456789abcdef", { text: "# P\n", truncated: true });
 * if (t !== "pwf-view-1 1:2:3:4:5 0123456789abcdef 1\n# P\n") throw new Error(t);
 * ```
 */
export function viewMemoText(stamp: FileStamp, key: string, view: View): string {
  return `${HEADER} ${stamp.identity} ${key} ${view.truncated ? 1 : 0}\n${view.text}`;
}

/**
 * The remembered view for this version and key, or null: the memo must name
 * exactly `stamp` and `key`, and have been written (`writtenMs`) after the
 * version settled.
 * @example
 * ```ts
 * import { rememberedView, viewMemoText } from "./view_memo.ts";
 * const stamp = { identity: "1:2:3:4:5", changeMs: 5 };
 * const memo = viewMemoText(stamp, "0123456789abcdef", { text: "# P\n", truncated: false });
 * if (rememberedView(memo, 3005, stamp, "0123456789abcdef")?.text !== "# P\n") throw new Error();
 * if (rememberedView(memo, 3004, stamp, "0123456789abcdef") !== null) throw new Error();
 * if (rememberedView(memo, 3005, stamp, "fedcba9876543210") !== null) throw new Error();
 * ```
 */
export function rememberedView(
  memo: string | null,
  writtenMs: number,
  stamp: FileStamp | null,
  key: string,
): View | null {
  if (memo === null || stamp === null) return null;
  const m = HEADER_RE.exec(memo);
  if (m === null || m[1] !== stamp.identity || m[2] !== key || !settled(writtenMs, stamp)) {
    return null;
  }
  return { text: memo.slice(m[0].length), truncated: m[3] === "1" };
}

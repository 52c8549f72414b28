/**
 * Plan ids and slugs (SPEC section 3).
 * @module
 */

import { once } from "../text/once.ts";
import { isAscii } from "../text/text.ts";

/**
 * A plan id: a letter, digit or `_` of any script first, then letters,
 * combining marks, digits, `.`, `_`, `-` (docs/languages.md "Plan ids").
 */
const planIdRegexp = once(() => /^[\p{L}\p{N}_][\p{L}\p{M}\p{N}._-]*$/u);
/** The same for an ASCII string (every one a fire meets, usually): it answers alike there. */
const ASCII_PLAN_ID = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Longest plan id in UTF-8 bytes: a directory name on every filesystem pwf runs on. */
export const PLAN_ID_MAX = 255;

/**
 * Windows device names: a file or directory whose name is one of these, with
 * or without an extension (`nul.md`, `CON.2026`), in any case, opens the
 * device instead (docs/windows.md). Windows also reads the superscript digits
 * `¹²³` as device numbers.
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * Whether a string is a valid plan id: at most PLAN_ID_MAX UTF-8 bytes; first
 * char a letter or digit of any script or `_`, then letters, marks, digits,
 * `._-`; in Unicode NFC; not ending in a dot (Windows drops it), and not a
 * Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, also with an
 * extension), so that every plan id is a directory name on every OS.
 * @example
 * ```ts
 * import { isValidPlanId } from "./id.ts";
 * if (!isValidPlanId("2026-01-01-x") || isValidPlanId("..") || isValidPlanId("a/b")) throw new Error();
 * if (!isValidPlanId("2026-01-01-重构后端服务") || isValidPlanId("a b")) throw new Error();
 * if (isValidPlanId("CON") || isValidPlanId("nul.md") || isValidPlanId("x.")) throw new Error();
 * ```
 */
export function isValidPlanId(id: string): boolean {
  if (id.length > PLAN_ID_MAX || id.endsWith(".") || WINDOWS_RESERVED.test(id)) return false;
  // An ASCII id is in NFC and takes one UTF-8 byte a character.
  if (ASCII_PLAN_ID.test(id)) return true;
  if (isAscii(id)) return false;
  return planIdRegexp().test(id) && id === id.normalize("NFC") &&
    new TextEncoder().encode(id).length <= PLAN_ID_MAX;
}

/** Most UTF-8 bytes and characters of a slug (a plan id adds a date and a `-N`). */
const SLUG_MAX_BYTES = 80;
const SLUG_MAX_CHARS = 40;
const keep = once(() => /[\p{L}\p{M}\p{N}]/u);
const mark = once(() => /\p{M}/u);
const pictograph = once(() => /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u);

/**
 * Slug of a plan name: NFKC-normalised and lower-cased, letters, marks and
 * digits of every script kept, every other run collapsed to `-`, trimmed of
 * `-`, at most 40 characters and 80 UTF-8 bytes (cut between characters,
 * never before a combining mark). A name with no letter or digit but emoji
 * gives `emoji-<code points>` (`🚀` -> `emoji-1f680`); any other -> `plan`.
 * @example
 * ```ts
 * import { slugify } from "./id.ts";
 * if (slugify("Foo / Bar! Baz??") !== "foo-bar-baz") throw new Error();
 * if (slugify("Café déjà vu") !== "café-déjà-vu" || slugify("重构后端服务") !== "重构后端服务") throw new Error();
 * if (slugify("🚀🔥") !== "emoji-1f680-1f525" || slugify("!!!") !== "plan") throw new Error();
 * ```
 */
export function slugify(name: string): string {
  const text = name.normalize("NFKC").toLowerCase().normalize("NFC");
  let dashed = "";
  for (const ch of text) dashed += keep().test(ch) ? ch : dashed.endsWith("-") ? "" : "-";
  const cut = bounded(dashed);
  if (cut !== "") return cut;
  const emoji = [...text].filter((ch) => pictograph().test(ch) && ch.codePointAt(0)! > 0xff);
  if (emoji.length === 0) return "plan";
  return bounded(`emoji-${emoji.map((c) => c.codePointAt(0)!.toString(16)).join("-")}`);
}

/** UTF-8 length of one code point. */
function utf8Length(ch: string): number {
  const cp = ch.codePointAt(0)!;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Cut a dashed slug to the character and byte bounds, then trim `-`. */
function bounded(slug: string): string {
  const out: string[] = [];
  let bytes = 0;
  for (const ch of slug) {
    if (out.length === 0 && ch === "-") continue;
    const size = utf8Length(ch);
    if (out.length >= SLUG_MAX_CHARS || bytes + size > SLUG_MAX_BYTES) {
      // Never leave a base letter without the marks that follow it: drop both.
      if (mark().test(ch)) {
        while (out.length && mark().test(out[out.length - 1]!)) out.pop();
        out.pop();
      }
      break;
    }
    out.push(ch);
    bytes += size;
  }
  while (out.length && out[out.length - 1] === "-") out.pop();
  return out.join("");
}

/**
 * Local calendar date as `YYYY-MM-DD` (plan ids use the user's local day).
 * @example
 * ```ts
 * import { localDate } from "./id.ts";
 * if (localDate(new Date(2026, 0, 5, 12)) !== "2026-01-05") throw new Error();
 * ```
 */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Candidate ids for a base id: `base`, `base-2`, `base-3`, ... (first `limit`).
 * @example
 * ```ts
 * import { idCandidates } from "./id.ts";
 * if (idCandidates("d-x", 3).join() !== "d-x,d-x-2,d-x-3") throw new Error();
 * ```
 */
export function idCandidates(base: string, limit: number): string[] {
  const out = [base];
  for (let n = 2; out.length < limit; n++) out.push(`${base}-${n}`);
  return out;
}

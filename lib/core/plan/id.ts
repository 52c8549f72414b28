/**
 * Plan ids and slugs (SPEC section 3).
 * @module
 */

const PLAN_ID_REGEXP = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Longest plan id: a directory name on every filesystem pwf runs on (255 bytes), ASCII. */
export const PLAN_ID_MAX = 255;

/**
 * Windows device names: a file or directory whose name is one of these, with
 * or without an extension (`nul.md`, `CON.2026`), in any case, opens the
 * device instead (docs/windows.md).
 */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

/**
 * Whether a string is a valid plan id: at most PLAN_ID_MAX characters, first
 * char `[A-Za-z0-9_]`, rest `[A-Za-z0-9._-]`, not ending in a dot (Windows drops it), and not a
 * Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, also with an
 * extension), so that every plan id is a directory name on every OS.
 * @example
 * ```ts
 * import { isValidPlanId } from "./id.ts";
 * if (!isValidPlanId("2026-01-01-x") || isValidPlanId("..") || isValidPlanId("a/b")) throw new Error();
 * if (isValidPlanId("CON") || isValidPlanId("nul.md") || isValidPlanId("x.")) throw new Error();
 * ```
 */
export function isValidPlanId(id: string): boolean {
  return id.length <= PLAN_ID_MAX && PLAN_ID_REGEXP.test(id) && !id.endsWith(".") &&
    !WINDOWS_RESERVED.test(id);
}

/**
 * Slug of a plan name: lowercase, non-alphanumerics collapse to `-`, trimmed of
 * `-`, at most 40 chars (trimmed again after the cut); empty -> `plan`.
 * @example
 * ```ts
 * import { slugify } from "./id.ts";
 * if (slugify("Foo / Bar! Baz??") !== "foo-bar-baz") throw new Error();
 * if (slugify("!!!") !== "plan") throw new Error();
 * ```
 */
export function slugify(name: string): string {
  const dashed = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  const cut = dashed.slice(0, 40).replace(/^-+|-+$/g, "");
  return cut === "" ? "plan" : cut;
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

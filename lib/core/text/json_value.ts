/**
 * Narrowing untrusted parsed JSON (transcripts, host payloads) without
 * throwing: the wrong shape reads as "nothing".
 * @module
 */

/**
 * A JSON object, or null for anything else (arrays included).
 * @example
 * ```ts
 * import { asObject } from "./json_value.ts";
 * if (asObject([1]) !== null || asObject({ a: 1 })?.a !== 1) throw new Error();
 * ```
 */
export function asObject(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : null;
}

/**
 * A string value, or "" for anything else.
 * @example
 * ```ts
 * import { asString } from "./json_value.ts";
 * if (asString(3) !== "" || asString("x") !== "x") throw new Error();
 * ```
 */
export function asString(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/**
 * Parse JSON text, or undefined when it is not valid JSON.
 * @example
 * ```ts
 * import { tryJson } from "./json_value.ts";
 * if (tryJson("{") !== undefined || tryJson("1") !== 1) throw new Error();
 * ```
 */
export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The host's stdin payload: at most 1 MiB, BOM stripped, anything that is
 * not a JSON object treated as `{}`.
 * @module
 */

import { isValidPlanId } from "../core/plan_id.ts";
import { decodeText } from "../core/text.ts";

/** Most stdin a hook reads (the rest is drained and ignored). */
export const STDIN_CAP = 1024 * 1024;

/** A parsed payload. */
export type Payload = Readonly<Record<string, unknown>>;

/**
 * Parse payload bytes; BOM, empty or invalid JSON -> `{}`.
 * @example
 * ```ts
 * import { parsePayload } from "./payload.ts";
 * if (parsePayload(new TextEncoder().encode("\uFEFF{\"a\":1}")).a !== 1) throw new Error();
 * if (Object.keys(parsePayload(new TextEncoder().encode("[1]"))).length !== 0) throw new Error();
 * ```
 */
export function parsePayload(bytes: Uint8Array): Payload {
  try {
    const v = JSON.parse(decodeText(bytes));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/**
 * The session id from a payload (`session_id`, `sessionId` or Cursor's
 * `conversation_id`), when it is a valid id.
 * @example
 * ```ts
 * import { sessionIdOf } from "./payload.ts";
 * if (sessionIdOf({ sessionId: "abc-1" }) !== "abc-1" || sessionIdOf({ session_id: "../x" }) !== undefined) throw new Error();
 * ```
 */
export function sessionIdOf(p: Payload): string | undefined {
  for (const key of ["session_id", "sessionId", "conversation_id"]) {
    const v = p[key];
    if (typeof v === "string" && isValidPlanId(v) && v.length <= 128) return v;
  }
  return undefined;
}

/** A string field of the payload, or "". */
export function stringField(p: Payload, key: string): string {
  const v = p[key];
  return typeof v === "string" ? v : "";
}

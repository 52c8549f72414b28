/**
 * The host's stdin payload: at most 1 MiB, BOM stripped, anything that is
 * not a JSON object treated as `{}` (a JSON object cut at 1 MiB keeps its
 * whole top-level fields).
 * @module
 */

import { wholeFieldsOf } from "./payload_prefix.ts";
import { decodeText } from "../core/text/text.ts";

/** Most stdin a hook reads (the rest is drained and ignored). */
export const STDIN_CAP = 1024 * 1024;

/**
 * How long a hook waits for its payload: a host that keeps stdin open after
 * writing it (or never writes) must not hold the hook past its budget.
 */
export const STDIN_DEADLINE_MS = 500;

/**
 * Whether bytes are already one whole JSON object (a hook stops reading
 * there instead of waiting for end of file).
 * @example
 * ```ts
 * import { isWholeJsonObject } from "./payload.ts";
 * const b = (s: string) => new TextEncoder().encode(s);
 * if (!isWholeJsonObject(b('{"a":"}"}\n')) || isWholeJsonObject(b('{"a":"}'))) throw new Error();
 * ```
 */
export function isWholeJsonObject(bytes: Uint8Array): boolean {
  let i = bytes.length - 1;
  while (
    i >= 0 && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  ) i--;
  if (i < 0 || bytes[i] !== 0x7d) return false;
  try {
    const v = JSON.parse(decodeText(bytes));
    return v !== null && typeof v === "object" && !Array.isArray(v);
  } catch {
    return false;
  }
}

/** The stdin read of a hook (and of `pwf check --gate`): EOF, a whole object or the deadline. */
export const HOOK_STDIN = { deadlineMs: STDIN_DEADLINE_MS, complete: isWholeJsonObject } as const;

/** A parsed payload. */
export type Payload = Readonly<Record<string, unknown>>;

/**
 * Parse payload bytes; BOM, empty or invalid JSON -> `{}`. A payload cut
 * at STDIN_CAP (a prompt over 1 MiB) keeps every top-level field that ends
 * before the cut (`wholeFieldsOf`): hosts send the session id and the event
 * name before the prompt, so such a fire keeps its session's plan.
 * @example
 * ```ts
 * import { parsePayload } from "./payload.ts";
 * if (parsePayload(new TextEncoder().encode("\uFEFF{\"a\":1}")).a !== 1) throw new Error();
 * if (Object.keys(parsePayload(new TextEncoder().encode("[1]"))).length !== 0) throw new Error();
 * if (parsePayload(new TextEncoder().encode('{"session_id":"s1","prompt":"xxx')).session_id !== "s1") throw new Error();
 * ```
 */
export function parsePayload(bytes: Uint8Array): Payload {
  const text = decodeText(bytes);
  try {
    const v = JSON.parse(text);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return wholeFieldsOf(text);
  }
}

/** Longest session id pwf accepts from a payload or `PWF_SESSION_ID`. */
export const SESSION_ID_MAX = 128;

/**
 * Whether a session id is acceptable: 1-128 characters of
 * `[A-Za-z0-9._:-]`, first one a letter or digit. Hosts send UUIDs; anything
 * else is treated as no session id (never an error: it is hostile input).
 * @example
 * ```ts
 * import { isValidSessionId } from "./payload.ts";
 * if (!isValidSessionId("019ee8e9-5040-77e3-9c1a-0a1b2c3d4e5f") || isValidSessionId("../x")) throw new Error();
 * ```
 */
export function isValidSessionId(id: string): boolean {
  return id.length <= SESSION_ID_MAX && /^[A-Za-z0-9][A-Za-z0-9._:-]*$/.test(id);
}

/**
 * The session id from a payload: the first of `keys` (the host table's
 * `sessionIdKeys`) holding a valid id.
 * @example
 * ```ts
 * import { sessionIdOf } from "./payload.ts";
 * if (sessionIdOf({ sessionId: "abc-1" }, ["sessionId"]) !== "abc-1") throw new Error();
 * if (sessionIdOf({ session_id: "../x" }, ["session_id"]) !== undefined) throw new Error();
 * ```
 */
export function sessionIdOf(p: Payload, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const v = p[key];
    if (typeof v === "string" && isValidSessionId(v)) return v;
  }
  return undefined;
}

/** A string field of the payload, or "". */
export function stringField(p: Payload, key: string): string {
  const v = p[key];
  return typeof v === "string" ? v : "";
}

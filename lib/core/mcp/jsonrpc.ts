/**
 * JSON-RPC 2.0 messages as MCP's stdio transport carries them: one JSON
 * value per line. Parsing never throws; every failure is a value that maps
 * to one error response.
 * @module
 */

import { asObject } from "../text/json_value.ts";

/** JSON-RPC error codes pwf answers with. */
export const RpcCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
} as const;

/** A request or notification id. */
export type RpcId = string | number;

/** One incoming message, classified. */
export type Incoming =
  | {
    readonly kind: "request";
    readonly id: RpcId;
    readonly method: string;
    readonly params: unknown;
  }
  | { readonly kind: "notification"; readonly method: string; readonly params: unknown }
  /** A response from the client (pwf sends no requests, so it is ignored). */
  | { readonly kind: "response" }
  /** Not a JSON-RPC message; `id` when one could be read, for the error answer. */
  | {
    readonly kind: "invalid";
    readonly code: number;
    readonly message: string;
    readonly id: RpcId | null;
  };

/** One line: a single message, a batch, or unparseable text. */
export type Line =
  | { readonly kind: "single"; readonly message: Incoming }
  | { readonly kind: "batch"; readonly messages: readonly Incoming[] }
  | { readonly kind: "parse-error"; readonly message: string };

/**
 * Parse one line of the transport.
 * @example
 * ```ts
 * import { parseLine } from "./jsonrpc.ts";
 * const l = parseLine('{"jsonrpc":"2.0","id":1,"method":"ping"}');
 * if (l.kind !== "single" || l.message.kind !== "request") throw new Error();
 * if (parseLine("{").kind !== "parse-error") throw new Error();
 * ```
 */
export function parseLine(text: string): Line {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: "parse-error", message: "Parse error: the line is not JSON" };
  }
  if (Array.isArray(value)) return { kind: "batch", messages: value.map(classify) };
  return { kind: "single", message: classify(value) };
}

/**
 * Classify one parsed JSON value as a JSON-RPC 2.0 message.
 * @example
 * ```ts
 * import { classify } from "./jsonrpc.ts";
 * if (classify({ jsonrpc: "2.0", method: "x" }).kind !== "notification") throw new Error();
 * if (classify({ jsonrpc: "1.0", id: 3, method: "x" }).kind !== "invalid") throw new Error();
 * ```
 */
export function classify(value: unknown): Incoming {
  const o = asObject(value);
  const id = idOf(o?.id);
  const invalid = (why: string): Incoming => ({
    kind: "invalid",
    code: RpcCode.invalidRequest,
    message: `Invalid Request: ${why}`,
    id: id ?? null,
  });
  if (o === null) return invalid("a message is a JSON object");
  if (o.jsonrpc !== "2.0") return invalid('"jsonrpc" must be "2.0"');
  if (o.method === undefined && ("result" in o || "error" in o)) return { kind: "response" };
  if (typeof o.method !== "string") return invalid('"method" must be a string');
  if ("id" in o && (id === undefined || o.id === null)) {
    return invalid('"id" must be a string or an integer');
  }
  if (o.params !== undefined && asObject(o.params) === null && !Array.isArray(o.params)) {
    return invalid('"params" must be an object');
  }
  return id === undefined
    ? { kind: "notification", method: o.method, params: o.params }
    : { kind: "request", id, method: o.method, params: o.params };
}

function idOf(v: unknown): RpcId | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  return undefined;
}

/**
 * A success response.
 * @example
 * ```ts
 * import { resultMessage } from "./jsonrpc.ts";
 * if (JSON.stringify(resultMessage(1, {})) !== '{"jsonrpc":"2.0","id":1,"result":{}}') throw new Error();
 * ```
 */
export function resultMessage(id: RpcId, result: unknown): Record<string, unknown> {
  return { jsonrpc: "2.0", id, result };
}

/**
 * An error response (`id` null when the request's id could not be read).
 * @example
 * ```ts
 * import { errorMessage, RpcCode } from "./jsonrpc.ts";
 * const m = errorMessage(null, RpcCode.parse, "Parse error");
 * if ((m.error as { code: number }).code !== -32700) throw new Error();
 * ```
 */
export function errorMessage(
  id: RpcId | null,
  code: number,
  message: string,
): Record<string, unknown> {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

/**
 * One message as a transport line: JSON with no raw line break, then "\n".
 * JSON.stringify escapes "\n" and "\r" in strings; U+2028/U+2029 are
 * escaped too, so no reader's idea of a line splits a message.
 * @example
 * ```ts
 * import { encodeMessage } from "./jsonrpc.ts";
 * if (encodeMessage({ a: "x\u2028" }) !== '{"a":"x\\u2028"}\n') throw new Error();
 * ```
 */
export function encodeMessage(message: unknown): string {
  return JSON.stringify(message).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") +
    "\n";
}

/**
 * SHA-256 through WebCrypto (no node: import on the hook path).
 * @module
 */

import { encodeText } from "./text.ts";

/**
 * Lowercase hex SHA-256 of bytes or of a string's UTF-8 bytes.
 * @example
 * ```ts
 * import { sha256Hex } from "./sha256.ts";
 * const h = await sha256Hex("");
 * if (!h.startsWith("e3b0c442")) throw new Error();
 * ```
 */
export async function sha256Hex(data: Uint8Array | string): Promise<string> {
  const bytes = typeof data === "string" ? encodeText(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Packed text: UTF-8, compressed with raw DEFLATE, written as base64, so a
 * long text (most of it non-ASCII) costs the artifact a fifth of the bytes
 * its escaped literal would (docs/performance.md, "Packed texts"). Several
 * files travel as one packed text, a JSON object of path -> text, so the
 * compressor sees what they share. `packText` and `packFiles` are the build's
 * side (tools/i18n_pack.ts), `unpackText` and `unpackFiles` the reader's;
 * they agree on every text (packed_test.ts).
 * @module
 */

import { inflateRaw } from "./inflate.ts";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Why a packed text cannot be read. */
export class PackedTextError extends Error {}

/** The bytes of a padded base64 string (RFC 4648, standard alphabet). */
export function base64Bytes(b64: string): Uint8Array {
  if (b64.length % 4 !== 0) throw new PackedTextError("base64: length is not a multiple of 4");
  const pad = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((b64.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < b64.length; i += 4) {
    let n = 0;
    for (let j = 0; j < 4; j++) {
      const c = b64[i + j]!;
      const v = c === "=" && i + 4 === b64.length && j >= 4 - pad ? 0 : ALPHABET.indexOf(c);
      if (v < 0) throw new PackedTextError(`base64: invalid character at ${i + j}`);
      n = (n << 6) | v;
    }
    for (let k = 16; k >= 0 && o < out.length; k -= 8) out[o++] = (n >> k) & 255;
  }
  return out;
}

/**
 * The text a packed string holds; throws on a malformed one.
 * @example
 * ```ts
 * import { unpackText } from "./packed.ts";
 * if (unpackText("ysgEAAAA//8DAA==") !== "hi") throw new Error();
 * ```
 */
export function unpackText(packed: string): string {
  return new TextDecoder("utf-8", { fatal: true }).decode(inflateRaw(base64Bytes(packed)));
}

/**
 * The files a packed text holds (a JSON object of path -> text), frozen;
 * throws `PackedTextError` when it is not such an object.
 * @example
 * ```ts
 * import { unpackFiles } from "./packed.ts";
 * // {"a.md":"hi"} packed.
 * const files = unpackFiles("qlZK1MtNUbJSyshUqgUAAAD//wMA");
 * if (files["a.md"] !== "hi" || Object.keys(files).length !== 1) throw new Error();
 * ```
 */
export function unpackFiles(packed: string): Readonly<Record<string, string>> {
  let value: unknown;
  try {
    value = JSON.parse(unpackText(packed));
  } catch (err) {
    if (err instanceof SyntaxError) throw new PackedTextError("packed files: not JSON");
    throw err;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new PackedTextError("packed files: not an object");
  }
  const out: Record<string, string> = Object.create(null);
  for (const [path, text] of Object.entries(value)) {
    if (typeof text !== "string") throw new PackedTextError(`packed files: ${path} is not a text`);
    out[path] = text;
  }
  return Object.freeze(out);
}

/**
 * Bytes to text and back, tolerant of BOMs, CRLF and invalid UTF-8, and of
 * the UTF-16 files Windows PowerShell 5.1 writes (`>`, `Out-File`).
 * @module
 */

const DECODER = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
const ENCODER = new TextEncoder();

/** How a file's bytes encode its text, told by its byte order mark. */
export type TextEncoding = "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be";

/**
 * The encoding of `bytes` by its BOM: `FF FE` UTF-16LE (Windows PowerShell
 * 5.1's `>` and `Out-File`), `FE FF` UTF-16BE, `EF BB BF` UTF-8 with BOM,
 * otherwise UTF-8.
 * @example
 * ```ts
 * import { textEncoding } from "./text.ts";
 * if (textEncoding(new Uint8Array([0xff, 0xfe, 0x61, 0])) !== "utf-16le") throw new Error();
 * ```
 */
export function textEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8-bom";
  return "utf-8";
}

/**
 * Decode file bytes: UTF-8 (a leading BOM dropped, invalid sequences become
 * U+FFFD), or UTF-16 when a UTF-16 BOM says so (the BOM dropped).
 * @example
 * ```ts
 * import { decodeText } from "./text.ts";
 * if (decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff])) !== "a\uFFFD") throw new Error();
 * if (decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0, 0xe9, 0])) !== "a\u00e9") throw new Error();
 * ```
 */
export function decodeText(bytes: Uint8Array): string {
  const enc = textEncoding(bytes);
  // A UTF-16 decoder is made only for a file that needs one (each costs its label's lookup at start-up).
  return enc === "utf-8" || enc === "utf-8-bom"
    ? DECODER.decode(bytes)
    : new TextDecoder(enc, { fatal: false, ignoreBOM: false }).decode(bytes);
}

/** Encode text as UTF-8. */
export function encodeText(text: string): Uint8Array {
  return ENCODER.encode(text);
}

/**
 * Encode text in `encoding`, with its BOM (so an edit keeps the file's
 * encoding: a PowerShell 5.1 plan stays UTF-16LE).
 * @example
 * ```ts
 * import { encodeAs } from "./text.ts";
 * if (encodeAs("a", "utf-16le").join() !== "255,254,97,0") throw new Error();
 * ```
 */
export function encodeAs(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === "utf-8") return ENCODER.encode(text);
  if (encoding === "utf-8-bom") return ENCODER.encode("\uFEFF" + text);
  const out = new Uint8Array(2 + text.length * 2);
  out.set(encoding === "utf-16le" ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const [lo, hi] = [unit & 0xff, unit >> 8];
    out[2 + 2 * i] = encoding === "utf-16le" ? lo : hi;
    out[3 + 2 * i] = encoding === "utf-16le" ? hi : lo;
  }
  return out;
}

/** UTF-8 byte length of a string. */
export function byteLength(text: string): number {
  return ENCODER.encode(text).length;
}

/**
 * Cut a string to at most `maxBytes` UTF-8 bytes on a character boundary.
 * @example
 * ```ts
 * import { cutUtf8 } from "./text.ts";
 * if (cutUtf8("ééé", 5) !== "éé") throw new Error();
 * ```
 */
export function cutUtf8(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  let bytes = 0;
  let out = "";
  for (const ch of text) {
    const size = byteLength(ch);
    if (bytes + size > maxBytes) break;
    bytes += size;
    out += ch;
  }
  return out;
}

/**
 * A byte count in MiB with one decimal, as size refusals print it.
 *
 * @example
 * ```ts
 * import { mebibytes } from "./text.ts";
 * if (mebibytes(16 * 1024 * 1024) !== "16.0") throw new Error("16 MiB");
 * ```
 */
export function mebibytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * Whether two byte arrays hold the same bytes.
 * @example
 * ```ts
 * import { equalBytes } from "./text.ts";
 * if (!equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2])) || equalBytes(new Uint8Array([1]), new Uint8Array([1, 2]))) throw new Error();
 * ```
 */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Whether every character of `s` is ASCII (the fast paths' test).
 * @example
 * ```ts
 * import { isAscii } from "./text.ts";
 * if (!isAscii("plan-1.md") || isAscii("重构")) throw new Error();
 * ```
 */
export function isAscii(s: string): boolean {
  // The regex engine, not a loop: a loop run this often is optimised by V8 in every fire.
  // deno-lint-ignore no-control-regex
  return /^[\x00-\x7f]*$/.test(s);
}

/**
 * Bytes to text and back, tolerant of BOMs, CRLF and invalid UTF-8.
 * @module
 */

import { splitLines } from "./lines.ts";

const DECODER = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
const ENCODER = new TextEncoder();

/**
 * Decode UTF-8 bytes: a leading BOM is dropped, invalid sequences become U+FFFD.
 * @example
 * ```ts
 * import { decodeText } from "./text.ts";
 * if (decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xff])) !== "a\uFFFD") throw new Error();
 * ```
 */
export function decodeText(bytes: Uint8Array): string {
  return DECODER.decode(bytes);
}

/** Encode text as UTF-8. */
export function encodeText(text: string): Uint8Array {
  return ENCODER.encode(text);
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
 * Text safe to print on a terminal: control characters (C0 but tab, DEL, C1)
 * become U+FFFD, so plan text cannot move the cursor or inject escape
 * sequences into human output.
 * @example
 * ```ts
 * import { printable } from "./text.ts";
 * if (printable("a\x1b[2Jb\tc") !== "a\uFFFD[2Jb\tc") throw new Error();
 * ```
 */
export function printable(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g, "\uFFFD");
}

/**
 * Every line made `printable` (line structure kept, as `lines.ts` defines
 * it): for human output that mixes pwf's lines with text from disk.
 * @example
 * ```ts
 * import { printableLines } from "./text.ts";
 * if (printableLines("a\x1b]52;c;x\x07\nb\n") !== "a\uFFFD]52;c;x\uFFFD\nb\n") throw new Error();
 * ```
 */
export function printableLines(text: string): string {
  return splitLines(text).map(printable).join("\n");
}

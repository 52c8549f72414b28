/**
 * SHA-256 (no node: import on the hook path): in JavaScript for inputs up to
 * JS_DIGEST_MAX bytes, through WebCrypto above that.
 *
 * A typical hook fire takes two to four digests of a few KiB (a frame's nonce
 * and body, an attested plan). WebCrypto's first digest loads Deno's crypto
 * extension and runs on a background thread; this implementation does
 * neither, and peak memory per fire is ~0.5 MiB lower (docs/performance.md).
 * Above JS_DIGEST_MAX V8 would optimise the compression loop, which costs more
 * memory than WebCrypto does, so big inputs (a 1 MiB plan) go to WebCrypto.
 * The two agree on every input (sha256_test.ts).
 * @module
 */

import { encodeText } from "./text.ts";

/** Largest input digested in JavaScript; larger ones go to WebCrypto. */
export const JS_DIGEST_MAX = 4096;

const K = new Int32Array([
  1116352408,
  1899447441,
  -1245643825,
  -373957723,
  961987163,
  1508970993,
  -1841331548,
  -1424204075,
  -670586216,
  310598401,
  607225278,
  1426881987,
  1925078388,
  -2132889090,
  -1680079193,
  -1046744716,
  -459576895,
  -272742522,
  264347078,
  604807628,
  770255983,
  1249150122,
  1555081692,
  1996064986,
  -1740746414,
  -1473132947,
  -1341970488,
  -1084653625,
  -958395405,
  -710438585,
  113926993,
  338241895,
  666307205,
  773529912,
  1294757372,
  1396182291,
  1695183700,
  1986661051,
  -2117940946,
  -1838011259,
  -1564481375,
  -1474664885,
  -1035236496,
  -949202525,
  -778901479,
  -694614492,
  -200395387,
  275423344,
  430227734,
  506948616,
  659060556,
  883997877,
  958139571,
  1322822218,
  1537002063,
  1747873779,
  1955562222,
  2024104815,
  -2067236844,
  -1933114872,
  -1866530822,
  -1538233109,
  -1090935817,
  -965641998,
]);

const H0 = [
  1779033703,
  -1150833019,
  1013904242,
  -1521486534,
  1359893119,
  -1694144372,
  528734635,
  1541459225,
];

/** One 64-byte block of `m` at `o` into the state `st` (`w`: the message schedule, scratch). */
function compress(st: Int32Array, w: Int32Array, m: Uint8Array, o: number): void {
  for (let i = 0; i < 16; i++, o += 4) {
    w[i] = (m[o]! << 24) | (m[o + 1]! << 16) | (m[o + 2]! << 8) | m[o + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
  }
  let a = st[0]!,
    b = st[1]!,
    c = st[2]!,
    d = st[3]!,
    e = st[4]!,
    f = st[5]!,
    g = st[6]!,
    h = st[7]!;
  let t1: number, t2: number;
  // Eight rounds per iteration, the eight working variables rotating their roles.
  for (let i = 0; i < 64; i += 8) {
    t1 = (h + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) +
      ((e & f) ^ (~e & g)) + K[i + 0]! + w[i + 0]!) | 0;
    t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) +
      ((a & b) ^ (a & c) ^ (b & c))) | 0;
    d = (d + t1) | 0;
    h = (t1 + t2) | 0;
    t1 = (g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7))) +
      ((d & e) ^ (~d & f)) + K[i + 1]! + w[i + 1]!) | 0;
    t2 = ((((h >>> 2) | (h << 30)) ^ ((h >>> 13) | (h << 19)) ^ ((h >>> 22) | (h << 10))) +
      ((h & a) ^ (h & b) ^ (a & b))) | 0;
    c = (c + t1) | 0;
    g = (t1 + t2) | 0;
    t1 = (f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7))) +
      ((c & d) ^ (~c & e)) + K[i + 2]! + w[i + 2]!) | 0;
    t2 = ((((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10))) +
      ((g & h) ^ (g & a) ^ (h & a))) | 0;
    b = (b + t1) | 0;
    f = (t1 + t2) | 0;
    t1 = (e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7))) +
      ((b & c) ^ (~b & d)) + K[i + 3]! + w[i + 3]!) | 0;
    t2 = ((((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10))) +
      ((f & g) ^ (f & h) ^ (g & h))) | 0;
    a = (a + t1) | 0;
    e = (t1 + t2) | 0;
    t1 = (d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7))) +
      ((a & b) ^ (~a & c)) + K[i + 4]! + w[i + 4]!) | 0;
    t2 = ((((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10))) +
      ((e & f) ^ (e & g) ^ (f & g))) | 0;
    h = (h + t1) | 0;
    d = (t1 + t2) | 0;
    t1 = (c + (((h >>> 6) | (h << 26)) ^ ((h >>> 11) | (h << 21)) ^ ((h >>> 25) | (h << 7))) +
      ((h & a) ^ (~h & b)) + K[i + 5]! + w[i + 5]!) | 0;
    t2 = ((((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10))) +
      ((d & e) ^ (d & f) ^ (e & f))) | 0;
    g = (g + t1) | 0;
    c = (t1 + t2) | 0;
    t1 = (b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7))) +
      ((g & h) ^ (~g & a)) + K[i + 6]! + w[i + 6]!) | 0;
    t2 = ((((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10))) +
      ((c & d) ^ (c & e) ^ (d & e))) | 0;
    f = (f + t1) | 0;
    b = (t1 + t2) | 0;
    t1 = (a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7))) +
      ((f & g) ^ (~f & h)) + K[i + 7]! + w[i + 7]!) | 0;
    t2 = ((((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10))) +
      ((b & c) ^ (b & d) ^ (c & d))) | 0;
    e = (e + t1) | 0;
    a = (t1 + t2) | 0;
  }
  st[0] = (st[0]! + a) | 0;
  st[1] = (st[1]! + b) | 0;
  st[2] = (st[2]! + c) | 0;
  st[3] = (st[3]! + d) | 0;
  st[4] = (st[4]! + e) | 0;
  st[5] = (st[5]! + f) | 0;
  st[6] = (st[6]! + g) | 0;
  st[7] = (st[7]! + h) | 0;
}

/** SHA-256 of `m` in JavaScript, as lowercase hex. */
export function sha256HexJs(m: Uint8Array): string {
  const n = m.length;
  const padded = Math.floor((n + 72) / 64) * 64; // the message, 0x80, zeros, the 64-bit length
  const b = new Uint8Array(padded);
  b.set(m);
  b[n] = 0x80;
  const bits = n * 8;
  const view = new DataView(b.buffer);
  view.setUint32(padded - 4, bits >>> 0);
  view.setUint32(padded - 8, Math.floor(bits / 0x100000000));
  const st = new Int32Array(H0);
  const w = new Int32Array(64);
  for (let o = 0; o < padded; o += 64) compress(st, w, b, o);
  let hex = "";
  for (let i = 0; i < 8; i++) hex += (st[i]! >>> 0).toString(16).padStart(8, "0");
  return hex;
}

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
  if (bytes.length <= JS_DIGEST_MAX) return sha256HexJs(bytes);
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

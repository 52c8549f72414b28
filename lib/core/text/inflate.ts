/**
 * A raw DEFLATE decoder (RFC 1951): what `CompressionStream("deflate-raw")`
 * makes, decoded synchronously and without any runtime API, for the texts
 * the artifact carries compressed (lib/core/text/template_texts.ts). Canonical
 * Huffman codes are decoded a bit at a time (short and plainly correct; the
 * packed texts are a few hundred KiB in all and only commands read them).
 * @module
 */

/**
 * Base values and extra bits of the length codes 257..285 and the distance
 * codes 0..29 (RFC 1951 3.2.5): each base follows the one before by
 * 2^(its extra bits); length code 285 is 258 with no extra bits.
 */
function codeTable(n: number, first: number, extra: (i: number) => number): [number[], number[]] {
  const bases: number[] = [], extras: number[] = [];
  for (let i = 0, base = first; i < n; i++) {
    bases.push(base);
    extras.push(extra(i));
    base += 1 << extras[i]!;
  }
  return [bases, extras];
}
const [LEN_BASES, LEN_EXTRA] = codeTable(29, 3, (i) => (i < 8 || i === 28 ? 0 : (i >> 2) - 1));
const LEN_BASE = [...LEN_BASES.slice(0, 28), 258];
const [DIST_BASE, DIST_EXTRA] = codeTable(30, 1, (i) => (i < 4 ? 0 : (i >> 1) - 1));
/** The order code-length code lengths are sent in (dynamic blocks). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

const MAX_BITS = 15;

/** A canonical Huffman code: how many codes of each length, and the symbols in code order. */
interface Huffman {
  readonly counts: Uint16Array;
  readonly symbols: Uint16Array;
}

/** Why a stream cannot be decoded. */
export class InflateError extends Error {}

function huffman(lengths: ArrayLike<number>): Huffman {
  const counts = new Uint16Array(MAX_BITS + 1);
  for (let i = 0; i < lengths.length; i++) counts[lengths[i]!]!++;
  counts[0] = 0;
  let left = 1;
  for (let len = 1; len <= MAX_BITS; len++) {
    left = (left << 1) - counts[len]!;
    if (left < 0) throw new InflateError("deflate: over-subscribed Huffman code");
  }
  const offsets = new Uint16Array(MAX_BITS + 2);
  for (let len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len]! + counts[len]!;
  const symbols = new Uint16Array(lengths.length);
  for (let sym = 0; sym < lengths.length; sym++) {
    const len = lengths[sym]!;
    if (len !== 0) symbols[offsets[len]!++] = sym;
  }
  return { counts, symbols };
}

/** The fixed codes of block type 1. */
function fixedCodes(): [Huffman, Huffman] {
  const lit = new Uint8Array(288);
  lit.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  return [huffman(lit), huffman(new Uint8Array(30).fill(5))];
}

/** Reads a stream bit by bit (least significant first) and writes the output. */
class Inflater {
  #pos = 0;
  #bits = 0;
  #count = 0;
  #out: Uint8Array;
  #len = 0;

  constructor(readonly input: Uint8Array) {
    this.#out = new Uint8Array(Math.max(1024, input.length * 4));
  }

  bits(n: number): number {
    while (this.#count < n) {
      if (this.#pos >= this.input.length) throw new InflateError("deflate: unexpected end of data");
      this.#bits |= this.input[this.#pos++]! << this.#count;
      this.#count += 8;
    }
    const v = this.#bits & ((1 << n) - 1);
    this.#bits >>>= n;
    this.#count -= n;
    return v;
  }

  decode(h: Huffman): number {
    let code = 0, first = 0, index = 0;
    for (let len = 1; len <= MAX_BITS; len++) {
      code |= this.bits(1);
      const count = h.counts[len]!;
      if (code < first + count) return h.symbols[index + code - first]!;
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new InflateError("deflate: invalid Huffman code");
  }

  #room(n: number): void {
    if (this.#len + n <= this.#out.length) return;
    const grown = new Uint8Array(Math.max(this.#out.length * 2, this.#len + n));
    grown.set(this.#out.subarray(0, this.#len));
    this.#out = grown;
  }

  stored(): void {
    this.#bits = 0;
    this.#count = 0;
    const p = this.#pos;
    if (p + 4 > this.input.length) throw new InflateError("deflate: unexpected end of data");
    const len = this.input[p]! | (this.input[p + 1]! << 8);
    const nlen = this.input[p + 2]! | (this.input[p + 3]! << 8);
    if ((len ^ 0xffff) !== nlen) throw new InflateError("deflate: stored block length mismatch");
    if (p + 4 + len > this.input.length) throw new InflateError("deflate: unexpected end of data");
    this.#room(len);
    this.#out.set(this.input.subarray(p + 4, p + 4 + len), this.#len);
    this.#len += len;
    this.#pos = p + 4 + len;
  }

  codes(lit: Huffman, dist: Huffman): void {
    for (;;) {
      const sym = this.decode(lit);
      if (sym < 256) {
        this.#room(1);
        this.#out[this.#len++] = sym;
      } else if (sym === 256) {
        return;
      } else {
        this.#copy(sym - 257, dist);
      }
    }
  }

  #copy(lenCode: number, dist: Huffman): void {
    if (lenCode >= LEN_BASE.length) throw new InflateError("deflate: invalid length code");
    const len = LEN_BASE[lenCode]! + this.bits(LEN_EXTRA[lenCode]!);
    const d = this.decode(dist);
    if (d >= DIST_BASE.length) throw new InflateError("deflate: invalid distance code");
    const back = DIST_BASE[d]! + this.bits(DIST_EXTRA[d]!);
    if (back > this.#len) throw new InflateError("deflate: distance before the start");
    this.#room(len);
    for (let i = 0; i < len; i++, this.#len++) this.#out[this.#len] = this.#out[this.#len - back]!;
  }

  dynamic(): [Huffman, Huffman] {
    const nlen = this.bits(5) + 257, ndist = this.bits(5) + 1, ncode = this.bits(4) + 4;
    if (nlen > 286 || ndist > 30) throw new InflateError("deflate: too many length codes");
    const clLengths = new Uint8Array(19);
    for (let i = 0; i < ncode; i++) clLengths[CL_ORDER[i]!] = this.bits(3);
    const cl = huffman(clLengths);
    const lengths = new Uint8Array(nlen + ndist);
    for (let i = 0; i < nlen + ndist;) {
      const sym = this.decode(cl);
      if (sym < 16) {
        lengths[i++] = sym;
        continue;
      }
      if (sym === 16 && i === 0) throw new InflateError("deflate: repeat with no length");
      const [value, times] = sym === 16
        ? [lengths[i - 1]!, 3 + this.bits(2)]
        : sym === 17
        ? [0, 3 + this.bits(3)]
        : [0, 11 + this.bits(7)];
      if (i + times > nlen + ndist) throw new InflateError("deflate: too many code lengths");
      lengths.fill(value, i, i + times);
      i += times;
    }
    if (lengths[256] === 0) throw new InflateError("deflate: no end-of-block code");
    return [huffman(lengths.subarray(0, nlen)), huffman(lengths.subarray(nlen))];
  }

  output(): Uint8Array {
    return this.#out.slice(0, this.#len);
  }
}

/**
 * The bytes a raw DEFLATE stream encodes; throws `InflateError` on a
 * malformed or truncated stream.
 * @example
 * ```ts
 * import { inflateRaw } from "./inflate.ts";
 * // "hi" as CompressionStream("deflate-raw") writes it: a fixed-Huffman block, an
 * // empty stored block (a flush), an empty final fixed block.
 * const out = inflateRaw(new Uint8Array([0xca, 0xc8, 4, 0, 0, 0, 0xff, 0xff, 3, 0]));
 * if (new TextDecoder().decode(out) !== "hi") throw new Error();
 * ```
 */
export function inflateRaw(input: Uint8Array): Uint8Array {
  const z = new Inflater(input);
  let last = 0;
  while (last === 0) {
    last = z.bits(1);
    const type = z.bits(2);
    if (type === 0) z.stored();
    else if (type === 1) z.codes(...fixedCodes());
    else if (type === 2) z.codes(...z.dynamic());
    else throw new InflateError("deflate: invalid block type");
  }
  return z.output();
}

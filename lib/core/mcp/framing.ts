/**
 * The stdio transport's framing: messages end at "\n" (the MCP spec's
 * rule, not lib/core/text/lines.ts: a JSON string may hold a raw U+2028,
 * and a message never holds a raw "\n"). Lines are bounded: a longer one is
 * dropped whole, up to its "\n", and reported once.
 * @module
 */

/** The most bytes one message may take (a plan_init or findings_add text fits many times). */
export const MAX_LINE_BYTES = 1024 * 1024;

/** Bytes carried from one read to the next. */
export interface LineState {
  /** The start of a line whose "\n" has not come yet. */
  readonly pending: Uint8Array;
  /** Inside a line longer than the bound: skip up to its "\n". */
  readonly dropping: boolean;
}

/** One unit the reader hands on. */
export type LineUnit =
  | { readonly kind: "line"; readonly bytes: Uint8Array }
  | { readonly kind: "too-long" };

/** The state before the first read. */
export const START: LineState = { pending: new Uint8Array(0), dropping: false };

const NL = 0x0a;

/**
 * Split a chunk into whole lines (without their "\n"), carrying the rest.
 * Empty and whitespace-only lines are skipped by the caller, not here.
 * @example
 * ```ts
 * import { feedLines, START } from "./framing.ts";
 * const a = feedLines(START, new TextEncoder().encode("ab\ncd"), 10);
 * const b = feedLines(a.state, new TextEncoder().encode("\n"), 10);
 * if (a.units.length !== 1 || b.units.length !== 1 || b.state.pending.length !== 0) throw new Error();
 * const c = feedLines(START, new TextEncoder().encode("x".repeat(20) + "\nok\n"), 10);
 * if (c.units[0]?.kind !== "too-long" || c.units[1]?.kind !== "line") throw new Error();
 * ```
 */
export function feedLines(
  state: LineState,
  chunk: Uint8Array,
  max: number,
): { state: LineState; units: LineUnit[] } {
  const units: LineUnit[] = [];
  let pending = state.pending;
  let dropping = state.dropping;
  let from = 0;
  for (;;) {
    const nl = chunk.indexOf(NL, from);
    const piece = chunk.subarray(from, nl < 0 ? chunk.length : nl);
    if (!dropping && pending.length + piece.length > max) {
      units.push({ kind: "too-long" });
      dropping = true;
      pending = new Uint8Array(0);
    }
    if (nl < 0) {
      if (!dropping) pending = join(pending, piece);
      return { state: { pending, dropping }, units };
    }
    if (!dropping) units.push({ kind: "line", bytes: join(pending, piece) });
    pending = new Uint8Array(0);
    dropping = false;
    from = nl + 1;
  }
}

function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b.slice();
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Decode a line as UTF-8; null when it is not valid UTF-8 (a parse error).
 * @example
 * ```ts
 * import { decodeLine } from "./framing.ts";
 * if (decodeLine(new Uint8Array([0xff])) !== null || decodeLine(new Uint8Array([0x61])) !== "a") throw new Error();
 * ```
 */
export function decodeLine(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

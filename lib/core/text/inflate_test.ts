import { xorshiftBytes as bytes } from "../../../tests/xorshift.ts";
import { InflateError, inflateRaw } from "./inflate.ts";

/** What CompressionStream("deflate-raw") makes of `data`. */
async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function assertBytes(actual: Uint8Array, expected: Uint8Array, what: string): void {
  if (actual.length !== expected.length) {
    throw new Error(`${what}: ${actual.length} bytes, expected ${expected.length}`);
  }
  const at = actual.findIndex((b, i) => b !== expected[i]);
  if (at >= 0) throw new Error(`${what}: differs at byte ${at}`);
}

function assertThrows(f: () => unknown, what: string): void {
  try {
    f();
  } catch (err) {
    if (err instanceof InflateError) return;
    throw err;
  }
  throw new Error(`${what}: no InflateError`);
}

Deno.test("inflateRaw undoes CompressionStream on text, random and repetitive data", async () => {
  const text = new TextEncoder().encode(
    "## Phase 1: 设计 (complete)\n- [x] اكتب الخطة\n".repeat(500) + "fin\n",
  );
  const cases: [string, Uint8Array][] = [
    ["empty", new Uint8Array(0)],
    ["one byte", new Uint8Array([42])],
    ["text (dynamic Huffman, long matches)", text],
    ["random bytes (stored blocks)", bytes(200_000, 7)],
    ["four-symbol noise (dynamic codes, short matches)", bytes(100_000, 11, 4)],
    ["one byte repeated (distance 1, length 258)", new Uint8Array(70_000).fill(97)],
  ];
  for (let seed = 1; seed <= 20; seed++) {
    cases.push([`small noise ${seed}`, bytes(seed * 37, seed, 2 + seed)]);
  }
  for (const [what, data] of cases) assertBytes(inflateRaw(await deflate(data)), data, what);
});

Deno.test("inflateRaw rejects truncated and malformed streams with InflateError", async () => {
  const good = await deflate(new TextEncoder().encode("the plan stays on disk\n".repeat(40)));
  for (const cut of [0, 1, 2, Math.floor(good.length / 2)]) {
    assertThrows(() => inflateRaw(good.subarray(0, cut)), `cut at ${cut}`);
  }
  assertThrows(() => inflateRaw(new Uint8Array([0x07])), "block type 3");
  assertThrows(() => inflateRaw(new Uint8Array([1, 5, 0, 0, 0])), "stored length mismatch");
  // A fixed block whose first symbol is a match (length 3, distance 1) with no output yet.
  assertThrows(() => inflateRaw(new Uint8Array([0x03, 0x02, 0x00])), "distance before start");
});

import { assertEquals } from "../../../tests/assert.ts";
import { feedLines, type LineState, START } from "./framing.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

function feedAll(chunks: readonly string[], max: number): string[] {
  let state: LineState = START;
  const out: string[] = [];
  for (const c of chunks) {
    const r = feedLines(state, enc(c), max);
    state = r.state;
    for (const u of r.units) out.push(u.kind === "line" ? dec(u.bytes) : "<too-long>");
  }
  return out;
}

Deno.test("feedLines() joins a message split across any number of reads", () => {
  assertEquals(feedAll(['{"a"', ":", "1}\n{", "}\n"], 100), ['{"a":1}', "{}"]);
});

Deno.test("feedLines() drops a line over the bound whole, even across reads, and reports it once", () => {
  assertEquals(feedAll(["0123456789", "0123456789", "01\nok\n"], 12), ["<too-long>", "ok"]);
});

Deno.test("feedLines() keeps a line of exactly the bound", () => {
  assertEquals(feedAll(["12345\n"], 5), ["12345"]);
});

Deno.test("feedLines() splits only at \\n: a raw U+2028 inside a message stays in it", () => {
  assertEquals(feedAll(['{"a":"x\u2028y"}\n'], 100), ['{"a":"x\u2028y"}']);
});

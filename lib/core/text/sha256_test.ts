import { xorshiftBytes as bytes } from "../../../tests/xorshift.ts";
import { JS_DIGEST_MAX, sha256Hex, sha256HexJs } from "./sha256.ts";

function assertEq(actual: string, expected: string, what: string): void {
  if (actual !== expected) throw new Error(`${what}: ${actual} !== ${expected}`);
}

async function webCrypto(m: Uint8Array): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", m as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("the JavaScript SHA-256 gives the FIPS 180-2 test vectors", () => {
  const enc = new TextEncoder();
  assertEq(
    sha256HexJs(new Uint8Array(0)),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "empty",
  );
  assertEq(
    sha256HexJs(enc.encode("abc")),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    "abc",
  );
  assertEq(
    sha256HexJs(enc.encode("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    "two blocks",
  );
  assertEq(
    sha256HexJs(new Uint8Array(1_000_000).fill(0x61)),
    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    "a million a",
  );
});

Deno.test("the JavaScript SHA-256 agrees with WebCrypto on every length around the block and padding edges", async () => {
  for (let n = 0; n <= 1100; n++) {
    const m = bytes(n, n + 7);
    assertEq(sha256HexJs(m), await webCrypto(m), `length ${n}`);
  }
  for (const n of [4095, 4096, 4097, 65_535, 65_536, 100_003]) {
    const m = bytes(n, n);
    assertEq(sha256HexJs(m), await webCrypto(m), `length ${n}`);
  }
});

Deno.test("sha256Hex gives the same digest below, at and above the JavaScript limit, for bytes and strings", async () => {
  for (const n of [0, 1, JS_DIGEST_MAX - 1, JS_DIGEST_MAX, JS_DIGEST_MAX + 1, 3 * JS_DIGEST_MAX]) {
    const m = bytes(n, 99 + n);
    assertEq(await sha256Hex(m), await webCrypto(m), `bytes of length ${n}`);
  }
  const text = "plan \u2014 \u{1F600} ".repeat(400);
  assertEq(await sha256Hex(text), await webCrypto(new TextEncoder().encode(text)), "a string");
});

import { base64Bytes, PackedTextError, unpackText } from "./packed.ts";
import { packText } from "../../../tools/i18n_pack.ts";

Deno.test("unpackText reads what the build's packText wrote, whatever the script", async () => {
  const texts = ["", "a", "## Phase 1: 设计\n", "اكتب الخطة 🚀\r\n".repeat(300), "x".repeat(9999)];
  for (const t of texts) {
    const packed = await packText(t);
    if (unpackText(packed) !== t) {
      throw new Error(`round trip failed for ${JSON.stringify(t.slice(0, 20))}`);
    }
  }
});

Deno.test("base64Bytes agrees with atob on every padding", () => {
  for (let n = 0; n < 40; n++) {
    const bin = Array.from({ length: n }, (_, i) => String.fromCharCode((i * 97 + n) & 255)).join(
      "",
    );
    const got = String.fromCharCode(...base64Bytes(btoa(bin)));
    if (got !== bin) throw new Error(`length ${n}`);
  }
});

Deno.test("a malformed packed text throws, never yields a wrong text", () => {
  for (const bad of ["abc", "ab!d", "====", "AAAA"]) {
    let threw = false;
    try {
      unpackText(bad);
    } catch {
      threw = true;
    }
    if (!threw) throw new Error(`"${bad}" unpacked`);
  }
  let typed = false;
  try {
    base64Bytes("a$==");
  } catch (err) {
    typed = err instanceof PackedTextError;
  }
  if (!typed) throw new Error("not a PackedTextError");
});

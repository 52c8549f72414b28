/**
 * Issue 26 item 13: what `hooks print --merge` and `--remove` change, exactly
 * as the README states it (its "Merge" item): untouched values keep their
 * bytes, a one-line file stays on one line, edited containers of a laid-out
 * file are laid out in its indentation, no final newline is added, and a
 * file left with only what pwf writes becomes empty.
 * @module
 */

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";

async function pwf(dir: string, mode: string, host: string, stdin: string): Promise<string> {
  const r = await runPwf(dir, ["hooks", "print", host, ...mode.split(" "), "--bin", "/x/pwf"], {
    stdin,
  });
  assertEquals(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("a one-line file stays on one line with its own separators and no final newline", async () => {
  await inProject(async (dir) => {
    const compact = '{"a":[1,2],"hooks":{"stop":[{"command":"other"}]}}';
    const merged = await pwf(dir, "--merge", "cursor", compact);
    assertEquals(merged.includes("\n"), false, merged);
    assertStringIncludes(merged, '{"version":1,"a":[1,2],"hooks":{"stop":[{"command":"other"},{');
    const removed = await pwf(dir, "--remove", "cursor", merged);
    assertEquals(removed, '{"version":1,"a":[1,2],"hooks":{"stop":[{"command":"other"}]}}');
  });
});

Deno.test("a laid-out file keeps untouched values verbatim and gets no final newline added", async () => {
  await inProject(async (dir) => {
    const text =
      '{\n    "a": [1,  2],\n    "hooks": {\n        "stop": [{"command":"other"}]\n    }\n}';
    const merged = await pwf(dir, "--merge", "cursor", text);
    assertStringIncludes(merged, '{\n    "version": 1,\n    "a": [1,  2],\n'); // laid out, 4 spaces
    assertStringIncludes(merged, '\n            {"command":"other"},\n'); // a foreign entry as written
    assertEquals(merged.endsWith("}"), true);
    const removed = await pwf(dir, "--remove", "cursor", merged);
    assertEquals(
      removed,
      text.replace("{\n", '{\n    "version": 1,\n').replace(
        '"stop": [{"command":"other"}]',
        '"stop": [\n            {"command":"other"}\n        ]',
      ),
    );
  });
});

Deno.test("a file neither mode changes comes back byte for byte, without a final newline added", async () => {
  await inProject(async (dir) => {
    const text = '{"x":1,"hooks":{}}';
    assertEquals(await pwf(dir, "--remove", "copilot", text), text);
    const merged = await pwf(dir, "--merge", "copilot", "");
    assertEquals(await pwf(dir, "--merge", "copilot", merged), merged);
  });
});

for (const host of ["cursor", "copilot", "claude"]) {
  Deno.test(`${host}: an empty file merged and removed is an empty object ("version" included), or nothing with --delete-if-empty`, async () => {
    await inProject(async (dir) => {
      const merged = await pwf(dir, "--merge", host, "");
      assertEquals(await pwf(dir, "--remove", host, merged), "{}\n");
      assertEquals(await pwf(dir, "--remove --delete-if-empty", host, merged), "");
      assertEquals(await pwf(dir, "--remove", host, ""), "");
    });
  });
}

Deno.test('--remove drops the event lists and hooks object it empties; "version" beside other keys stays', async () => {
  await inProject(async (dir) => {
    const merged = await pwf(dir, "--merge", "cursor", '{"x":1,"hooks":{"stop":[]}}');
    assertEquals(await pwf(dir, "--remove", "cursor", merged), '{"version":1,"x":1}');
  });
});

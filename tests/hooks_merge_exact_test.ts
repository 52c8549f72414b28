/**
 * Issue 26 item 13: what `hooks print --merge` and `--remove` change, exactly
 * as the README states it (its "Merge" item): untouched values keep their
 * bytes, edited containers are laid out again, a changed file gains a final
 * newline, and a file left with only what pwf writes becomes empty.
 * @module
 */

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";

async function pwf(dir: string, mode: string, host: string, stdin: string): Promise<string> {
  const r = await runPwf(dir, ["hooks", "print", host, mode, "--bin", "/x/pwf"], { stdin });
  assertEquals(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("--merge keeps untouched values verbatim and lays out only what it edits, adding a final newline", async () => {
  await inProject(async (dir) => {
    const compact = '{"a":[1,  2],"hooks":{"stop":[{"command":"other"}]}}';
    const merged = await pwf(dir, "--merge", "cursor", compact);
    assertStringIncludes(merged, '"a": [1,  2]'); // an untouched value keeps its bytes
    assertStringIncludes(merged, '\n      {"command":"other"},\n'); // so does a foreign entry
    assertStringIncludes(merged, '{\n  "version": 1,\n'); // the edited top level, laid out
    assertEquals(merged.endsWith("}\n"), true);
    const removed = await pwf(dir, "--remove", "cursor", merged);
    assertEquals(
      removed,
      '{\n  "version": 1,\n  "a": [1,  2],\n  "hooks": {\n    "stop": [\n      {"command":"other"}\n    ]\n  }\n}\n',
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
  Deno.test(`${host}: an empty file merged and removed is empty again ("version" included)`, async () => {
    await inProject(async (dir) => {
      const merged = await pwf(dir, "--merge", host, "");
      assertEquals(await pwf(dir, "--remove", host, merged), "");
      assertEquals(await pwf(dir, "--remove", host, ""), "");
    });
  });
}

Deno.test('--remove drops the event lists and hooks object it empties; "version" beside other keys stays', async () => {
  await inProject(async (dir) => {
    const merged = await pwf(dir, "--merge", "cursor", '{"x":1,"hooks":{"stop":[]}}');
    assertEquals(await pwf(dir, "--remove", "cursor", merged), '{\n  "version": 1,\n  "x": 1\n}\n');
  });
});

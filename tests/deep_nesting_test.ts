/**
 * Issue 26 item 12: settings nested 5,000-20,000 levels deep crashed
 * `hooks print --merge` with "Maximum call stack size exceeded ... bug in
 * pwf" and exit 1; the README promises exit 2 and one line for invalid
 * input. The settings parser now refuses more than MAX_JSON_DEPTH levels.
 * Hook payloads and transcripts that deep are read without a crash.
 * @module
 */

import { MAX_JSON_DEPTH } from "../lib/core/settings/json_doc.ts";
import { assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";

const nested = (depth: number) => `{"hooks": ${"[".repeat(depth)}${"]".repeat(depth)}}`;

for (const depth of [5_000, 20_000]) {
  for (const args of [["hooks", "print", "cursor", "--merge"], ["hooks", "check", "claude"]]) {
    Deno.test(`${args.join(" ")} refuses settings nested ${depth} levels deep with exit 2 and one line`, async () => {
      await inProject(async (dir) => {
        const r = await runPwf(dir, args, { stdin: nested(depth) });
        assertEquals([r.code, r.stdout], [2, ""], r.stderr);
        assertEquals(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
        assertStringIncludes(r.stderr, `nested deeper than ${MAX_JSON_DEPTH} levels`);
      });
    });
  }
}

Deno.test(`settings nested ${MAX_JSON_DEPTH} levels deep still merge`, async () => {
  await inProject(async (dir) => {
    const text = `{"x": ${"[".repeat(MAX_JSON_DEPTH - 1)}${"]".repeat(MAX_JSON_DEPTH - 1)}}`;
    const r = await runPwf(dir, ["hooks", "print", "cursor", "--merge"], { stdin: text });
    assertEquals(r.code, 0, r.stderr);
  });
});

Deno.test("a hook payload or transcript nested 20,000 levels deep does not crash pwf", async () => {
  await inProject(async (dir) => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const hook = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: `{"session_id":"s","prompt":"go","x":${deep}}`,
    });
    assertEquals(hook.code, 0, hook.stderr);
    const catchup = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], {
      stdin: `{"type":"assistant","message":{"content":${deep}}}\n`,
    });
    assertEquals(catchup.stderr.includes("bug in pwf"), false, catchup.stderr);
  });
});

import { assertEquals, assertStringIncludes } from "../../../tests/assert.ts";
import { GUIDANCE_MAX_CHARS, sessionStartGuidance } from "./guidance.ts";

Deno.test("sessionStartGuidance() is at most 600 characters and ends with one newline", () => {
  const g = sessionStartGuidance();
  assertEquals(GUIDANCE_MAX_CHARS, 600);
  assertEquals(g.length <= GUIDANCE_MAX_CHARS, true, `${g.length} characters`);
  assertEquals([g.endsWith("\n"), g.endsWith("\n\n")], [true, false]);
});

Deno.test("sessionStartGuidance() tells the model how to start a plan with pwf init", () => {
  const g = sessionStartGuidance();
  assertStringIncludes(g, "`pwf init");
  assertStringIncludes(g, "[planning-with-files]");
  assertEquals(g, sessionStartGuidance());
});

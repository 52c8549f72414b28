import { assert, assertEquals, assertStringIncludes } from "../../../tests/assert.ts";
import { sessionStartGuidance } from "./guidance.ts";

Deno.test("sessionStartGuidance() is at most 600 characters (SPEC 11b), \\n-only, ending with one newline", () => {
  const g = sessionStartGuidance();
  assert(g.length <= 600, `${g.length} characters, more than SPEC 11b allows`);
  assert(!g.includes("\r"), "a carriage return in the guidance");
  assertEquals([g.endsWith("\n"), g.endsWith("\n\n")], [true, false]);
});

Deno.test("sessionStartGuidance() tells the model how to start a plan with pwf init", () => {
  const g = sessionStartGuidance();
  assertStringIncludes(g, "`pwf init");
  assertStringIncludes(g, "[planning-with-files]");
});

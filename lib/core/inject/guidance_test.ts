import { assert, assertEquals, assertStringIncludes } from "../../../tests/assert.ts";
import { LABELS } from "../plan/labels.ts";
import { sessionStartGuidance } from "./guidance.ts";

/** Backticked spans other than section names: identical in every language. */
function codeSpans(text: string): string[] {
  return (text.match(/`[^`\n]+`/g) ?? []).filter((s) => !s.startsWith("`## "));
}

for (const l of LABELS) {
  Deno.test(`the ${l.lang} session-start guidance is at most 600 characters (SPEC 11b), \\n-only, ending with one newline`, () => {
    const g = sessionStartGuidance(l.lang);
    assert(g.length <= 600, `${g.length} characters, more than SPEC 11b allows`);
    assert(!g.includes("\r"), "a carriage return in the guidance");
    assertEquals([g.endsWith("\n"), g.endsWith("\n\n")], [true, false]);
    assertEquals(g.split("\n").length, 2, "one line");
  });

  Deno.test(`the ${l.lang} session-start guidance has English's commands and its plans' Next Step`, () => {
    const g = sessionStartGuidance(l.lang);
    assert(g.startsWith("[planning-with-files] "), l.lang);
    assertEquals(codeSpans(g), codeSpans(sessionStartGuidance()), l.lang);
    assertStringIncludes(g, `\`## ${l.nextStep}\``);
    assertStringIncludes(g, ".planning/<id>/task_plan.md");
    if (l.lang !== "en") assert(g !== sessionStartGuidance(), `${l.lang}: translated`);
  });
}

Deno.test("sessionStartGuidance() is English without a language or with an unknown one", () => {
  const en = sessionStartGuidance();
  assertStringIncludes(en, "`pwf init");
  assertEquals(sessionStartGuidance("xx"), en);
  assertEquals(sessionStartGuidance(" zh "), sessionStartGuidance("zh"));
});

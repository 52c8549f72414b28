import { assert, assertEquals, assertNotEquals } from "../../../tests/assert.ts";
import { LABELS } from "../plan/labels.ts";
import { field, parseFrontmatter } from "../text/frontmatter.ts";
import { COMMAND_TEXTS } from "./commands_i18n.ts";
import { AGENT_COMMAND_NAMES } from "./texts.ts";

/** Backticked spans other than section names: identical in every language. */
function codeSpans(text: string): string[] {
  return (text.match(/`[^`\n]+`/g) ?? []).filter((s) => !s.startsWith("`## ")).sort();
}

/** Backticked section names (`## Next Step` in the plan's language). */
function sections(text: string): string[] {
  return text.match(/`## [^`\n]+`/g) ?? [];
}

/** The prompt's skeleton: numbered steps and bullets, in order. */
function skeleton(text: string): string[] {
  return text.split("\n").flatMap((l) => {
    const n = /^(\d+)\. /.exec(l);
    if (n) return [`${n[1]}.`];
    return l.startsWith("- ") ? ["-"] : [];
  });
}

/** Flags an argument hint names. */
function hintFlags(hint: string | undefined): string[] {
  return (hint ?? "").match(/--[a-z-]+/g) ?? [];
}

const EN = COMMAND_TEXTS.en;

for (const l of LABELS) {
  Deno.test(`the ${l.lang} slash commands have English's steps, commands and placeholders`, () => {
    const texts = COMMAND_TEXTS[l.lang];
    assertEquals(Object.keys(texts).sort(), [...AGENT_COMMAND_NAMES], l.lang);
    for (const name of AGENT_COMMAND_NAMES) {
      const what = `${l.lang} ${name}`;
      const en = EN[name] ?? "";
      const text = texts[name] ?? "";
      const doc = parseFrontmatter(text);
      const enDoc = parseFrontmatter(en);
      assert(doc !== null && enDoc !== null, `${what}: frontmatter`);
      assertEquals(doc.fields.map(([k]) => k), enDoc.fields.map(([k]) => k), what);
      assertEquals(
        field(doc, "disable-model-invocation"),
        field(enDoc, "disable-model-invocation"),
      );
      assertEquals(
        hintFlags(field(doc, "argument-hint")),
        hintFlags(field(enDoc, "argument-hint")),
      );
      assert(field(doc, "description")?.endsWith(" (planning-with-files)"), what);
      assertEquals(skeleton(doc.body), skeleton(enDoc.body), what);
      assertEquals(codeSpans(text), codeSpans(en), what);
      assertEquals(text.split("$ARGUMENTS").length, en.split("$ARGUMENTS").length, what);
      const named = sections(en).map(() => `\`## ${l.nextStep}\``);
      assertEquals(sections(text), named, `${what}: names its plans' Next Step section`);
      if (l.lang !== "en") assertNotEquals(doc.body, enDoc.body, `${what}: translated`);
    }
  });
}

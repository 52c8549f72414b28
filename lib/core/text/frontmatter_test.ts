import { assertEquals } from "../../../tests/assert.ts";
import { field, parseFrontmatter, renderFrontmatter } from "./frontmatter.ts";

Deno.test("parseFrontmatter() reads plain and quoted values and strips the blank line before the body", () => {
  const d = parseFrontmatter('---\nname: x\nargument-hint: "[a | b]"\n---\n\nBody $ARGUMENTS\n');
  assertEquals(d?.fields, [["name", "x"], ["argument-hint", "[a | b]"]]);
  assertEquals(d?.body, "Body $ARGUMENTS\n");
  assertEquals(d && field(d, "name"), "x");
});

Deno.test("parseFrontmatter() returns null for a document without or with broken frontmatter", () => {
  assertEquals(parseFrontmatter("# title\n"), null);
  assertEquals(parseFrontmatter("---\nname: x\n"), null);
  assertEquals(parseFrontmatter("---\nnot a field\n---\n"), null);
  assertEquals(parseFrontmatter('---\na: "unterminated\n---\n'), null);
});

Deno.test("renderFrontmatter() quotes values YAML could misread and round-trips through parseFrontmatter()", () => {
  const fields: [string, string][] = [
    ["description", "Plain text (with parentheses)"],
    ["argument-hint", "[--show | --clear]"],
    ["a", "key: value"],
    ["b", "true"],
    ["c", 'say "hi"'],
  ];
  const text = renderFrontmatter(fields);
  assertEquals(text.split("\n")[1], "description: Plain text (with parentheses)");
  assertEquals(text.split("\n")[2], 'argument-hint: "[--show | --clear]"');
  assertEquals(parseFrontmatter(text + "\nbody\n")?.fields, fields);
});

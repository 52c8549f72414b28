import { assertEquals, assertThrows } from "./assert.ts";
import { parseYaml } from "./yaml_subset.ts";

Deno.test("parseYaml() reads mappings, sequences of mappings, flow lists and block scalars", () => {
  const doc = [
    "# comment",
    "name: ci # trailing comment",
    "on:",
    "  push:",
    '    tags: ["v*", main]',
    "jobs:",
    "  a:",
    "    steps:",
    "      - uses: x/y@v1",
    "        with:",
    "          k: 'it''s'",
    "      - run: |",
    "          echo one",
    "          echo two",
    "    env:",
    "      T: >-",
    "        a",
    "        b",
    "list:",
    "- 1",
    "- true",
  ].join("\n");
  assertEquals(parseYaml(doc), {
    name: "ci",
    on: { push: { tags: ["v*", "main"] } },
    jobs: {
      a: {
        steps: [{ uses: "x/y@v1", with: { k: "it's" } }, { run: "echo one\necho two\n" }],
        env: { T: "a b" },
      },
    },
    list: ["1", true],
  });
});

Deno.test("parseYaml() rejects tabs, bad indentation, duplicate keys and unquoted ': '", () => {
  assertThrows(() => parseYaml("a:\n\tb: 1"), Error, "tab");
  assertThrows(() => parseYaml("a:\n  b: 1\n    c: 2"), Error, "line 3");
  assertThrows(() => parseYaml("a: 1\na: 2"), Error, "duplicate");
  assertThrows(() => parseYaml("a: b: c"), Error, "quote it");
  assertThrows(() => parseYaml('a: "open'), Error, "double-quoted");
  assertThrows(() => parseYaml("a: [1, 2"), Error, "flow sequence");
  assertThrows(() => parseYaml("a: &x 1"), Error, "anchor");
  assertThrows(() => parseYaml("just text"), Error, "key: value");
});

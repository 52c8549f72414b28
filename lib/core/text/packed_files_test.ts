import { assert, assertEquals } from "../../../tests/assert.ts";
import { PackedTextError, unpackFiles, unpackText } from "./packed.ts";
import { packFiles, packText } from "../../../tools/i18n_pack.ts";

Deno.test("unpackFiles reads what packFiles wrote: every path and text, whatever they hold", async () => {
  const files: Record<string, string> = {
    "agent/SKILL.md": '---\nname: x\n---\n`pwf init` "quoted" \\ back\\slash\n',
    "agent/i18n/ar/commands/plan.md": "اكتب الخطة 🚀\r\n".repeat(200),
    "empty.md": "",
    "i18n/zh/task_plan.md": "# 任务计划：{{TITLE}}\n\u2028\u2029\0\n",
    "__proto__": "a path that is an object's key only as data",
  };
  const got = unpackFiles(await packFiles(files));
  assertEquals(Object.keys(got).sort(), Object.keys(files).sort());
  for (const [path, text] of Object.entries(files)) {
    assert(Object.hasOwn(got, path), path);
    assertEquals(got[path], text, path);
  }
  assert(Object.isFrozen(got), "the files are frozen");
  assertEquals(unpackFiles(await packFiles({})), {});
});

Deno.test("packFiles writes the same text whatever order the files come in", async () => {
  const a = await packFiles({ "b.md": "2", "a.md": "1" });
  assertEquals(a, await packFiles({ "a.md": "1", "b.md": "2" }));
  assertEquals(unpackText(a), '{"a.md":"1","b.md":"2"}');
});

Deno.test("unpackFiles throws PackedTextError on a packed text that is not an object of texts", async () => {
  for (
    const json of ["[1]", "null", '"text"', "3", '{"a.md":1}', '{"a.md":{"b":"c"}}', "{not json"]
  ) {
    let err: unknown = null;
    try {
      unpackFiles(await packText(json));
    } catch (e) {
      err = e;
    }
    assert(err instanceof PackedTextError, `${json}: ${err}`);
  }
});

Deno.test("level-9 DEFLATE of a long text (several blocks, long distances) unpacks exactly", async () => {
  let text = "";
  for (let i = 0; i < 4000; i++) {
    text += `- [${i % 7 === 0 ? "x" : " "}] 步骤 ${i * 7919 % 10007}\n`;
  }
  assertEquals(unpackText(await packText(text)), text);
});

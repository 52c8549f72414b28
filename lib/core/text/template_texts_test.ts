import { assert, assertEquals, assertThrows } from "../../../tests/assert.ts";
import { packedGroup, packGroup, templateText, templateTexts } from "./template_texts.ts";
import { PACKED_TEXTS } from "./packed_texts.ts";
import { LANGS } from "../plan/labels.ts";
import { packedPaths } from "../../../tools/i18n_pack.ts";
import { REPO_ROOT } from "../../../tools/file_url.ts";

Deno.test("packGroup puts a file in its language: the folder under agent/i18n/ or i18n/, else en", () => {
  const cases: [string, string][] = [
    ["agent/SKILL.md", "en"],
    ["agent/commands/plan.md", "en"],
    ["analytics_task_plan.md", "en"],
    ["agent/i18n/zh.md", "zh"],
    ["agent/i18n/zh-Hant.md", "zh-Hant"],
    ["agent/i18n/zh-Hant/reference.md", "zh-Hant"],
    ["agent/i18n/fr/commands/goal.md", "fr"],
    ["i18n/ar/findings.md", "ar"],
  ];
  for (const [path, group] of cases) assertEquals(packGroup(path), group, path);
});

Deno.test("the pack holds one group per language, and each text as it is on disk", async () => {
  assertEquals(Object.keys(PACKED_TEXTS).sort(), [...LANGS].sort());
  const paths = await packedPaths(REPO_ROOT);
  assert(paths.includes("agent/SKILL.md") && paths.includes("i18n/ja/task_plan.md"), "packed");
  assert(!paths.some((p) => p.endsWith("session_start_guidance.md")), "guidance is not packed");
  assert(!paths.includes("task_plan.md"), "the default English plan is not packed");
  const texts = templateTexts(paths);
  for (const [i, path] of paths.entries()) {
    assertEquals(texts[i], await Deno.readTextFile(`${REPO_ROOT}/templates/${path}`), path);
  }
  let count = 0;
  for (const lang of LANGS) count += Object.keys(packedGroup(lang)).length;
  assertEquals(count, paths.length, "no file beyond the templates");
});

Deno.test("a path or group the pack lacks throws, naming deno task gen", () => {
  assertThrows(() => templateText("agent/commands/nope.md"), Error, "deno task gen");
  assertThrows(() => templateText("i18n/xx/task_plan.md"), Error, "deno task gen");
  assertThrows(() => packedGroup("constructor"), Error, "lacks constructor");
});

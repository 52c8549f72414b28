import { assert, assertEquals } from "../../../tests/assert.ts";
import { LABELS } from "../plan/labels.ts";
import { renderPlanFiles } from "../plan/templates.ts";
import { parseFrontmatter } from "../text/frontmatter.ts";
import { SKILL_TEXTS } from "./skill_i18n.ts";

/** Backticked spans that are commands: identical in every language, placeholders included. */
function commands(text: string): string[] {
  return (text.match(/`pwf [^`]*`/g) ?? []).sort();
}

/** The skill's skeleton: heading levels and numbered rules, in order. */
function skeleton(text: string): string[] {
  return text.split("\n").flatMap((l) => {
    const h = /^(#+) /.exec(l);
    if (h) return [h[1]!];
    const n = /^(\d+)\. /.exec(l);
    return n ? [`${n[1]}.`] : [];
  });
}

const EN = SKILL_TEXTS.en;

for (const l of LABELS) {
  Deno.test(`the ${l.lang} skill has English's sections, rules, commands and placeholders`, () => {
    const text = SKILL_TEXTS[l.lang];
    assertEquals(skeleton(text), skeleton(EN), l.lang);
    assertEquals(commands(text), commands(EN), l.lang);
    const doc = parseFrontmatter(text);
    assert(doc !== null, `${l.lang}: frontmatter`);
    assertEquals(doc.body.length > 0, true);
    assert(text.startsWith("---\nname: planning-with-files\ndescription: "), l.lang);
    for (const file of ["task_plan.md", "findings.md", "progress.md", "reference.md"]) {
      assert(text.includes(`\`${file}\``), `${l.lang}: names ${file}`);
    }
  });

  Deno.test(`the ${l.lang} skill names its plans' own labels and sections`, () => {
    const text = SKILL_TEXTS[l.lang];
    assert(text.includes(`\`**${l.status}${l.colon}**\``), `${l.lang}: status label`);
    assert(text.includes(`\`### ${l.phase} N${l.colon}`), `${l.lang}: phase heading`);
    const plan = renderPlanFiles({
      template: "default",
      name: "x",
      date: "2026-01-01",
      mode: "interactive",
      lang: l.lang,
    })["task_plan.md"].split("\n");
    const sections: string[] = text.match(/`## [^`]+`/g) ?? [];
    assert(sections.length >= 2, `${l.lang}: names sections`);
    for (const s of sections) {
      assert(plan.includes(s.slice(1, -1)), `${l.lang}: ${s} in its template`);
    }
    assert(sections.includes(`\`## ${l.nextStep}\``), `${l.lang}: Next Step`);
  });
}

import { assert, assertEquals, assertNotEquals } from "../../../tests/assert.ts";
import { LABELS, type Labels } from "../plan/labels.ts";
import { renderPlanFiles } from "../plan/templates.ts";
import { REFERENCE_TEXTS } from "./reference_i18n.ts";

/** Inline code spans, fenced blocks left out. */
function spans(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "");
  return prose.match(/`[^`\n]*`/g) ?? [];
}

/** Spans that name plan structure, which each language writes in its own words. */
function isStructure(span: string): boolean {
  return /^`#|^`- \*\*[^A]/.test(span);
}

/** The skeleton: heading levels, numbered steps, table rows and fences, in order. */
function skeleton(text: string): string[] {
  return text.split("\n").flatMap((l) => {
    const h = /^(#+) /.exec(l);
    if (h) return [h[1]!];
    const n = /^(\d+)\. /.exec(l);
    if (n) return [`${n[1]}.`];
    if (l.startsWith("|")) return ["|"];
    return l.startsWith("```") ? ["```"] : [];
  });
}

/** The structure spans as this language writes them, from its own plan template. */
function structure(l: Labels): string[] {
  const plan = renderPlanFiles({
    template: "default",
    name: "<name>",
    date: "2026-01-01",
    mode: "interactive",
    lang: l.lang,
  })["task_plan.md"].split("\n");
  const sections = plan.filter((line) => line.startsWith("## "));
  const sep = l.colon === ":" ? ": " : l.colon;
  return [
    plan[0]!,
    ...sections,
    `### ${l.phase} <n>${sep}<title>`,
    `- **${l.status}${l.colon}** pending`,
  ];
}

const EN = REFERENCE_TEXTS.en;

for (const l of LABELS) {
  Deno.test(`the ${l.lang} reference has English's sections, steps, tables and commands`, () => {
    const text = REFERENCE_TEXTS[l.lang];
    assertEquals(skeleton(text), skeleton(EN), l.lang);
    const other = (t: string) => spans(t).filter((s) => !isStructure(s)).sort();
    assertEquals(other(text), other(EN), l.lang);
    const named = spans(text).filter(isStructure);
    assertEquals(named.length, spans(EN).filter(isStructure).length, l.lang);
    const own = structure(l);
    for (const s of named) {
      assert(own.includes(s.slice(1, -1)), `${l.lang}: ${s} is not its plans'`);
    }
    if (l.lang !== "en") assertNotEquals(text, EN);
  });
}

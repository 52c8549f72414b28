import { assert, assertEquals } from "../../../tests/assert.ts";
import { setPhaseStatus } from "./edit.ts";
import { LABELS, LANGS, originalCounts } from "./labels.ts";
import { matchPhaseHeading, matchStatusLine } from "./label_match.ts";
import { planLanguage } from "./language.ts";
import { countPhases, parsePlan } from "./parse.ts";

/** The fixtures in the structure of the original's translated templates. */
const FIXTURES = ["zh", "zh-Hant", "ar", "es", "de"] as const;

function fixture(lang: string): string {
  const url = new URL(`../../../tests/testdata/languages/${lang}.md`, import.meta.url);
  return Deno.readTextFileSync(url);
}

Deno.test("LABELS has one row per language code, in LANGS order", () => {
  assertEquals(LABELS.map((l) => l.lang), [...LANGS]);
});

Deno.test("every language's own heading and status line are recognised", () => {
  for (const l of LABELS) {
    for (const colon of [":", "："]) {
      const h = matchPhaseHeading(`### ${l.phase} 12${colon} T`);
      assertEquals([h?.number, h?.word, h?.langs.includes(l.lang)], [12, l.phase, true], l.lang);
      const s = matchStatusLine(`- **${l.status}${colon}** pending`);
      assertEquals([s?.value, s?.word, s?.langs.includes(l.lang)], ["pending", l.status, true]);
    }
  }
});

Deno.test("matchStatusLine() gives the label's span so an edit can keep it", () => {
  const line = "  3. **الحالة:**  complete";
  const s = matchStatusLine(line);
  assertEquals(line.slice(s!.labelStart, s!.labelEnd), "**الحالة:**");
  assertEquals(line.slice(s!.valueStart), "complete");
});

Deno.test("a CJK phase word needs no space before its number, a Latin one does", () => {
  assertEquals(matchPhaseHeading("### 阶段3：实现")?.number, 3);
  assertEquals(matchPhaseHeading("### Fase3: x"), null);
});

Deno.test("each translated fixture parses like the English template: 3 phases, goal, current", () => {
  for (const lang of FIXTURES) {
    const plan = parsePlan(fixture(lang));
    assertEquals(plan.phases.map((p) => p.status), ["complete", "in_progress", "pending"], lang);
    assertEquals(plan.phases.map((p) => p.number), [1, 2, 3], lang);
    assert(plan.goal !== null && plan.goal.text !== "", `${lang}: goal`);
    assert(plan.currentPhase?.text.endsWith(" 2"), `${lang}: current phase`);
    assert(!plan.phases.some((p) => /^[:：]/.test(p.title)), `${lang}: title keeps no colon`);
    const language = planLanguage(plan);
    assertEquals([language.labels.lang, language.mixed], [lang, false]);
  }
});

Deno.test("pwf phase on a translated plan keeps its labels byte for byte", () => {
  for (const lang of FIXTURES) {
    const text = fixture(lang);
    const step = setPhaseStatus(setPhaseStatus(text, 2, "complete").text, 3, "in_progress").text;
    const a = text.split("\n"), b = step.split("\n");
    const changed = a.flatMap((l, i) => l === b[i] ? [] : [i]);
    const plan = parsePlan(text);
    assertEquals(
      changed,
      [plan.currentPhase!.line, plan.phases[1]!.statusLine, plan.phases[2]!.statusLine],
      lang,
    );
    const labels = planLanguage(plan).labels;
    assertEquals(b[plan.phases[1]!.statusLine], `- **${labels.status}${labels.colon}** complete`);
    assertEquals(b[plan.currentPhase!.line], `${labels.phase} 3`);
    const back = setPhaseStatus(setPhaseStatus(step, 3, "pending").text, 2, "in_progress").text;
    assertEquals(back, text, `${lang}: round trip`);
  }
});

Deno.test("a status line added to a translated phase uses the plan's label", () => {
  const out = setPhaseStatus("## 目标\nx\n### 阶段 1：A\n正文\n", 1, "pending").text;
  assertEquals(out, "## 目标\nx\n### 阶段 1：A\n- **状态：** pending\n正文\n");
});

Deno.test("the original's translated scripts count the fixtures as pwf does (es sees none)", () => {
  for (const lang of FIXTURES) {
    const rule = LABELS.find((l) => l.lang === lang)!.original!;
    const text = fixture(lang);
    const c = countPhases(parsePlan(text));
    const theirs = originalCounts(text, rule);
    const ours = {
      total: c.total,
      complete: c.complete,
      inProgress: c.inProgress,
      pending: c.pending,
    };
    // The Spanish script greps "### Phase" on a plan of "### Fase" headings:
    // it counts no phase and stays silent (its TOTAL=0 branch).
    assertEquals(theirs, lang === "es" ? { ...ours, total: 0 } : ours, lang);
  }
});

Deno.test("the counting rules name the original's own labels", () => {
  for (const l of LABELS) {
    if (!l.original) continue;
    assertEquals(l.original.statusGrep, `**${l.status}${l.colon}**`, l.lang);
    if (l.lang !== "es") assertEquals(l.original.totalGrep, `### ${l.phase}`, l.lang);
  }
});

Deno.test("planLanguage() calls a plan mixing two languages' labels mixed", () => {
  const lang = planLanguage(parsePlan("## 目标\nx\n### Fase 1: A\n- **Estado:** pending\n"));
  assertEquals(lang.mixed, true);
  assertEquals(lang.words.map((w) => w.word), ["目标", "Fase", "Estado"]);
});

Deno.test("English and German share Phase and Status: the sections decide", () => {
  const de = parsePlan("## Ziel\nx\n### Phase 1: A\n- **Status:** pending\n");
  assertEquals(planLanguage(de).labels.lang, "de");
  assertEquals(
    planLanguage(parsePlan("### Phase 1: A\n- **Status:** pending\n")).labels.lang,
    "en",
  );
});

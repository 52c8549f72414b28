import { assert, assertEquals } from "../../../tests/assert.ts";
import { LABELS, labelsFor, type Lang, originalCounts } from "./labels.ts";
import { planLanguage } from "./language.ts";
import { lintPlan } from "./lint.ts";
import { countPhases, parsePlan } from "./parse.ts";
import { renderPlanFiles, TRANSLATIONS } from "./templates.ts";

function render(lang: Lang, name = "X") {
  return renderPlanFiles({
    template: "default",
    name,
    date: "2026-01-01",
    mode: "interactive",
    lang,
  });
}

/** A file's shape: heading levels in order, and checkbox items per `### ` section. */
function shape(text: string): string[] {
  return text.split("\n").flatMap((l) =>
    l.startsWith("#") ? [l.slice(0, l.indexOf(" "))] : l.startsWith("- [ ]") ? ["[ ]"] : []
  );
}

const ENGLISH = render("en");

Deno.test("TRANSLATIONS covers every language but English", () => {
  assertEquals(
    Object.keys(TRANSLATIONS).sort(),
    LABELS.map((l) => l.lang).filter((l) => l !== "en").sort(),
  );
});

for (const l of LABELS) {
  Deno.test(`the ${l.lang} template has the English template's structure in its own labels`, () => {
    const files = render(l.lang);
    for (const name of ["task_plan.md", "findings.md", "progress.md"] as const) {
      assertEquals(shape(files[name]), shape(ENGLISH[name]), `${l.lang} ${name}`);
    }
    const plan = parsePlan(files["task_plan.md"]);
    const en = parsePlan(ENGLISH["task_plan.md"]);
    assertEquals(
      plan.phases.map((p) => [p.number, p.status]),
      en.phases.map((p) => [p.number, p.status]),
    );
    assertEquals(planLanguage(plan), { labels: l, mixed: false, words: [] });
    assertEquals(plan.currentPhase?.text, `${l.phase} 1`);
    assert(plan.nextStep !== null && plan.goal !== null, l.lang);
    const heading = files["task_plan.md"].split("\n").find((x) => x.startsWith("### "));
    assert(heading?.startsWith(`### ${l.phase} 1${l.colon}`), `${l.lang}: ${heading}`);
    assertEquals(
      lintPlan(plan).map((f) => [f.severity, f.message.includes("placeholder")]),
      lintPlan(en).map((f) => [f.severity, f.message.includes("placeholder")]),
    );
    assert(files["progress.md"].includes(`1 - ${plan.phases[0]!.title}`), l.lang);
    assert(
      !/\{\{[A-Z_]+\}\}/.test(Object.values(files).join("")),
      `${l.lang}: unfilled placeholder`,
    );
  });
}

Deno.test("the original's translated scripts count pwf's translated plans as pwf does", () => {
  for (const l of LABELS) {
    if (!l.original) continue;
    const text = render(l.lang)["task_plan.md"];
    const c = countPhases(parsePlan(text));
    const ours = {
      total: c.total,
      complete: c.complete,
      inProgress: c.inProgress,
      pending: c.pending,
    };
    // es: its script greps "### Phase" and sees no phase in a "### Fase" plan (TOTAL=0: silent).
    assertEquals(originalCounts(text, l.original), l.lang === "es" ? { ...ours, total: 0 } : ours);
  }
});

Deno.test("a translated plan without a name gets its language's placeholder title", () => {
  assertEquals(render("zh", "")["task_plan.md"].split("\n")[0], "# 任务计划：[简要描述]");
  assertEquals(render("ar", "")["task_plan.md"].split("\n")[0], "# خطة المهمة: [وصف مختصر]");
});

Deno.test("Arabic is stored as written: no bidi control characters added", () => {
  const files = render("ar", "إعادة كتابة");
  assert(!/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(Object.values(files).join("")));
  assert(files["task_plan.md"].startsWith("# خطة المهمة: إعادة كتابة\n"));
  assertEquals(labelsFor("ar")?.colon, ":");
});

import { assert, assertEquals } from "../../../tests/assert.ts";
import { LANGS } from "./labels.ts";
import { type CheckWhy, NOTICES, noticesFor, type PlanSource } from "./notices.ts";
import { parsePlan } from "./parse.ts";

const D = ".planning/DIR";
const H = "a".repeat(64);
const FACTS = { complete: 3, total: 9, block: 4, cap: 20 };
const WHYS: readonly CheckWhy[] = ["missing", "failed", "stale", "passed", "unverifiable"];

/** What must survive translation: paths, commands, hashes, numbers, fixed words. */
function tokens(text: string): string[] {
  const found = text.match(
    /(?:\.planning\/DIR\/\.?)?[a-z_]+\.md|\.planning\/DIR\/\.attestation|pwf (?:attest|use|status|check|phase)(?: \d+ [a-z_]+)?|"make t"|sha256=a+|expected=a+|actual=b+|SHA-256|AcceptanceCheck|not attested|\bgated\b|\bautonomous\b|\d+\/\d+|\b\d+\b|--plan ID-1|"ID-1"|<id> --session S-9|\.planning\/sessions\/(?:<session id>\.attached)?|PWF_SESSION_ID|#ITEM#|#ASK#/g,
  );
  return (found ?? []).sort();
}

/** Every notice of one language, rendered with the same facts. */
function rendered(lang: typeof LANGS[number]): string[] {
  const n = NOTICES[lang];
  const c = n.catchup;
  return [
    n.tampered(D, H, "b".repeat(64)),
    n.invalidAttestation(D),
    n.notAttested("gated", D),
    n.notAttested("autonomous", D),
    n.activePlan("ID-1", D, H),
    n.activePlan(null, D, null),
    n.checksOwed("#ITEM#"),
    n.owedItem(7, true, "#ITEM#"),
    n.owedItem(7, false, "#ITEM#"),
    ...WHYS.map((w) => n.checkRun("make t", w, 7)),
    n.checkRun("make t", "failed", null),
    n.regressed(D, 5, 6),
    n.otherPlans("ID-1", "#ITEM#", true, "S-9"),
    n.otherPlans("ID-1", "#ITEM#", false, null),
    n.tamperAsk(D),
    n.gateTampered(FACTS, "#ASK#"),
    n.gateOwed(FACTS, { phase: 7, claimed: true, todo: "#ITEM#", command: "pwf phase 7 complete" }),
    n.gateOwed(FACTS, {
      phase: 7,
      claimed: false,
      todo: "#ITEM#",
      command: "pwf phase 7 complete",
    }),
    n.gateNotReset("#ITEM#"),
    n.notInjected("#ITEM#"),
    n.briefPhases(3, 9),
    n.isolated,
    c.zeroAccess,
    c.plan("ID-1", D, "#ASK#"),
    c.plan(null, D, "#ASK#"),
    c.phases(3, 9, "#ITEM#"),
    c.phases(3, 9, null),
    c.ledger(1, false),
    c.ledger(5, true),
    c.missing("progress.md"),
    c.refused("findings.md", "#ASK#"),
    c.progressTail,
    c.lastChange("progress.md", "#ITEM#", "#ASK#"),
    c.lastChangeUnknown,
    c.steps,
    [c.note, c.title, c.goal, c.inProgress, c.nextStep, c.none].join(" | "),
    c.age(0, "now"),
    c.age(1, "minute"),
    c.age(5, "hour"),
    c.age(2, "day"),
  ];
}

Deno.test("every language's notices keep English's paths, commands, hashes and numbers", () => {
  const en = rendered("en").map(tokens);
  for (const lang of LANGS) {
    const lines = rendered(lang);
    assertEquals(lines.map(tokens), en, lang);
    for (const line of lines) {
      assert(!line.includes("\n") && line.trim() === line, `${lang}: one trimmed line: ${line}`);
      assert(
        !/PWF-DATA|planning-with-files|DATA ONLY|PLAN TAMPERED|PLAN REGRESSED|CATCH-UP/.test(line),
        `${lang}: a fixed marker inside a translated line: ${line}`,
      );
    }
  }
});

/** Lines that may read as English does: `Plan: <id> (...)` and `Phase 7: ...` (de, es). */
const MAY_MATCH = ["Phase 7: #ITEM#", "Plan: ID-1 (.planning/DIR; #ASK#)"];

Deno.test("every language but English words its notices in its own language", () => {
  const en = rendered("en");
  assertEquals(MAY_MATCH.filter((l) => en.includes(l)), MAY_MATCH);
  for (const lang of LANGS.filter((l) => l !== "en")) {
    rendered(lang).forEach((line, i) => {
      assert(line !== en[i] || MAY_MATCH.includes(line), `${lang} notice ${i} is English: ${line}`);
    });
  }
});

Deno.test("the refusals keep the words the skill tells the model to look for", () => {
  for (const lang of LANGS) {
    assert(NOTICES[lang].notAttested("gated", D).includes("not attested"), lang);
  }
});

Deno.test("English notices are the lines pwf always wrote", () => {
  const n = NOTICES.en;
  assertEquals(
    n.checkRun("make test", "failed", 2),
    'run "make test" (its last run failed with exit code 2)',
  );
  assertEquals(n.activePlan(null, ".", null), "Active plan: legacy root plan (./task_plan.md)");
  assertEquals(n.catchup.ledger(1, true), "Ledger: at least 1 record");
  assertEquals(n.catchup.age(2, "hour"), "2 hours ago");
});

Deno.test("noticesFor() follows the plan's language, English when it has no labels", () => {
  const ja = parsePlan("## 目標\nx\n### フェーズ 1：A\n- **ステータス：** pending\n");
  assertEquals(noticesFor(ja), NOTICES.ja);
  assertEquals(noticesFor(parsePlan("# T\n")), NOTICES.en);
});

const SOURCES: readonly PlanSource[] = [
  "PLAN_ID",
  "session",
  "active_plan",
  "only_open",
  "only_plan",
  "legacy",
];

/** What each way of choosing a plan names in every language. */
const SOURCE_NAMES: Readonly<Record<PlanSource, readonly string[]>> = {
  PLAN_ID: ["PLAN_ID", "--plan"],
  session: [],
  "active_plan": [".planning/.active_plan"],
  "only_open": [".planning"],
  "only_plan": [".planning"],
  legacy: ["task_plan.md"],
};

Deno.test("English says how the plan was chosen in the resolution's own words", () => {
  for (const source of SOURCES) {
    assertEquals(
      NOTICES.en.catchup.how(source, "named by .planning/.active_plan"),
      "named by .planning/.active_plan",
    );
  }
});

Deno.test("every other language names how the plan was chosen in its own words", () => {
  for (const lang of LANGS.filter((l) => l !== "en")) {
    const said = SOURCES.map((s) => NOTICES[lang].catchup.how(s, "#WHY#"));
    assertEquals(new Set(said).size, SOURCES.length, `${lang}: one phrase per source`);
    said.forEach((line, i) => {
      const source = SOURCES[i]!;
      assert(line !== "" && line.trim() === line && !line.includes("\n"), `${lang}: ${line}`);
      assert(!line.includes("#WHY#"), `${lang}: the English reason left in: ${line}`);
      for (const name of SOURCE_NAMES[source]) {
        assert(line.includes(name), `${lang} ${source}: ${line}`);
      }
    });
  }
});

Deno.test("English failure and problem lines are the lines pwf always wrote", () => {
  const n = NOTICES.en;
  assertEquals(
    n.notInjected('refused ".planning/p/progress.md"'),
    'refused ".planning/p/progress.md"; nothing injected.',
  );
  assertEquals(n.catchup.missing("progress.md"), "progress.md: missing");
  assertEquals(n.gateNotReset("x"), "(The gate count could not be reset: x)");
  assertEquals(n.briefPhases(1, 2), "Phases: 1/2 complete");
  assertEquals(n.catchup.refused("findings.md", "x"), "findings.md: refused (x)");
  assert(n.isolated.startsWith("Session isolation is on (.planning/sessions/ exists)"), n.isolated);
});

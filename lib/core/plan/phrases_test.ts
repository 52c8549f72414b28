import { assert, assertEquals } from "../../../tests/assert.ts";
import { LABELS, LANGS } from "./labels.ts";
import { type BlockFacts, PHRASES, phrasesFor } from "./phrases.ts";
import { parsePlan } from "./parse.ts";

const D = ".planning/DIR";
const FACTS: BlockFacts = {
  phase: "'P'",
  number: 7,
  status: "in_progress",
  command: "pwf phase 7 complete",
  complete: 3,
  total: 9,
  block: 4,
  cap: 20,
};

/** What must survive translation: paths, commands, quoted values, numbers, status words. */
function tokens(text: string): string[] {
  const found = text.match(
    /(?:\.planning\/DIR\/)?[a-z_]+\.md|pwf [a-z]+(?: \d+ [a-z_]+)?|'P'|\d+\/\d+|in_progress|\b7\b/g,
  );
  return (found ?? []).sort();
}

function rendered(lang: typeof LANGS[number]): string[] {
  const p = PHRASES[lang];
  const r = p.recovery;
  return [
    p.readFiles(D),
    p.posttool(D),
    ...p.precompact(D),
    p.gateBlock(FACTS),
    r.reread(`${D}/`),
    r.status,
    r.resume(7),
    r.start(7),
    r.allDone,
    r.noPhases,
  ];
}

Deno.test("every language's model-facing lines keep English's paths, commands and numbers", () => {
  const en = rendered("en").map(tokens);
  for (const lang of LANGS) {
    const lines = rendered(lang);
    assertEquals(lines.map(tokens), en, lang);
    for (const line of lines) {
      assert(!line.includes("\n") && line.trim() === line, `${lang}: one trimmed line: ${line}`);
      assert(!/PWF-DATA|planning-with-files|DATA ONLY/.test(line), `${lang}: a fixed header word`);
    }
  }
});

Deno.test("every language but English speaks its own words", () => {
  const en = rendered("en");
  for (const lang of LANGS.filter((l) => l !== "en")) {
    rendered(lang).forEach((line, i) => assert(line !== en[i], `${lang} line ${i} is English`));
  }
});

Deno.test("phrasesFor() follows the plan's language, English when it has no labels", () => {
  const ar = parsePlan("## الهدف\nx\n### المرحلة 1: أ\n- **الحالة:** pending\n");
  assertEquals(phrasesFor(ar), PHRASES.ar);
  assertEquals(phrasesFor(parsePlan("# T\n")), PHRASES.en);
});

Deno.test("each language's recovery steps name its own section and phase heading", () => {
  for (const l of LABELS) {
    const r = PHRASES[l.lang].recovery;
    assert(r.resume(2).includes(`"## ${l.nextStep}"`), `${l.lang}: ${r.resume(2)}`);
    const heading = `"### ${l.phase} 1${l.colon === ":" ? ": " : l.colon}<`;
    assert(r.noPhases.includes(heading), `${l.lang}: ${r.noPhases}`);
  }
});

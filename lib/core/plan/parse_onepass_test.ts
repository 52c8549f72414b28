/**
 * Property test: for plans without code fences or HTML comments, the one-pass
 * parser gives exactly the full parser's result (phases, statuses, sections,
 * title, checked items, lines, visibility), over many generated plans that mix
 * headings of every level, look-alike phase headings, status lines in every
 * accepted and near-miss form, inline statuses, checked items, CRLF, lone CR
 * and the other line-terminator characters (U+2028, U+2029, U+0085, VT, FF).
 */

import { allVisible, parsePlan, parsePlanFull, parsePlanOnePass, visibleLines } from "./parse.ts";
import { splitLines } from "../text/lines.ts";
import { rng } from "../../../tests/rng.ts";

const ODD = ["\u2028", "\u2029", "\u0085", "\v", "\f", "\r", "\t", "\u00a0", " "];
const WORDS = [
  "Goal",
  "goal",
  "Next Step",
  "next step",
  "Current Phase",
  "Phases",
  "Notes",
  "x",
  "目标",
  "当前阶段",
  "fase actual",
];
const PHASE_WORDS = ["Phase", "阶段", "المرحلة", "Fase", "フェーズ"];
const STATUS_LABELS = ["**Status:**", "**状态：**", "**الحالة:**", "**Estado:**", "**Status：**"];
const STATUSES = ["complete", "in_progress", "pending", "`complete`", "**pending**", "done", ""];

function line(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const n = () => String(Math.floor(r() * 30));
  const odd = () => (r() < 0.15 ? pick(ODD) : "");
  switch (Math.floor(r() * 22)) {
    case 0:
      return `# Task Plan: ${pick(WORDS)}${odd()}`;
    case 1:
      return `## ${pick(WORDS)}${pick(["", " ", " ##", "\t#", " # x"])}`;
    case 2:
      return `##${pick(["", " ", "\t", "#"])}${pick(WORDS)}`;
    case 3:
    case 4:
      return `### ${pick(PHASE_WORDS)} ${n()}${
        pick([": A", " - B", ". C", "", "x", "0", ": D [complete]", " ###", " E #", "：F"])
      }${odd()}`;
    case 5:
      return `${
        pick([
          "###\tPhase ",
          "###  Phase  ",
          "### phase ",
          "####  Phase ",
          "#### Phase ",
          "### Phase",
          "### Phase\t",
        ])
      }${n()}: t`;
    case 6:
      return `${pick(["", "#", "##", "###", "####", "#####", "######", "#######"])}${
        pick([" ", "\t", ""])
      }${pick(WORDS)}${odd()}`;
    case 7:
    case 8:
      return `${
        pick([
          "- ",
          "* ",
          "+ ",
          "1. ",
          "2) ",
          "",
          "  ",
          "\t- ",
          "-",
          "\u00a0",
          "\u3000- ",
          "\ufeff",
          "\u2028",
        ])
      }${pick(STATUS_LABELS)}${pick([" ", "", "  "])}${pick(STATUSES)}${odd()}`;
    case 9:
      return `**Status:** ${pick(STATUSES)} extra`;
    case 10:
      return `- **status:** complete`;
    case 11:
    case 12:
      return `${pick(["- ", "* ", "1. ", "  - ", "-", "10) "])}[${
        pick(["x", "X", " ", "y"])
      }] item${odd()}`;
    case 13:
      return `text [${pick(["complete", "in_progress", "pending", "done"])}] more`;
    case 14:
    case 15:
      return "";
    case 16:
      return pick(["   ", "\t", " \u00a0 "]);
    case 17:
      return `${odd()}${pick(["a", "# ", "#", "##"])}${odd()}${pick(WORDS)}`;
    case 18:
      return `- [ ] step ${n()}`;
    case 19:
      return `  ${pick(["- ", ""])}**Status:** ${pick(STATUSES)}`;
    case 20:
      return `\ufeff${pick(WORDS)}`;
    default:
      return `${pick(WORDS)} ${odd()} ${pick(WORDS)}`;
  }
}

function plan(r: () => number): string {
  const count = Math.floor(r() * 60);
  let text = "";
  for (let i = 0; i < count; i++) {
    text += line(r) + (r() < 0.1 ? "\r\n" : r() < 0.03 ? "\r" : "\n");
  }
  return r() < 0.5 ? text : text.replace(/\n$/, "");
}

function assertSame(a: unknown, b: unknown, what: string): void {
  const sa = JSON.stringify(a), sb = JSON.stringify(b);
  if (sa !== sb) throw new Error(`${what}\none-pass: ${sa}\nfull:     ${sb}`);
}

Deno.test("one-pass parser equals the full parser on 4000 generated plans without fences or comments", () => {
  for (let seed = 1; seed <= 4000; seed++) {
    const text = plan(rng(seed));
    if (!allVisible(text)) continue;
    const full = parsePlanFull(text);
    assertSame(parsePlanOnePass(text), full, `seed ${seed}: ${JSON.stringify(text)}`);
    assertSame(parsePlan(text), full, `seed ${seed} through parsePlan`);
  }
});

Deno.test("the one-pass precondition holds: a plan allVisible accepts has every line visible", () => {
  for (let seed = 1; seed <= 2000; seed++) {
    const text = plan(rng(seed));
    const lines = splitLines(text);
    if (allVisible(text)) assertSame(visibleLines(lines), lines, `seed ${seed}`);
  }
});

Deno.test("plans with fences or comments take the full parser through parsePlan", () => {
  for (let seed = 1; seed <= 500; seed++) {
    const r = rng(seed);
    const body = plan(r).split("\n");
    const at = Math.floor(r() * (body.length + 1));
    body.splice(at, 0, ["```", "~~~", "<!-- c", "a <!-- b --> c"][seed % 4]!);
    const text = body.join("\n");
    assertSame(parsePlan(text), parsePlanFull(text), `seed ${seed}`);
  }
});

/** The bench's plan shapes (bench/plans.ts): sizes, phases, and where the padding goes. */

import { assert, assertEquals } from "./assert.ts";
import {
  ITEM,
  ledgerText,
  LINES,
  paddedPlan,
  progressText,
  syntheticPlan,
} from "../bench/plans.ts";
import { parsePlan } from "../lib/core/plan/parse.ts";

const bytes = (s: string) => new TextEncoder().encode(s).length;
const statuses = (text: string) => parsePlan(text).phases.map((p) => p.status);
const FIVE = ["complete", "complete", "in_progress", "pending", "pending"];

Deno.test("every line shape makes a five-phase plan of about the size asked, phase 3 in progress", () => {
  for (const [name, line] of Object.entries({ typical: ITEM, ...LINES })) {
    const text = syntheticPlan(64 * 1024, line);
    assertEquals(statuses(text), FIVE, name);
    const size = bytes(text);
    assert(size > 64 * 1024 - 5 * bytes(line) && size < 64 * 1024 + 1024, `${name}: ${size}`);
  }
});

Deno.test("the line shapes are what their names say: long, short, CJK, Arabic", () => {
  assert(LINES.long.length > 2000 && !LINES.long.slice(0, -1).includes("\n"));
  assertEquals(LINES.short.length, 4);
  assert(/\p{Script=Han}/u.test(LINES.cjk));
  assert(/\p{Script=Arabic}/u.test(LINES.arabic));
});

Deno.test("paddedPlan() puts the padding in the first, completed phase", () => {
  const text = paddedPlan(1024 * 1024);
  assertEquals(statuses(text), FIVE);
  const size = bytes(text);
  assert(size > 1024 * 1024 - 100 && size <= 1024 * 1024, String(size));
  const plan = parsePlan(text);
  const [one, two] = plan.phases;
  assert(two!.headingLine - one!.headingLine > 15_000, "phase 1 holds the padding");
  assert(plan.phases.slice(1).every((p, i) => i === 3 || p.endLine - p.headingLine < 200));
});

Deno.test("progressText() reaches the size asked in whole sessions", () => {
  const text = progressText(100_000);
  assert(text.length >= 100_000 && text.length < 100_200, String(text.length));
  assert(text.startsWith("# Progress\n") && text.endsWith("\n"));
});

Deno.test("ledgerText() writes one progress record per line, ticks counting from 1", () => {
  const lines = ledgerText(3).split("\n");
  assertEquals(lines.length, 4);
  assertEquals(lines.pop(), "");
  assertEquals(lines.map((l) => JSON.parse(l).tick), [1, 2, 3]);
  assertEquals(JSON.parse(lines[0]!).event, "progress");
  assertEquals(ledgerText(10_000).split("\n").length, 10_001);
});

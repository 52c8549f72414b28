/**
 * The bench's rows (bench/rows.ts) cover issue 32's table: every row the
 * issue names, with its "must reach", measured on cases the bench runs.
 */

import { assert, assertEquals } from "./assert.ts";
import { CORE_CASES, ISSUE_ROWS, ORIGINAL_CASES, SHAPE_CASES, SHAPES } from "../bench/rows.ts";

/** Issue 32's table, first column and "must reach", as the issue writes them. */
const ISSUE_TABLE: readonly [string, string][] = [
  ["typical plan, PreToolUse / UserPromptSubmit", "1.3x"],
  ["attested 1 MiB plan (padding in one completed phase), PreToolUse", "1.7x"],
  ["attested 1 MiB plan, UserPromptSubmit", "1.7x, RSS 1.4x"],
  ["vs the original's shell hooks, typical / 1 MiB prompt", "faster"],
  ["vs the original, gated prompt / gated Stop / gated 1 MiB", "—"],
  ["vs the original, pre-tool (`head -30`, ~10 ms)", "fewer fires"],
];

const ALL = [...CORE_CASES, ...SHAPE_CASES, ...ORIGINAL_CASES];

Deno.test("the bench has a row for every row of issue 32's table, in its order", () => {
  const named = [...new Set(ISSUE_ROWS.map((r) => r.issueRow))];
  assertEquals(named, ISSUE_TABLE.map(([row]) => row));
});

Deno.test("each issue row's figures carry the issue's must-reach", () => {
  for (const [row, must] of ISSUE_TABLE) {
    const lines = ISSUE_ROWS.filter((r) => r.issueRow === row);
    const printed = lines.map((r) =>
      r.original
        ? (r.time === undefined ? "—" : "faster")
        : `${r.time}x${r.mem === undefined ? "" : `, RSS ${r.mem}x`}`
    );
    const expect = must === "fewer fires" ? "—" : must;
    assert(printed.every((p) => p === expect), `${row}: ${printed.join(" / ")} (issue: ${must})`);
  }
});

Deno.test("the multi-figure issue rows get one line per figure", () => {
  const count = (row: string) => ISSUE_ROWS.filter((r) => r.issueRow === row).length;
  assertEquals(ISSUE_TABLE.map(([row]) => count(row)), [2, 1, 1, 2, 3, 1]);
});

Deno.test("every issue row measures cases the bench runs, pwf's against the original's where it compares", () => {
  const names = new Set(ALL.map((c) => c.name));
  for (const r of ISSUE_ROWS) {
    assert(names.has(r.pwf), `${r.label}: no case ${r.pwf}`);
    if (r.original) assert(names.has(r.original), `${r.label}: no case ${r.original}`);
    assertEquals(r.original !== undefined, r.issueRow.startsWith("vs the original"), r.label);
    const pwf = ALL.find((c) => c.name === r.pwf)!;
    const theirs = ALL.find((c) => c.name === r.original);
    assertEquals(pwf.side, "pwf");
    if (theirs) {
      assertEquals(theirs.side, "original");
      assertEquals([theirs.shape, theirs.event, theirs.gated], [pwf.shape, pwf.event, pwf.gated]);
    }
  }
});

Deno.test("case names are unique", () => {
  assertEquals(new Set(ALL.map((c) => c.name)).size, ALL.length);
});

Deno.test("every shape issue 32 names has pre-tool and prompt fires, and a gated Stop", () => {
  for (
    const id of ["attested-1mib", "long", "short", "cjk", "arabic", "zh", "progress", "ledger"]
  ) {
    const on = (event: string, gated: boolean) =>
      SHAPE_CASES.some((c) => c.shape === id && c.event === event && c.gated === gated);
    assert(on("PreToolUse", false) && on("UserPromptSubmit", false), id);
    assert(on("Stop", true), `${id}: gated Stop`);
  }
  assert(SHAPES.every((s) => ALL.some((c) => c.shape === s.id)), "every shape is measured");
});

import { assertEquals, assertStringIncludes } from "../../../tests/assert.ts";
import { type Finding, findingLine, lintPlan } from "./lint.ts";
import { parsePlan } from "./parse.ts";

const GOOD = `# Task Plan: X

## Goal
Ship X.

## Next Step
Write the tests.

## Current Phase
Phase 2

## Phases

### Phase 1: Discovery
- **Status:** complete

### Phase 2: Build
- **Status:** in_progress

### Phase 3: Test
- **Status:** pending
`;

function lint(text: string): Finding[] {
  return lintPlan(parsePlan(text));
}

function only(text: string): Finding {
  const f = lint(text);
  assertEquals(f.length, 1, f.map(findingLine).join("\n"));
  return f[0]!;
}

Deno.test("lintPlan() finds nothing wrong with a well-formed plan", () => {
  assertEquals(lint(GOOD), []);
});

Deno.test("lintPlan() reports a missing Goal section as ERROR at line 1", () => {
  const f = only(GOOD.replace("## Goal\nShip X.\n\n", ""));
  assertEquals([f.severity, f.line], ["ERROR", 1]);
  assertStringIncludes(f.message, `no "## Goal" section`);
});

Deno.test("lintPlan() reports a placeholder Goal as WARN on its line", () => {
  const f = only(GOOD.replace("Ship X.", "[One sentence: what is true when done]"));
  assertEquals([f.severity, f.line], ["WARN", 4]);
  assertStringIncludes(f.message, "placeholder");
});

Deno.test("lintPlan() reports an empty Goal as WARN", () => {
  const f = only(GOOD.replace("Ship X.\n", ""));
  assertEquals([f.severity, f.line], ["WARN", 3]);
  assertStringIncludes(f.message, "Goal is empty");
});

Deno.test("lintPlan() reports a plan without phases as ERROR", () => {
  const f = lint("# Notes\n\n## Goal\nThink.\n\n## Next Step\nRead.\n");
  assertEquals(f.map(findingLine), [
    `ERROR 1: no phases: add "### Phase 1: <title>" headings, each with a "- **Status:** pending" line`,
  ]);
});

Deno.test("lintPlan() ignores phase headings inside code fences", () => {
  const f = lint("## Goal\nG\n## Next Step\nN\n```\n### Phase 1: A\n- **Status:** pending\n```\n");
  assertEquals(f.map((x) => x.message.slice(0, 9)), ["no phases"]);
});

Deno.test("lintPlan() reports a duplicate phase number as ERROR on the second heading", () => {
  const f = only(GOOD.replace("### Phase 3: Test", "### Phase 2: Test"));
  assertEquals([f.severity, f.line], ["ERROR", 20]);
  assertStringIncludes(f.message, "duplicate phase number: Phase 2 already heads line 17");
});

Deno.test("lintPlan() reports decreasing phase numbers as WARN", () => {
  const f = only(GOOD.replace("### Phase 3: Test", "### Phase 0: Test"));
  assertEquals([f.severity, f.line], ["WARN", 20]);
  assertStringIncludes(f.message, "Phase 0 comes after Phase 2");
});

Deno.test("lintPlan() reports an unknown status value as ERROR on the status line", () => {
  const f = only(GOOD.replace("- **Status:** pending", "- **Status:** done"));
  assertEquals([f.severity, f.line], ["ERROR", 21]);
  assertStringIncludes(f.message, `Phase 3 has unknown status "done"`);
});

Deno.test("lintPlan() reports a phase without a status line as ERROR on its heading", () => {
  const f = only(GOOD.replace("- **Status:** pending\n", "- [ ] test it\n"));
  assertEquals([f.severity, f.line], ["ERROR", 20]);
  assertStringIncludes(f.message, `Phase 3 has no "**Status:**" line`);
});

Deno.test("lintPlan() reports two status lines in one phase as ERROR", () => {
  const f = only(
    GOOD.replace("- **Status:** pending", "- **Status:** pending\n- **Status:** pending"),
  );
  assertEquals([f.severity, f.line], ["ERROR", 20]);
  assertStringIncludes(f.message, `Phase 3 has 2 "**Status:**" lines`);
});

Deno.test("lintPlan() accepts the inline [pending] status form", () => {
  assertEquals(lint(GOOD.replace("- **Status:** pending", "[pending]")), []);
});

Deno.test("lintPlan() reports a second in_progress phase as ERROR on its status line", () => {
  const f = only(GOOD.replace("- **Status:** pending", "- **Status:** in_progress"));
  assertEquals([f.severity, f.line], ["ERROR", 21]);
  assertStringIncludes(f.message, "Phase 3 is in_progress while Phase 2 (line 18) is too");
});

Deno.test("lintPlan() reports a missing Next Step section as WARN", () => {
  const f = only(GOOD.replace("## Next Step\nWrite the tests.\n\n", ""));
  assertEquals([f.severity, f.line], ["WARN", 1]);
  assertStringIncludes(f.message, `no "## Next Step" section`);
});

Deno.test("lintPlan() reports a Current Phase that disagrees with the in-progress phase as WARN", () => {
  const f = only(GOOD.replace("## Current Phase\nPhase 2", "## Current Phase\nPhase 1"));
  assertEquals([f.severity, f.line], ["WARN", 10]);
  assertStringIncludes(f.message, `"## Current Phase" says "Phase 1" but Phase 2 is in_progress`);
});

Deno.test("lintPlan() reads Current Phase line numbers in a CRLF plan", () => {
  const f = only(
    GOOD.replace("## Current Phase\nPhase 2", "## Current Phase\nPhase 3").replaceAll("\n", "\r\n"),
  );
  assertEquals(f.line, 10);
});

Deno.test("lintPlan() sorts findings by line", () => {
  const f = lint("## Goal\n[x]\n### Phase 2: A\n- **Status:** nope\n### Phase 1: B\n");
  assertEquals(f.map((x) => [x.line, x.severity]), [
    [1, "WARN"],
    [2, "WARN"],
    [4, "ERROR"],
    [5, "ERROR"],
    [5, "WARN"],
  ]);
});

Deno.test("lintPlan() warns on a plan mixing two languages' labels", () => {
  const f = lint("## 目标\nx\n## 下一步\ny\n### Fase 1: A\n- **Estado:** pending\n");
  assertEquals(f.map((x) => [x.severity, x.line]), [["WARN", 1]]);
  assertStringIncludes(f[0]!.message, `mixed languages: "目标" (line 1)`);
});

Deno.test("lintPlan() finds nothing wrong with a well-formed Chinese plan", () => {
  const zh = "# 计划\n\n## 目标\n交付\n\n## 下一步\n写测试\n\n## 当前阶段\n阶段 1\n\n" +
    "### 阶段 1：构建\n- **状态：** in_progress\n";
  assertEquals(lint(zh), []);
});

Deno.test("lintPlan() suggests the plan's own status label when one is missing", () => {
  const f = lint("## 目标\nx\n## 下一步\ny\n### 阶段 1：A\n");
  assertStringIncludes(f[0]!.message, `add "- **状态：** pending"`);
});

Deno.test("lintPlan() reports an AcceptanceCheck line that is not one backticked command", () => {
  const f = lintPlan(parsePlan(GOOD + "- **AcceptanceCheck:** make test\n"));
  const hit = f.find((x) => x.message.includes("AcceptanceCheck"));
  assertEquals(hit?.severity, "ERROR");
  assertStringIncludes(hit?.message ?? "", "one pair of backticks");
});

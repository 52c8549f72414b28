import { assertEquals } from "../../../tests/assert.ts";
import { CHECK_MAX_CHARS, matchingChecks, planChecks, readCheckLine } from "./checks.ts";
import { parsePlan } from "../plan/parse.ts";

Deno.test("readCheckLine() reads the command of a backticked field, trimmed", () => {
  assertEquals(readCheckLine("- **AcceptanceCheck:** ` sh check.sh `"), { command: "sh check.sh" });
  assertEquals(readCheckLine("**AcceptanceCheck:** `x`"), { command: "x" });
});

Deno.test("readCheckLine() ignores lines that are not the field", () => {
  assertEquals(readCheckLine("- **Status:** pending"), null);
  assertEquals(readCheckLine("AcceptanceCheck: `x`"), null);
  assertEquals(readCheckLine("-**AcceptanceCheck:** `x`"), null);
});

Deno.test("readCheckLine() names what is wrong with an unreadable field", () => {
  const problem = (l: string) => {
    const r = readCheckLine(l);
    return r !== null && "problem" in r;
  };
  assertEquals(problem("- **AcceptanceCheck:** make test"), true);
  assertEquals(problem("- **AcceptanceCheck:** ``"), true);
  assertEquals(problem("- **AcceptanceCheck:** `  `"), true);
  assertEquals(problem("- **AcceptanceCheck:** `a`b`"), true);
  assertEquals(problem("- **AcceptanceCheck:** ``a``"), true);
  assertEquals(problem("- **AcceptanceCheck** `a`"), true);
  assertEquals(problem("- **AcceptanceCheck:** `a\u0007b`"), true);
  assertEquals(problem("- **AcceptanceCheck:** ｀a｀"), true);
  assertEquals(problem(`- **AcceptanceCheck:** \`${"a".repeat(CHECK_MAX_CHARS + 1)}\``), true);
});

Deno.test("planChecks() reads checks inside phases only, not in code fences", () => {
  const plan = parsePlan(
    [
      "- **AcceptanceCheck:** `outside`",
      "### Phase 1: A",
      "- **Status:** pending",
      "- **AcceptanceCheck:** `one`",
      "```",
      "- **AcceptanceCheck:** `fenced`",
      "```",
      "- **AcceptanceCheck:** `two`",
      "### Phase 2: B",
      "- **AcceptanceCheck:** bad",
    ].join("\n"),
  );
  const r = planChecks(plan);
  assertEquals(r.checks.map((c) => `${c.phase}:${c.command}:${c.line}`), ["1:one:3", "1:two:7"]);
  assertEquals(r.problems.map((p) => `${p.phase}:${p.line}`), ["2:9"]);
});

Deno.test("matchingChecks() is exact after trimming surrounding whitespace", () => {
  const cs = [{ phase: 1, line: 0, command: "sh check.sh" }];
  assertEquals(matchingChecks("\tsh check.sh \n", cs).length, 1);
  assertEquals(matchingChecks("sh  check.sh", cs).length, 0);
  assertEquals(matchingChecks("sh check.sh; true", cs).length, 0);
  assertEquals(matchingChecks("SH check.sh", cs).length, 0);
  assertEquals(matchingChecks("sh check.sh".padEnd(1024 * 1024, " "), cs).length, 0);
});

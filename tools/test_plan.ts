/**
 * The one list of what "every test" means (unit, doc and black-box tests):
 * the quality gate runs it natively (on Linux, macOS and, in the GitHub
 * Windows job, on real Windows), and the Windows lane runs the same list with
 * the Windows build of Deno under Wine (docs/windows.md). A test
 * (tests/windows_lane_test.ts) keeps both on this list.
 * @module
 */

/** Where the tests live. */
export const TEST_DIRS: readonly string[] = ["lib/", "tests/"];

/** Arguments of `deno` that run every unit, doc and black-box test. */
export const TEST_ARGS: readonly string[] = [
  "test",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--doc",
  "--parallel",
  ...TEST_DIRS,
];

/** Counts of a `deno test` run. */
export interface TestCounts {
  readonly passed: number;
  readonly failed: number;
  readonly ignored: number;
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** "ok | N passed | M failed | K ignored" of a deno test run; none of that line counts as one failure. */
export function testCounts(output: string): TestCounts {
  const plain = output.replace(ANSI, "");
  const m =
    /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed(?: \(\d+ steps?\))?(?: \| (\d+) ignored)?/
      .exec(plain);
  return m
    ? { passed: Number(m[1]), failed: Number(m[2]), ignored: Number(m[3] ?? 0) }
    : { passed: 0, failed: 1, ignored: 0 };
}

/** A test skipped through tests/skip.ts, as `deno test` reports it. */
export interface SkippedTest {
  readonly name: string;
  readonly reason: string;
}

/**
 * The ignored tests of a `deno test` run: those skipped through the shared
 * helper (tests/skip.ts, the name carries " [skipped: reason]") and those
 * ignored without a stated reason (a failure in the gate and the lane).
 */
export function ignoredTests(output: string): { skipped: SkippedTest[]; unexplained: string[] } {
  const skipped: SkippedTest[] = [];
  const unexplained: string[] = [];
  for (const line of output.replace(ANSI, "").split(/\r?\n/)) {
    const m = /^\s*(.+?) \.\.\. ignored(?: \(\d+m?s\))?$/.exec(line);
    if (!m) continue;
    const s = /^(.*) \[skipped: (.*)\]$/.exec(m[1]!);
    if (s) skipped.push({ name: s[1]!, reason: s[2]! });
    else unexplained.push(m[1]!);
  }
  return { skipped, unexplained };
}

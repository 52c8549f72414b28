// deno-lint-ignore-file no-console
/**
 * The one quality gate (README "Run the tests", .ci/run): fmt check, lint,
 * type check (including the pure-core check), every test, then the end-to-end
 * tests against the real host CLIs (`deno task e2e`, needs the npm registry
 * for its first installs; an install or namespace failure fails the gate), then
 * on Linux the Windows lane (tools/windows_lane.ts: the same tests with the
 * Windows build of Deno under Wine), ending with one line "N passed, M
 * failed" over all of them. Skipped tests are listed with their reasons; an
 * ignored test without one is a failure. Exit non-zero if any step fails.
 *
 * The lane (docs/windows.md): `PWF_WINDOWS_LANE=skip` skips it in local runs
 * (one line says so, the result line says Windows was not run, and the exit
 * code ignores it); where it cannot run (not Linux root with a Debian
 * mirror) one line says why and names `deno task test-windows`;
 * `PWF_WINDOWS_LANE=require` (.ci/run sets it) makes that a failure. On
 * Windows the native run is the Windows run; on macOS the lane is skipped.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { ignoredTests, TEST_ARGS, testCounts } from "./test_plan.ts";
import { ensureTestPrereqs } from "./test_prereqs.ts";
import { LANE_ENV, laneDecision, laneUnavailable, skipReport } from "./windows_lane.ts";
const deno = Deno.execPath();
const root = REPO_ROOT;

async function step(name: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  console.log(`==> ${name}: deno ${args.join(" ")}`);
  const child = new Deno.Command(deno, { args, cwd: root, stdout: "piped", stderr: "piped" })
    .spawn();
  let output = "";
  // streamed as it comes (the Windows lane runs for minutes and prints its progress)
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) {
      output += dec.decode(chunk, { stream: true });
      await sink.write(chunk);
    }
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  const status = await child.status;
  return { ok: status.success, output };
}

let failedSteps = 0;
// The one artifact first (tools/bundle.ts): every black-box test runs it.
if (
  !(await step("bundle", [
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-run",
    "tools/bundle.ts",
  ])).ok
) {
  failedSteps++;
}
for (
  const [name, args] of [
    ["format", ["fmt", "--check"]],
    ["lint", ["lint"]],
    ["type check", ["task", "-q", "check"]],
  ] as const
) {
  if (!(await step(name, [...args])).ok) failedSteps++;
}

await ensureTestPrereqs();
const test = await step("tests", [...TEST_ARGS]);
const counts = testCounts;
const nativeIgnored = ignoredTests(test.output);

// The e2e launcher is a POSIX script (e2e/claude_host.ts): on Windows the step
// cannot run, and says so instead of counting as passed.
const windows = Deno.build.os === "windows";
if (windows) console.log("==> e2e: not run on Windows (its pwf launcher is a POSIX shell script)");
const e2e = windows
  ? { ok: true, output: "ok | 0 passed | 0 failed" }
  : await step("e2e (real host CLIs)", ["task", "-q", "e2e"]);
const unit = counts(test.output);
const end = e2eCounts(e2e.output);

/** The e2e runs one `deno test` per host: the sum of their summary lines (none: one failure). */
function e2eCounts(output: string): { passed: number; failed: number } {
  // deno-lint-ignore no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const all = [
    ...plain.matchAll(/(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/g),
  ];
  if (all.length === 0) return { passed: 0, failed: 1 };
  return {
    passed: all.reduce((n, m) => n + Number(m[1]), 0),
    failed: all.reduce((n, m) => n + Number(m[2]), 0),
  };
}

/** The Windows lane's part: its counts, or why it did not run (and whether that fails the gate). */
async function windowsLane(): Promise<
  { ran: true; passed: number; failed: number } | { ran: false; why: string; fails: boolean }
> {
  const mode = Deno.env.get(LANE_ENV);
  const needsProbe = !windows && mode !== "skip";
  const d = laneDecision(Deno.build.os, mode, needsProbe ? await laneUnavailable() : null);
  if (d.run === "native") {
    console.log(`==> ${d.line}`);
    return { ran: true, passed: 0, failed: 0 };
  }
  if (d.run === "none") {
    console.log(`==> ${d.line}`);
    return { ran: false, why: d.why, fails: d.fails };
  }
  const r = await step("windows lane (Windows deno.exe under Wine)", [
    "task",
    "-q",
    "test-windows",
  ]);
  const last = [...r.output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  if (!last) return { ran: true, passed: 0, failed: 1 };
  const failed = Number(last[2]);
  return { ran: true, passed: Number(last[1]), failed: failed + (r.ok || failed ? 0 : 1) };
}

const lane = await windowsLane();
for (const l of skipReport("natively", nativeIgnored.skipped, nativeIgnored.unexplained)) {
  console.log(l);
}
const laneRan = lane.ran ? lane : { passed: 0, failed: lane.fails ? 1 : 0 };
const passed = unit.passed + end.passed + laneRan.passed;
const failed = unit.failed + end.failed + (e2e.ok || end.failed ? 0 : 1) +
  nativeIgnored.unexplained.length + laneRan.failed + failedSteps;
if (failedSteps) console.log(`${failedSteps} quality step(s) failed (format, lint or type check)`);
const parts = windows
  ? "this run on Windows"
  : lane.ran
  ? `native ${unit.passed + end.passed} + Windows lane ${lane.passed}`
  : `native only; Windows NOT covered: lane ${lane.why}`;
console.log(`${passed} passed, ${failed} failed (${parts})`);
Deno.exit(
  failed === 0 && test.ok && e2e.ok && unit.passed > 0 && (windows || end.passed > 0) &&
    (!lane.ran || windows || lane.passed > 0)
    ? 0
    : 1,
);

// deno-lint-ignore-file no-console
/**
 * The one quality gate (README "Run the tests", .ci/run): fmt check, lint,
 * type check (including the pure-core check), every test, then the end-to-end
 * tests against the real Claude Code CLI (`deno task e2e`, needs the npm
 * registry for its first install; an install failure fails the gate), ending
 * with a line "N passed, M failed". Exit non-zero if any step fails.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
const deno = Deno.execPath();
const root = REPO_ROOT;

async function step(name: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  console.log(`==> ${name}: deno ${args.join(" ")}`);
  const child = new Deno.Command(deno, { args, cwd: root, stdout: "piped", stderr: "piped" })
    .spawn();
  const [out, err] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.status,
  ]);
  const status = await child.status;
  Deno.stdout.writeSync(new TextEncoder().encode(out));
  Deno.stderr.writeSync(new TextEncoder().encode(err));
  return { ok: status.success, output: out + err };
}

let failedSteps = 0;
// The one artifact first (tools/bundle.ts): every black-box test runs it.
if (
  !(await step("bundle", [
    "run",
    "--allow-read",
    "--allow-write",
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

const test = await step("tests", [
  "test",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--doc",
  "--parallel",
  "lib/",
  "tests/",
]);
/** "N passed | M failed" of a deno test run; a run without that line counts as one failure. */
function counts(output: string): { passed: number; failed: number } {
  // deno-lint-ignore no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
  const m = /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(plain);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : { passed: 0, failed: 1 };
}

// The e2e launcher is a POSIX script (e2e/claude_host.ts): on Windows the step
// cannot run, and says so instead of counting as passed.
const windows = Deno.build.os === "windows";
if (windows) console.log("==> e2e: not run on Windows (its pwf launcher is a POSIX shell script)");
const e2e = windows
  ? { ok: true, output: "ok | 0 passed | 0 failed" }
  : await step("e2e (real Claude Code CLI)", ["task", "-q", "e2e"]);
const unit = counts(test.output);
const end = counts(e2e.output);
const passed = unit.passed + end.passed;
const failed = unit.failed + end.failed + (e2e.ok || end.failed ? 0 : 1);
if (failedSteps) console.log(`${failedSteps} quality step(s) failed (format, lint or type check)`);
console.log(`${passed} passed, ${failed + failedSteps} failed`);
Deno.exit(
  test.ok && e2e.ok && failedSteps === 0 && unit.passed > 0 && (windows || end.passed > 0) ? 0 : 1,
);

// deno-lint-ignore-file no-console
/**
 * The one quality gate (README "Run the tests", .ci/run): fmt check, lint,
 * type check (including the pure-core check), then every test, ending with
 * a line "N passed, M failed". Exit non-zero if any step fails.
 * @module
 */

const deno = Deno.execPath();
const root = new URL("../", import.meta.url).pathname;

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
// deno-lint-ignore no-control-regex
const plain = test.output.replace(/\x1b\[[0-9;]*m/g, "");
const m = /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(plain);
const passed = m ? Number(m[1]) : 0;
const failed = m ? Number(m[2]) : 1;
if (failedSteps) console.log(`${failedSteps} quality step(s) failed (format, lint or type check)`);
console.log(`${passed} passed, ${failed + failedSteps} failed`);
Deno.exit(test.ok && failedSteps === 0 && passed > 0 ? 0 : 1);

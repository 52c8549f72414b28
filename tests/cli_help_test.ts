/**
 * The CLI helps with mistakes (issue 29): "did you mean" for commands,
 * flags, hosts, events, statuses and plan ids; every usage error names
 * `pwf help <command>`; `--help` at every level; `--json` failures print one
 * JSON error object on stdout.
 * @module
 */

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf } from "./helpers.ts";

const TYPOS: readonly [string[], string, string][] = [
  [["stauts"], '"status"', '(see "pwf help")'],
  [["hooks", "print", "claud"], '"claude"', '(see "pwf help hooks")'],
  [["hooks", "prnt", "claude"], '"print"', '(see "pwf help hooks")'],
  [["init", "--gatd"], '"--gated"', '(see "pwf help init")'],
  [["attest", "--verfy"], '"--verify"', '(see "pwf help attest")'],
  [["phase", "1", "completed"], '"complete"', '(see "pwf help phase")'],
  [["ledger", "apend"], '"append"', '(see "pwf help ledger")'],
  [["skill", "print", "--host", "codx"], '"codex"', '(see "pwf help skill")'],
];

for (const [argv, suggestion, pointer] of TYPOS) {
  Deno.test(`pwf ${argv.join(" ")} says did you mean ${suggestion} and ${pointer}`, async () => {
    await inProject(async (dir) => {
      await initPlan(dir);
      const r = await runPwf(dir, argv);
      assertEquals(r.code, 2, r.stderr);
      assertStringIncludes(r.stderr, `; did you mean ${suggestion}?`);
      assertStringIncludes(r.stderr, pointer);
      assertEquals(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
    });
  });
}

Deno.test("a usage error with nothing close suggests nothing and still names pwf help <command>", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["status", "--zzzzzz"]);
    assertEquals(r.code, 2);
    assertEquals(r.stderr, 'pwf: status: unknown flag "--zzzzzz" (see "pwf help status")\n');
  });
});

Deno.test("pwf use <part of a plan's title> suggests the plan id that holds it", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Billing migration"]);
    const r = await runPwf(dir, ["use", "billing"]);
    assertEquals(r.code, 5);
    assertStringIncludes(r.stderr, `did you mean "${id}"?`);
  });
});

Deno.test("hook: a mistyped host or event gets a suggestion on stderr and still exits 0 with nothing on stdout", async () => {
  await inProject(async (dir) => {
    const host = await runPwf(dir, ["hook", "claud", "Stop"]);
    assertEquals([host.code, host.stdout], [0, ""]);
    assertStringIncludes(host.stderr, 'unknown host "claud"; did you mean "claude"?');
    assertStringIncludes(host.stderr, '(see "pwf help hook")');
    const event = await runPwf(dir, ["hook", "claude", "Stopp"]);
    assertEquals([event.code, event.stdout], [0, ""]);
    assertStringIncludes(event.stderr, 'unknown claude event "Stopp"; did you mean "Stop"?');
  });
});

Deno.test("--help works at every level: pwf, a command, a subcommand, and pwf hook", async () => {
  await inProject(async (dir) => {
    for (
      const [argv, head] of [
        [["--help"], "Usage: pwf <command>"],
        [["hook", "--help"], "pwf hook: "],
        [["hook", "-h"], "pwf hook: "],
        [["hooks", "print", "--help"], "pwf hooks: "],
        [["ledger", "append", "--help"], "pwf ledger: "],
        [["help", "hook"], "pwf hook: "],
      ] as const
    ) {
      const r = await runPwf(dir, argv);
      assertEquals([r.code, r.stderr], [0, ""], argv.join(" "));
      assertStringIncludes(r.stdout, head);
    }
  });
});

Deno.test("with --json a failure prints one JSON error object on stdout and the line on stderr", async () => {
  await inProject(async (dir) => {
    const noPlan = await runPwf(dir, ["status", "--json"]);
    assertEquals(noPlan.code, 5);
    const obj = JSON.parse(noPlan.stdout);
    assertEquals(Object.keys(obj), ["schemaVersion", "error", "exitCode"]);
    assertEquals([obj.schemaVersion, obj.exitCode], [1, 5]);
    assertStringIncludes(noPlan.stderr, obj.error);
    const usage = await runPwf(dir, ["phase", "1", "completed", "--json"]);
    assertEquals(usage.code, 2);
    assertEquals(JSON.parse(usage.stdout).exitCode, 2);
    assertStringIncludes(JSON.parse(usage.stdout).error, 'did you mean "complete"?');
    // After "--" it is an argument, not the flag.
    const plain = await runPwf(dir, ["stauts", "--", "--json"]);
    assertEquals([plain.code, plain.stdout], [2, ""]);
  });
});

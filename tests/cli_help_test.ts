/**
 * The CLI helps with mistakes (issue 29): "did you mean" for commands,
 * flags, hosts, events, statuses and plan ids; every usage error names
 * `pwf help <command>`; `--help` at every level; `--json` failures print one
 * JSON error object on stdout.
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

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

Deno.test("status says to run pwf lint when lint finds errors ([?] rows), and nothing when the plan is clean", async () => {
  await inProject(async (dir) => {
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      "# Task Plan: x\n\n## Goal\nShip.\n\n### Phase 1: A\n",
    );
    await writeText(dir, ".planning/.active_plan", "p\n");
    const r = await runPwf(dir, ["status"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "[?]");
    assertStringIncludes(
      r.stdout,
      'Lint: 1 error(s) (a [?] row is a phase whose status pwf cannot read): run "pwf lint"',
    );
    assertEquals(JSON.parse((await runPwf(dir, ["status", "--json"])).stdout).hints.length, 1);
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const clean = await runPwf(dir, ["status"]);
    assert(!clean.stdout.includes("Lint:") && !clean.stdout.includes("Injection:"), clean.stdout);
  });
});

Deno.test("status says injection is blocked, and to run pwf attest, for an unattested autonomous plan and a tampered one", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/.active_plan", "p\n");
    await writeText(dir, ".planning/p/.mode", "autonomous\n");
    const unattested = await runPwf(dir, ["status"]);
    assertStringIncludes(
      unattested.stdout,
      'Injection: blocked: an autonomous plan must be attested; review it, then run "pwf attest"',
    );
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    assert(!(await runPwf(dir, ["status"])).stdout.includes("Injection:"));
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN + "\nedited\n");
    const tampered = await runPwf(dir, ["status"]);
    assertStringIncludes(
      tampered.stdout,
      "Injection: blocked: task_plan.md changed since it was attested",
    );
  });
});

Deno.test("an error that names its own next step also names pwf help <command>; so does a no-plan error", async () => {
  await inProject(async (dir) => {
    const own = await runPwf(dir, ["use", "nosuch"]);
    assertStringIncludes(own.stderr, '(see "pwf use --list", or "pwf help use")');
    const none = await runPwf(dir, ["status"]);
    assertEquals(none.code, 5);
    assertStringIncludes(none.stderr, '"pwf help status"');
  });
});

/**
 * Issue 26 item 8: what pwf prints for a person holds no control character
 * and no bidi control, and each diagnostic line is bounded. `pwf ledger
 * summary` printed phase titles byte for byte (OSC 0 window title, OSC 52
 * clipboard, CSI clear, a raw 0x9b CSI, BEL, BS), diagnostics echoed ESC and
 * BEL from argv, and bidi overrides passed through status, check, lint,
 * doctor and catchup. The rule lives in lib/core/text/display.ts.
 */

import { OUTPUT_LINE_MAX } from "../lib/core/text/display.ts";
import { assert, assertEquals } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

/** Everything a terminal acts on or reorders, but tab and LF. */
const UNSAFE =
  // deno-lint-ignore no-control-regex
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const HOSTILE =
  "\x1b]0;owned\x07\x1b]52;c;Y2xpcA==\x07\x1b[2J\x9b31m\x07\b\u202eevil\u2066x\u2069\u2067";

function assertSafe(what: string, text: string): void {
  const m = UNSAFE.exec(text);
  assert(
    m === null,
    `${what}: U+${m?.[0].charCodeAt(0).toString(16)} at ${m?.index}: ${JSON.stringify(text)}`,
  );
}

/** A plan whose title, goal, phase titles and progress carry every hostile sequence. */
async function hostilePlan(dir: string): Promise<string> {
  const id = await initPlan(dir, ["Hostile"]);
  const plan = SAMPLE_PLAN.replace("# Task Plan: Sample", `# Task Plan: ${HOSTILE}`)
    .replace("### Phase 2: Build", `### Phase 2: Build ${HOSTILE}`)
    .replace("### Phase 3: Test", `### Phase 3: Test ${HOSTILE}`);
  await writeText(dir, `.planning/${id}/task_plan.md`, plan);
  await writeText(dir, `.planning/${id}/progress.md`, `# Progress\n- did ${HOSTILE}\n`);
  await writeText(
    dir,
    `.planning/${id}/ledger-main.jsonl`,
    `{"tick":1,"event":"progress","phase":"Phase 2: Build ${HOSTILE}","summary":"${
      JSON.stringify(HOSTILE).slice(1, -1)
    }"}\n`,
  );
  return id;
}

Deno.test("ledger summary, status, check, lint, doctor and catchup print no control or bidi character", async () => {
  await inProject(async (dir) => {
    await hostilePlan(dir);
    const transcript = JSON.stringify({
      type: "user",
      message: { role: "user", content: `fix ${HOSTILE}` },
    }) + "\n";
    const runs: [string, string[], string?][] = [
      ["ledger summary", ["ledger", "summary"]],
      ["status", ["status"]],
      ["check", ["check"]],
      ["lint", ["lint"]],
      ["doctor", ["doctor"]],
      ["catchup", ["catchup"]],
      ["catchup --replay", ["catchup", "--replay", "--transcript", "-"], transcript],
    ];
    for (const [what, argv, stdin] of runs) {
      const r = await runPwf(dir, argv, stdin === undefined ? {} : { stdin });
      assert(r.code !== 1, `${what}: ${r.stderr}`);
      assertSafe(`${what} stdout`, r.stdout);
      assertSafe(`${what} stderr`, r.stderr);
    }
  });
});

Deno.test("--json output escapes C1 and bidi characters and keeps the data exact", async () => {
  await inProject(async (dir) => {
    await hostilePlan(dir);
    for (const argv of [["status", "--json"], ["ledger", "summary", "--json"]]) {
      const r = await runPwf(dir, argv);
      assertEquals(r.code, 0, r.stderr);
      assertSafe(argv.join(" "), r.stdout);
      assert(JSON.stringify(JSON.parse(r.stdout)).includes("\u202eevil\u2066"), argv.join(" "));
    }
  });
});

Deno.test("diagnostics that echo argv are control-free, bidi-safe and bounded", async () => {
  await inProject(async (dir) => {
    await hostilePlan(dir);
    // Within Windows' 32,767-character command line, with the runtime's own arguments.
    const long = "x".repeat(20_000);
    const argvs = [
      [HOSTILE],
      ["status", `--${HOSTILE}`],
      ["hook", HOSTILE, "Stop"],
      ["hook", "claude", HOSTILE],
      ["phase", HOSTILE, "complete"],
      ["phase", "2", HOSTILE],
      ["use", HOSTILE],
      [long],
    ];
    for (const argv of argvs) {
      const r = await runPwf(dir, argv, { stdin: "{}" });
      assertSafe(`stderr of ${JSON.stringify(argv)}`, r.stderr);
      assert(r.stderr !== "", `${JSON.stringify(argv).slice(0, 80)}: no diagnostic`);
      for (const line of r.stderr.split("\n")) {
        assert(line.length <= OUTPUT_LINE_MAX, `a ${line.length}-character stderr line`);
      }
    }
  });
});

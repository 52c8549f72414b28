/**
 * Issue 26 item 1: long runs of spaces, hashes, backticks, `<!--`, frame
 * delimiters and separators in a plan, a payload, a transcript or a settings
 * file cost linear time in every hook tier and command. Doubling the run may
 * at most ~3x the in-process CPU time (tests/scaling.ts MAX_RATIO_MANY_LINES: the
 * runs of line breaks make some 300,000 lines; as
 * tests/phase_scaling_test.ts measures); a quadratic regex gives ~4x (at
 * main 5899442 every hook tier read 3.9-4.1x for plans holding runs of 8k and
 * 16k spaces). Then
 * every hook event, run as the host runs it, answers a plan of all the runs
 * at once within the 2 s hook budget (calibrated as tests/faults.ts does).
 * @module
 */

import { assert, assertEquals } from "./assert.ts";
import { tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { calibratedBoundMs, runFaulty } from "./faults.ts";
import { cpuTick, MAX_RATIO_MANY_LINES as BOUND, timeRatio } from "./scaling.ts";

/** The runs: whitespace, Markdown openers, frame delimiters, path separators, terminators. */
const RUNS = [
  " ",
  "\t",
  "#",
  "`",
  "<!--",
  "=",
  "===BEGIN-PWF-DATA ",
  "/",
  "\\",
  "*",
  "-",
  "[",
  "\n",
  "\r",
];

/** Characters per run in the small case (the large case doubles it). */
const N = 4096;

const rep = (run: string, n: number) => run.repeat(Math.ceil(n / run.length));

/** A plan with the run in a title, a heading, a phase title, a status line and a bare line. */
function hostilePlan(run: string, n: number): string {
  const r = rep(run, n);
  return [
    `# Plan x${r}y ##`,
    "## Goal",
    `g${r}g`,
    `## x${r}y`,
    `### Phase 1: x${r}#y`,
    `- **Status:** in_progress${r}x`,
    `- [x] ${r}`,
    `### Phase 2 ${r} ##`,
    `**Status:**${r}pending`,
    r,
    "",
  ].join("\n");
}

/** A Claude and a Codex transcript whose tool paths and patch headers hold the run. */
function hostileTranscript(run: string, n: number): string {
  const r = rep(run, n);
  const patch = [
    "*** Begin Patch",
    `*** Update File: a${r}b/progress.md`,
    `*** Add File: ${r}`,
    `*** Move to: x${r}`,
    ...Array.from({ length: n / 16 }, (_, i) => `*** Add File: f${i}.md`),
    "*** End Patch",
  ].join("\n");
  const lines = [
    {
      type: "assistant",
      message: {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "Edit", input: { file_path: `/p${r}/task_plan.md` } },
          { type: "text", text: `said ${r}` },
        ],
      },
    },
    {
      type: "response_item",
      payload: { type: "custom_tool_call", call_id: "c1", name: "apply_patch", input: patch },
    },
  ];
  return lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

interface Case {
  readonly name: string;
  readonly argv: readonly string[];
  readonly stdin: (run: string, n: number) => string;
}

const payload = (event: string) => (run: string, n: number) =>
  JSON.stringify({
    session_id: "s",
    hook_event_name: event,
    prompt: `go${rep(run, n)}`,
    tool_name: "Edit",
    tool_input: { file_path: `.planning/p/${rep(run, n)}` },
  });

const CASES: readonly Case[] = [
  ...["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PreCompact", "Stop"].map(
    (e) => ({ name: `hook claude ${e}`, argv: ["hook", "claude", e], stdin: payload(e) }),
  ),
  ...["status", "lint", "check", "catchup"].map((c) => ({ name: c, argv: [c], stdin: () => "" })),
  ...["--replay", "--metadata"].map((m) => ({
    name: `catchup ${m}`,
    argv: ["catchup", m, "--transcript", "-"],
    stdin: hostileTranscript,
  })),
  {
    name: "hooks print cursor --merge (a settings value)",
    argv: ["hooks", "print", "cursor", "--merge"],
    stdin: (run, n) => JSON.stringify({ x: rep(run, n) }),
  },
  {
    name: "hooks print cursor --merge (invalid settings)",
    argv: ["hooks", "print", "cursor", "--merge"],
    stdin: (run, n) => `{"x": 1${rep(run, n)}`,
  },
];

async function project(dir: string, plan: string): Promise<void> {
  await Deno.remove(`${dir}/.planning`, { recursive: true }).catch(() => {});
  await writeText(dir, ".planning/p/task_plan.md", plan);
  await writeText(dir, ".planning/p/progress.md", `# Progress\n${plan}`);
  await writeText(dir, ".planning/.active_plan", "p\n");
}

/**
 * Every run at once, each `n` characters long: the plan holds each run in
 * each of its places (fence and comment runs last: they hide what follows),
 * and a payload, transcript or settings value holds all the runs in a row.
 * One input for all runs keeps the test to one measurement per tier (the
 * Windows lane runs ten times slower); a quadratic step in any one place
 * still grows ~4x and dominates the doubled input.
 */
const ORDERED = RUNS.filter((r) => r !== "`" && r !== "<!--").concat("`", "<!--");
const allPlans = (n: number) => ORDERED.map((r) => hostilePlan(r, n)).join("");
const allRuns = (n: number) => ORDERED.map((r) => rep(r, n)).join("");

Deno.test("long runs of spaces, hashes, backticks, <!--, delimiters and separators cost linear time in every hook tier and command", async () => {
  const small = await tempProject("pwf-runs-");
  const large = await tempProject("pwf-runs-");
  try {
    await project(small.dir, allPlans(N));
    await project(large.dir, allPlans(2 * N));
    const [runA, runB] = [allRuns(N), allRuns(2 * N)];
    const tick = cpuTick();
    const slow: string[] = [];
    for (const c of CASES) {
      const [a, b] = [c.stdin(runA, runA.length), c.stdin(runB, runB.length)];
      const { ratio, report } = await timeRatio(
        tick,
        () => runInProcess(small.dir, c.argv, { stdin: a }),
        () => runInProcess(large.dir, c.argv, { stdin: b }),
        BOUND,
      );
      if (ratio > BOUND) slow.push(`${c.name}: ${report}`);
    }
    assertEquals(slow, [], `superlinear in the runs' length (bound ${BOUND}x)`);
  } finally {
    await small.cleanup();
    await large.cleanup();
  }
});

Deno.test("every hook tier answers a plan holding every hostile run within the 2 s hook budget", async () => {
  const p = await tempProject("pwf-runs-");
  try {
    await project(p.dir, allPlans(4 * N));
    const bound = await calibratedBoundMs(p.dir);
    for (const e of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
      const r = await runFaulty(p.dir, ["hook", "claude", e], { stdin: payload(e)(" ", 4 * N) });
      assertEquals(r.code, 0, `${e}: ${r.stderr}`);
      assert(r.ms <= bound, `${e} took ${Math.round(r.ms)} ms (bound ${bound} ms)`);
    }
  } finally {
    await p.cleanup();
  }
});

/**
 * End to end with the real Claude Code CLI (issues 8 and 14): pwf's hooks run
 * inside `claude -p`, against the loopback model server for the shared suite
 * (e2e/host_suite.ts) and with no server for the plugin, --merge, 1 MiB and
 * guidance tests, whose plan reaches the text Claude would send to the model.
 * Run with `deno task e2e` (tools/e2e.ts installs the pinned CLI first); not
 * part of `deno test lib/ tests/`. See docs/e2e.md.
 * @module
 */

import { DATA_ONLY_LINE } from "../lib/core/inject/framing.ts";
import { sessionStartGuidance } from "../lib/core/inject/guidance.ts";
import { byteLength } from "../lib/core/text/text.ts";
import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "../tests/assert.ts";
import { REPO, runPwf } from "../tests/helpers.ts";
import {
  acceptedContexts,
  claudeCommand,
  type ClaudeRun,
  FOREIGN_SETTINGS,
  hookAttachments,
  makeSandbox,
  modelText,
  runClaude,
  type Sandbox,
} from "./claude_host.ts";
import { MARKETPLACE, PACKAGES_DIR } from "../tools/package_layout.ts";
import { outsideState } from "./outside_state.ts";
import { verifiedFrames } from "./frames.ts";
import { makeSandbox as hostSandbox, requestTexts, runHost, shQuote } from "./harness.ts";
import { hostSuite } from "./host_suite.ts";
import {
  claudeContexts,
  claudeDriver,
  streamJsonInput,
  userLines,
  withAllowedTools,
} from "./hosts/claude.ts";
import { PRINTED, SHOW_DIR, subfolderSuite } from "./subfolder_suite.ts";
import { mcpTest } from "./mcp_suite.ts";
import { claudeMcpRoute } from "./mcp_routes.ts";
import { verifiedSuite } from "./verified_suite.ts";

const OUTSIDE_BEFORE = await outsideState();

// The shared behaviours against the loopback model server (Anthropic Messages
// SSE), asserted on the recorded request bodies: frames, the post-tool nudge
// after a Write, the gated stop, <, > and &, PLANNING_DISABLED, tampering.
hostSuite(claudeDriver, {
  sessionStartEvent: "SessionStart",
  promptEvent: "UserPromptSubmit",
  promptContext: true,
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  editCall: (file) => ({ tool: "Write", args: { file_path: file, content: "quokka notes\n" } }),
  splitContexts: claudeContexts,
  blockReasonAsSent: (reason) => reason,
});

// Verified completion (issue 28): Bash runs of the AcceptanceCheck reach pwf as
// PostToolUse (exit 0) and PostToolUseFailure (exit 1).
verifiedSuite(withAllowedTools(claudeDriver, "Write,Bash"), {
  shellCall: (command) => ({ tool: "Bash", args: { command, description: "run it" } }),
  editCall: (file) => ({ tool: "Write", args: { file_path: file, content: "ok\n" } }),
  outcomes: ["failed", "passed"],
});

// The tests below run Claude with no model server ("Not logged in") and read
// what it would have sent from its transcript (e2e/claude_host.ts).

const GOAL = "Teach the quokka parser to read lunar calendars without losing leap months.";
const PHASE_TITLE = "Lunar table calibration";
const EVENTS = ["SessionStart", "UserPromptSubmit"] as const;

/** A plan with a distinctive goal, phase 4 in progress, and `filler` before the phases. */
function planText(filler = ""): string {
  const phase = (n: number, title: string, status: string) =>
    `### Phase ${n}: ${title}\n- [ ] Work on ${title.toLowerCase()}\n- **Status:** ${status}\n\n`;
  return `# Task Plan: Quokka calendars\n\n## Goal\n${GOAL}\n\n## Next Step\n` +
    `Compare the leap-month table with the almanac.\n\n## Current Phase\nPhase 4\n\n` +
    filler + "## Phases\n\n" + phase(1, "Discovery", "complete") +
    phase(2, "Almanac import", "complete") + phase(3, "Parser rewrite", "complete") +
    phase(4, PHASE_TITLE, "in_progress") + phase(5, "Delivery", "pending");
}

/** Run one offline claude session in a fresh sandbox prepared by `setup`. */
async function session(
  setup: (sb: Sandbox) => Promise<void>,
  env: Record<string, string> = {},
): Promise<ClaudeRun> {
  const sb = await makeSandbox();
  try {
    await setup(sb);
    const run = await runClaude(sb, "What should I work on next?", env);
    // Offline and without credentials Claude stops before any network call.
    assertStringIncludes(run.stdout, "Not logged in");
    return run;
  } finally {
    await sb.cleanup();
  }
}

/** `pwf init`, then replace the plan with `text`. */
async function withPlan(sb: Sandbox, text: string): Promise<void> {
  const init = await runPwf(sb.project, ["init", "Quokka calendars", "--json"]);
  assertEquals(init.code, 0, init.stderr);
  const dir = JSON.parse(init.stdout).dir as string;
  await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, text);
}

/** What a hook is expected to print: context, nothing, or either. */
type Answer = "context" | "silent" | "any";

/**
 * Both hooks ran and exited 0 with empty stderr, and Claude recorded no hook
 * error of any kind. A silent hook prints nothing, so Claude records no
 * attachment for it (only the stream-json hook_response event).
 */
function assertHooksFiredCleanly(
  run: ClaudeRun,
  answers: Record<typeof EVENTS[number], Answer> = {
    SessionStart: "context",
    UserPromptSubmit: "context",
  },
): void {
  const atts = hookAttachments(run);
  for (const a of atts) {
    assert(
      a.type === "hook_success" || a.type === "hook_additional_context",
      `hook error attachment: ${JSON.stringify(a)}`,
    );
    if (a.type === "hook_success") assertEquals(a.exitCode, 0, JSON.stringify(a));
  }
  for (const event of EVENTS) {
    const answer = answers[event];
    const attached = atts.some((a) => a.hookEvent === event);
    if (answer !== "any") assertEquals(attached, answer === "context", `${event} attachment`);
    const responses = run.events.filter((e) =>
      e.subtype === "hook_response" && e.hook_event === event
    );
    assertEquals(responses.length, 1, `${event} hook responses`);
    assertEquals(responses[0]?.exit_code, 0);
    assertEquals(responses[0]?.outcome, "success");
    assertEquals(responses[0]?.stderr, "", `${event} stderr`);
    if (answer === "silent") assertEquals(responses[0]?.stdout, "", `${event} stdout`);
  }
}

/** Each hook's accepted context reached the model verbatim and whole. */
function contextsOf(run: ClaudeRun, model: string): string[] {
  assertNotIncludes(model, "persisted-output");
  return EVENTS.map((event) => {
    const got = acceptedContexts(run, event);
    assertEquals(got.length, 1, `${event} contexts`);
    const ctx = got[0] ?? "";
    assert(ctx.length <= 10_000, `${event} context is ${ctx.length} chars (> 10,000)`);
    assertStringIncludes(model, ctx);
    assertStringIncludes(model, `${event} hook additional context: ${DATA_ONLY_LINE}\n`);
    return ctx;
  });
}

Deno.test("claude: a 1 MiB plan still arrives whole and names the in-progress phase", async () => {
  const line =
    "- finding: the almanac disagrees with the table on this leap month, checked twice\n";
  const filler = "## Findings\n" + line.repeat(Math.ceil((1 << 20) / line.length)) + "\n";
  const text = planText(filler);
  assert(byteLength(text) >= 1 << 20, "plan is at least 1 MiB");
  const run = await session((sb) => withPlan(sb, text));
  assertHooksFiredCleanly(run);
  const model = modelText(run);
  for (const ctx of contextsOf(run, model)) {
    assert(ctx.length < 9_000 + 1, `context within pwf's budget: ${ctx.length}`);
    const frames = await verifiedFrames(ctx);
    assert(frames.some((f) => f.kind === "plan"), "a verified plan frame");
    assertStringIncludes(ctx, PHASE_TITLE);
    assertStringIncludes(ctx, "===END-PWF-DATA kind=plan nonce=");
  }
});

// Issue 9 item 5: an empty .planning/ (no plan yet) gets the session-start guidance.
Deno.test("claude: an empty .planning/ gets the session-start guidance", async () => {
  const run = await session((sb) => Deno.mkdir(`${sb.project}/.planning`));
  assertHooksFiredCleanly(run, { SessionStart: "context", UserPromptSubmit: "any" });
  const model = modelText(run);
  assertStringIncludes(model, sessionStartGuidance().trimEnd());
  assertNotIncludes(model, "BEGIN-PWF-DATA");
});

Deno.test("claude: a settings file merged with --merge keeps the other tool's keys and hook, and Claude runs it", async () => {
  let settings = "", launcher = "";
  const run = await session(async (sb) => {
    await withPlan(sb, planText());
    settings = await Deno.readTextFile(`${sb.project}/.claude/settings.json`);
    launcher = sb.launcher;
  });
  const foreign = JSON.parse(FOREIGN_SETTINGS), merged = JSON.parse(settings);
  assertEquals(Object.keys(merged), Object.keys(foreign));
  assertEquals(merged.permissions, foreign.permissions);
  assertEquals(merged.cleanupPeriodDays, 30);
  assertEquals(merged.hooks.SessionEnd, foreign.hooks.SessionEnd);
  for (const event of EVENTS) {
    // One entry each (the older shell-form Stop replaced), in exec form: no shell between.
    assertEquals(merged.hooks[event].length, 1, event);
    const handler = merged.hooks[event][0].hooks[0];
    assertEquals([handler.command, handler.args], [launcher, ["hook", "claude", event]]);
  }
  assertHooksFiredCleanly(run);
  assertStringIncludes(modelText(run), GOAL);
});

/** What a Claude run shows of pwf: does the model text hold the plan? */
function planReached(run: ClaudeRun): boolean {
  return modelText(run).includes(GOAL);
}

Deno.test("claude: pwf's plugin installed from the local marketplace injects the plan; uninstalled, it does not", async () => {
  const sb = await makeSandbox("none");
  const pkg = `${REPO}/${PACKAGES_DIR}/claude`;
  try {
    await withPlan(sb, planText());
    // The package's hooks are exec form with a bare `pwf`: Claude Code finds it on PATH.
    const hooks = JSON.parse(
      await Deno.readTextFile(`${pkg}/planning-with-files/hooks/hooks.json`),
    );
    for (const event of EVENTS) {
      assertEquals(hooks.hooks[event][0].hooks[0].command, "pwf");
      assertEquals(hooks.hooks[event][0].hooks[0].args, ["hook", "claude", event]);
    }
    await claudeCommand(sb, ["plugin", "validate", pkg]);
    assertStringIncludes(
      await claudeCommand(sb, ["plugin", "marketplace", "add", pkg]),
      `marketplace: ${MARKETPLACE}`,
    );
    await claudeCommand(sb, ["plugin", "install", `planning-with-files@${MARKETPLACE}`]);
    const installed = await runClaude(sb, "What should I work on next?");
    assertStringIncludes(installed.stdout, "Not logged in");
    assertHooksFiredCleanly(installed);
    assert(planReached(installed), "plan text in the model request with the plugin installed");
    const frames = await verifiedFrames(modelText(installed));
    assert(
      frames.some((f) =>
        f.kind === "plan" && f.payload.includes(`## Goal\n${GOAL}\n`) &&
        f.payload.includes(`### Phase 4: ${PHASE_TITLE}\n`)
      ),
      "a verified plan frame with the goal and the in-progress phase",
    );
    await claudeCommand(sb, ["plugin", "uninstall", `planning-with-files@${MARKETPLACE}`]);
    await claudeCommand(sb, ["plugin", "marketplace", "remove", MARKETPLACE]);
    const removed = await runClaude(sb, "What should I work on next?");
    assertStringIncludes(removed.stdout, "Not logged in");
    const model = modelText(removed);
    assertStringIncludes(model, "What should I work on next?");
    for (const absent of [GOAL, PHASE_TITLE, "BEGIN-PWF-DATA", DATA_ONLY_LINE]) {
      assertNotIncludes(model, absent);
    }
    assertEquals(removed.events.filter((e) => e.subtype === "hook_response").length, 0);
  } finally {
    await sb.cleanup();
  }
});

// Issue 25: the agent's `cd` in the Bash tool; Claude Code starts every later hook there.
subfolderSuite(claudeDriver, {
  cdCall: (_project, dir) => ({
    tool: "Bash",
    args: { command: `cd ${dir} && ${SHOW_DIR}`, description: "Enter the sub folder" },
  }),
  editCall: (file) => ({ tool: "Write", args: { file_path: file, content: "quokka notes\n" } }),
  postToolEvent: "PostToolUse",
  stopEvent: "Stop",
  promptEvent: "UserPromptSubmit",
  cwdAfter: "keeps",
  // A second `claude` run would start in the root again: both prompts go to one run.
  oneRun: {
    driver: streamJsonInput(withAllowedTools(claudeDriver, "Write,Bash")),
    stdin: userLines,
  },
}, [
  PRINTED,
  {
    name: "hooks print --merge",
    async register(sb) {
      const merged = await runPwf(
        sb.project,
        ["hooks", "print", "claude", "--bin", sb.launcher, "--merge"],
        { stdin: FOREIGN_SETTINGS },
      );
      assertEquals(merged.code, 0, merged.stderr);
      await Deno.writeTextFile(`${sb.project}/.claude/settings.json`, merged.stdout);
      return {};
    },
  },
  {
    name: "the plugin package",
    async register(sb) {
      await Deno.remove(`${sb.project}/.claude/settings.json`);
      const pkg = `${REPO}/${PACKAGES_DIR}/claude`;
      await claudeCommand(sb, ["plugin", "marketplace", "add", pkg]);
      await claudeCommand(sb, ["plugin", "install", `planning-with-files@${MARKETPLACE}`]);
      // The plugin's hooks run `pwf` from PATH: the sandbox's launcher.
      return { PATH: `${sb.root}/bin:/usr/bin:/bin` };
    },
  },
]);

// Wall time is not asserted here (a loaded machine makes it flaky): tools/e2e.ts
// prints each host's time, docs/e2e.md records them.
Deno.test("claude e2e: nothing left outside temp folders and cache", async () => {
  assertEquals(await outsideState(), OUTSIDE_BEFORE);
});

// Issue 31: pwf mcp loaded with --mcp-config, a scripted phase_set call.
mcpTest(claudeDriver, claudeMcpRoute);
// Issue 30: the measurement behind Claude's Stop answer form (lib/hosts/claude.ts). A stand-in
// Stop hook answers once in each form; both continue the turn (the second Stop carries
// stop_hook_active), but only decision:block reaches the model as a "blocking error" and shows
// the user a "stop hook problem" notice. pwf answers through additionalContext.
for (const form of ["decision", "context"] as const) {
  Deno.test(`claude: a Stop answered through ${form === "context" ? "additionalContext" : "decision:block"} continues the turn; the model reads it as ${form === "context" ? "additional context" : "a blocking error"}`, async () => {
    const sb = await hostSandbox("claude");
    try {
      const reason = "Phase 4 is in progress: finish it first.";
      const answer = form === "decision"
        ? { decision: "block", reason }
        : { hookSpecificOutput: { hookEventName: "Stop", additionalContext: reason } };
      const once = `${sb.root}/answered`, stdins = `${sb.root}/stop-stdin`;
      const script = `${sb.root}/bin/stop`;
      await Deno.writeTextFile(
        script,
        `#!/bin/sh\ncat >>${shQuote(stdins)}\necho >>${shQuote(stdins)}\n` +
          `[ -e ${shQuote(once)} ] && exit 0\n: >${shQuote(once)}\n` +
          `printf '%s\\n' ${shQuote(JSON.stringify(answer))}\n`,
        { mode: 0o755 },
      );
      await Deno.chmod(script, 0o755);
      await Deno.writeTextFile(
        `${sb.project}/.claude/settings.json`,
        JSON.stringify({
          hooks: { Stop: [{ hooks: [{ type: "command", command: script, args: [] }] }] },
        }),
      );
      const run = await runHost(claudeDriver, sb, {
        script: [{ text: "First answer." }, { text: "Second answer." }],
      });
      assertEquals(run.code, 0, run.stderr);
      const stops = (await Deno.readTextFile(stdins)).split("\n").filter((l) => l.trim())
        .map((l) => JSON.parse(l));
      assertEquals(stops.map((s) => s.stop_hook_active), [false, true]);
      const agent = run.requests.filter((r) => r.offersTools);
      assertEquals(agent.length, 2, "the turn went on once");
      const second = JSON.stringify(agent[1]!.body);
      if (form === "context") {
        assertStringIncludes(second, `Stop hook additional context: ${reason}`);
        assertNotIncludes(second, "blocking error");
        assertNotIncludes(run.stdout, "stop-hook-error");
      } else {
        assertStringIncludes(second, `Stop hook feedback:\\n${reason}`);
        assertStringIncludes(second, "Stop hook blocking error from command");
        assertStringIncludes(run.stdout, "stop-hook-error");
      }
    } finally {
      await sb.cleanup();
    }
  });
}

// Issue 30: `--fork-session` starts a new session holding the old conversation; its SessionStart
// carries the plan like a resume does (tests/host_events_test.ts pins source "fork" offline).
Deno.test("claude: a forked session (--continue --fork-session) gets a verified plan frame at SessionStart", async () => {
  const sb = await hostSandbox("claude");
  try {
    const init = await runPwf(sb.project, ["init", "Quokka calendars", "--json"]);
    assertEquals(init.code, 0, init.stderr);
    const dir = JSON.parse(init.stdout).dir as string;
    await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, planText());
    const first = await runHost(claudeDriver, sb, { script: [{ text: "First answer." }] });
    assertEquals(first.code, 0, first.stderr);
    const forking: typeof claudeDriver = {
      ...claudeDriver,
      command(s, server, prompt) {
        const cmd = claudeDriver.command(s, server, prompt);
        return { ...cmd, args: ["--continue", "--fork-session", ...cmd.args] };
      },
    };
    const fork = await runHost(forking, sb, {
      prompt: "Where were we?",
      script: [{ text: "Forked answer." }],
    });
    assertEquals(fork.code, 0, fork.stderr);
    assertEquals(fork.fires.filter((f) => f.event === "SessionStart").map((f) => f.code), [0]);
    const req = fork.requests.find((r) => r.offersTools);
    assert(req, "the forked session asked the model");
    const body = JSON.stringify(req.body);
    assertStringIncludes(body, "First answer."); // the old conversation came along
    const contexts = claudeContexts(requestTexts(req.body).join("\n"));
    const start = contexts.filter((c) => c.includes("SessionStart hook additional context"));
    assert(start.length > 0, "a SessionStart context in the forked session's request");
    const frames = await verifiedFrames(start.join("\n"));
    assert(
      frames.some((f) =>
        f.kind === "plan" && f.payload.includes(`## Goal\n${GOAL}\n`) &&
        f.payload.includes(`### Phase 4: ${PHASE_TITLE}\n`)
      ),
      "a verified plan frame with the goal and the in-progress phase",
    );
  } finally {
    await sb.cleanup();
  }
});

// Issue 30: a subagent's stop is never gated. The main agent launches a subagent (the Agent
// tool) that answers and stops; with pwf's registration (Stop only, no SubagentStop) and a gated
// plan, the subagent's answer goes back to the main agent untouched, and only the main agent's
// Stop is blocked.
Deno.test("claude: a subagent's stop is not gated while the main agent's stop is", async () => {
  const sb = await hostSandbox("claude");
  try {
    const init = await runPwf(sb.project, ["init", "Quokka calendars", "--gated", "--json"]);
    assertEquals(init.code, 0, init.stderr);
    const dir = JSON.parse(init.stdout).dir as string;
    await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, planText());
    const attest = await runPwf(sb.project, ["attest"]);
    assertEquals(attest.code, 0, attest.stderr);
    const task = "Count the leap months in the almanac and report the number.";
    const report = "Subagent report: the almanac holds seven leap months.";
    const run = await runHost(withAllowedTools(claudeDriver, "Write,Agent"), sb, {
      script: [
        {
          tool: "Agent",
          args: {
            description: "Count leap months",
            prompt: task,
            subagent_type: "general-purpose",
            // Unset, 2.1.332 starts the subagent in the background (measured) and the main
            // agent's and the subagent's requests interleave.
            run_in_background: false,
          },
        },
        { text: report },
        { text: "All done, stopping." },
        { text: "Still on phase 4, stopping." },
      ],
    });
    assertEquals(run.code, 0, run.stderr);
    const reason = "Gated plan incomplete: phase 'Phase 4: ";
    const agent = run.requests.filter((r) => r.offersTools);
    const texts = agent.map((r) => JSON.stringify(r.body));
    // The subagent's own request: its prompt is the task.
    const sub = texts.findIndex((t, i) => i > 0 && t.includes(task) && !t.includes(report));
    assert(sub > 0, "the subagent asked the model");
    // Its stop was not blocked: the next request is the main agent's, holding the report.
    const back = texts[sub + 1] ?? "";
    assertStringIncludes(back, report);
    assertNotIncludes(back, reason);
    assert(!texts.slice(0, sub + 2).some((t) => t.includes(reason)), "no block before main's stop");
    // The main agent's stop was blocked once; its second stop was allowed.
    assertEquals(run.fires.filter((f) => f.event === "Stop").length, 2, "main-agent Stop fires");
    assertEquals(run.fires.filter((f) => f.event.startsWith("Subagent")).length, 0);
    const blocked = texts.findIndex((t) => t.includes(reason));
    assertEquals(blocked, sub + 2, "the reason arrives after the main agent's first stop");
    assertEquals(agent.length, blocked + 1, "requests after the block reason");
    assertEquals(run.fires.map((f) => f.code).filter((c) => c !== 0), [], "fires exit 0");
    assertEquals(run.fireStderr, "");
    assertEquals(claudeDriver.hookErrors(run), []);
  } finally {
    await sb.cleanup();
  }
});

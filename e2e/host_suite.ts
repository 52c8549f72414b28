/**
 * The behaviours every host driven against the loopback model server is
 * tested for (issue 14), registered as `Deno.test`s named "<host>: ...".
 * Each test runs the real host once (the gate test once, with two stops) in
 * a fresh sandbox and asserts on the request bodies the model server
 * recorded, never on what pwf printed.
 *
 * Over 300 lines because it is one suite: the plan fixture, the runs (with
 * their concurrency limit) and the checks every host must pass belong
 * together, so a new host gets every check by calling hostSuite once.
 * @module
 */

import { DATA_ONLY_LINE } from "../lib/core/inject/framing.ts";
import { findHost } from "../lib/hosts/table.ts";
import { assert, assertEquals, assertStringIncludes } from "../tests/assert.ts";
import { runPwf } from "../tests/helpers.ts";
import { verifiedFrames } from "./frames.ts";
import {
  type HostDriver,
  type HostRun,
  makeSandbox,
  requestIncludes,
  requestTexts,
  runHost,
  type RunOptions,
  type Sandbox,
} from "./harness.ts";
import type { RecordedRequest, Reply } from "./model_server.ts";

/** The plan's goal and in-progress phase: distinctive words to look for in requests. */
export const GOAL = "Teach the quokka parser to read lunar calendars without losing leap months.";
// The "&" shows how each host carries it (Codex escapes it in a Stop block reason).
export const PHASE_TITLE = "Lunar table & almanac calibration";

/** A plan with a distinctive goal and phase 4 in progress. */
export function planText(): string {
  const phase = (n: number, title: string, status: string) =>
    `### Phase ${n}: ${title}\n- [ ] Work on ${title.toLowerCase()}\n- **Status:** ${status}\n\n`;
  return `# Task Plan: Quokka calendars\n\n## Goal\n${GOAL}\n\n## Next Step\n` +
    `Compare the leap-month table with the almanac.\n\n## Current Phase\nPhase 4\n\n` +
    "## Phases\n\n" + phase(1, "Discovery", "complete") +
    phase(2, "Almanac import", "complete") + phase(3, "Parser rewrite", "complete") +
    phase(4, PHASE_TITLE, "in_progress") + phase(5, "Delivery", "pending");
}

/** What a host's protocol carries, so the suite tests each channel it has. */
export interface HostChannels {
  /** Events that start a session and a prompt (as the host names them). */
  readonly sessionStartEvent: string;
  /**
   * null where no prompt event fires on a run's first prompt: glue hosts
   * (OpenCode, Pi) deliver the session-start text with it, and `droid exec`
   * does not fire UserPromptSubmit.
   */
  readonly promptEvent: string | null;
  /** Whether the prompt event's output reaches the model (Copilot ignores it). */
  readonly promptContext: boolean;
  readonly postToolEvent: string;
  readonly stopEvent: string;
  /**
   * "block" (default): a gate block reaches the model and the host continues;
   * "advisory": the host cannot block a stop (OpenCode), so the stop fires,
   * nothing reaches the model, and `advisoryLine` is in the host's output.
   */
  readonly stop?: "block" | "advisory";
  readonly advisoryLine?: string;
  /**
   * The hook contexts one request text holds, where the host joins several
   * into one text (Claude Code 2.1.332 puts a turn's contexts, each headed
   * "<Event> hook additional context: ", into one system message). Default:
   * the text is one context.
   */
  splitContexts?(text: string): string[];
  /** A scripted tool call that writes `file` (absolute) with some content. */
  editCall(file: string): Reply;
  /** The block reason as the host puts it into the next request (Codex escapes `&`). */
  blockReasonAsSent(reason: string): string;
}

/** `pwf init` (gated or not), the plan replaced, attested when `attest`. */
async function withPlan(sb: Sandbox, opts: { gated?: boolean; attest?: boolean } = {}) {
  const init = await runPwf(sb.project, [
    "init",
    "Quokka calendars",
    ...(opts.gated ? ["--gated"] : []),
    "--json",
  ]);
  assertEquals(init.code, 0, init.stderr);
  const dir = JSON.parse(init.stdout).dir as string;
  await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, planText());
  if (opts.attest) {
    const a = await runPwf(sb.project, ["attest"]);
    assertEquals(a.code, 0, a.stderr);
  }
  return `${sb.project}/${dir}`;
}

/** The goal and in-progress phase after the plan changed between two prompts of one session. */
export const NEW_GOAL = "Teach the quokka parser to predict solar eclipses from the almanac.";
export const NEW_PHASE = "Phase 5: Delivery";

/** Between two prompts: phase 4 complete, phase 5 in progress, the goal rewritten. */
async function changePlan(sb: Sandbox): Promise<void> {
  for (const args of [["phase", "4", "complete"], ["phase", "5", "in_progress"]]) {
    const r = await runPwf(sb.project, args);
    assertEquals(r.code, 0, r.stderr);
  }
  const init = await runPwf(sb.project, ["status", "--json"]);
  const dir = `${sb.project}/${JSON.parse(init.stdout).dir}`;
  const plan = await Deno.readTextFile(`${dir}/task_plan.md`);
  const goal = /## Goal\n[^\n]*\n/;
  assert(goal.test(plan), `no goal line in ${dir}/task_plan.md`);
  await Deno.writeTextFile(`${dir}/task_plan.md`, plan.replace(goal, `## Goal\n${NEW_GOAL}\n`));
}

/** A host run plus `pwf doctor`'s output in its project afterwards. */
type SuiteRun = HostRun & {
  readonly doctor: string;
  /** A second prompt in the same session after the plan changed (where asked for). */
  readonly second?: { run: HostRun; err: null } | { run: null; err: unknown };
};

/** The second prompt of the session continued after the plan changed. */
export const SECOND_PROMPT = "And what comes after that?";

/**
 * One host run in a fresh sandbox prepared by `setup`; with `resume`, the
 * plan changed (changePlan) and the session continued with a second prompt.
 * The sandbox is removed after.
 */
async function session(
  driver: HostDriver,
  setup: (sb: Sandbox) => Promise<unknown>,
  opts: RunOptions | ((sb: Sandbox) => RunOptions) = {},
  resume = false,
): Promise<SuiteRun> {
  const sb = await makeSandbox(driver.name);
  try {
    await setup(sb);
    const run = await runHost(driver, sb, typeof opts === "function" ? opts(sb) : opts);
    // What `pwf doctor` makes of the fires (its receipts), read before the sandbox goes.
    const doctor = (await runPwf(sb.project, ["doctor"])).stdout;
    if (!resume) return { ...run, doctor };
    // The second run's failure is its own test's, not the first run's tests'.
    const second = await changePlan(sb).then(() =>
      runHost(driver, sb, { prompt: SECOND_PROMPT, continueFrom: run })
    ).then(
      (r) => ({ run: r, err: null }),
      (err: unknown) => ({ run: null, err: new Error(`in ${sb.root}: ${err}`, { cause: err }) }),
    );
    return { ...run, doctor, second };
  } catch (err) {
    // Keep what is needed to see why: the sandbox path goes with the error.
    throw new Error(`${driver.name} run in ${sb.root}: ${(err as Error).message}`, { cause: err });
  } finally {
    await sb.cleanup();
  }
}

/** How many host runs of one suite go at once (each run is one fresh sandbox). */
const CONCURRENCY = Math.max(1, Number(Deno.env.get("PWF_E2E_CONCURRENCY") ?? "3") || 3);

/** A limiter: at most `limit` started tasks run at a time. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** A started host run, settled (never rejects, so no unhandled rejection before its tests). */
type Settled = Promise<{ run: SuiteRun; err: null } | { run: null; err: unknown }>;

/** Start a host run now (with the suite's other runs, at most CONCURRENCY at once). */
function startRun(
  limit: <T>(task: () => Promise<T>) => Promise<T>,
  start: () => Promise<SuiteRun>,
): Settled {
  return limit(start).then(
    (run) => ({ run, err: null }),
    (err: unknown) => ({ run: null, err }),
  );
}

/**
 * Register a test that asserts on a started run (several tests may share one
 * run). The run's ops outlive the test that started them, hence no op sanitizer.
 */
function checkRun(name: string, settled: Settled, check: (run: SuiteRun) => Promise<void> | void) {
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async () => {
    const { run, err } = await settled;
    if (!run) throw err;
    await check(run);
  });
}

/** The host exited 0, every hook fire exited 0 with empty stderr, the host logged no hook error. */
function assertClean(driver: HostDriver, run: HostRun, events: readonly string[]): void {
  const why = `exit ${run.code}\nstderr:\n${run.stderr}\nstdout:\n${run.stdout.slice(0, 4000)}`;
  assertEquals(run.code, 0, why);
  for (const e of events) {
    assert(run.fires.some((f) => f.event === e), `${e} never fired; fires: ${fired(run)}`);
  }
  for (const f of run.fires) assertEquals(f.code, 0, `${f.event} exit code`);
  assertEquals(run.fireStderr, "", "pwf stderr across all fires");
  assertEquals(driver.hookErrors(run), [], "hook errors reported by the host");
  assert(run.requests.length > 0, "the host sent no model request");
}

function fired(run: HostRun): string {
  return run.fires.map((f) => f.event).join(", ");
}

/** The hook contexts of a request (split as the host joins them) that hold pwf's DATA ONLY line. */
function pwfTexts(req: RecordedRequest | undefined, ch: HostChannels): string[] {
  const split = ch.splitContexts ?? ((text: string) => [text]);
  return req ? requestTexts(req.body).flatMap(split).filter((s) => s.includes(DATA_ONLY_LINE)) : [];
}

/** The model's answer in the first run of the base session (scripted). */
const FIRST_ANSWER = "Wrote the notes about the quokka almanac.";

/** The first model request that offered tools (the agent's own turn). */
function firstAgentRequest(run: HostRun): RecordedRequest {
  const req = run.requests.find((r) => r.offersTools);
  assert(req, `no tool-offering request among ${run.requests.length}`);
  return req;
}

/** A verified plan frame with the goal and the in-progress phase is somewhere in `text`. */
export async function assertPlanFrame(text: string, what: string): Promise<void> {
  const plans = (await verifiedFrames(text)).filter((f) => f.kind === "plan");
  assert(
    plans.some((p) => p.payload.includes(GOAL) && p.payload.includes(PHASE_TITLE)),
    `${what}: no verified plan frame with the goal and phase 4 in:\n${text.slice(0, 3000)}`,
  );
}

/** Register the shared behaviour tests for one host. */
export function hostSuite(driver: HostDriver, ch: HostChannels): void {
  const h = driver.name;
  const contextEvents = ch.promptEvent ? [ch.sessionStartEvent, ch.promptEvent] : [
    ch.sessionStartEvent,
  ];
  const limit = limiter(CONCURRENCY);
  const resume = driver.continueSession;
  const resumable = "command" in resume;
  const continued = "fork" in resume && resume.fork
    ? `a second prompt in a fork of the session (${resume.flag})`
    : "a second prompt in the same session";
  const run = (
    setup: (sb: Sandbox) => Promise<unknown>,
    opts: RunOptions | ((sb: Sandbox) => RunOptions),
    resume = false,
  ) => startRun(limit, () => session(driver, setup, opts, resume));
  const test = (name: string, settled: Settled, check: (run: SuiteRun) => Promise<void> | void) =>
    checkRun(`${h}: ${name}`, settled, check);

  // One run serves the frame, nudge and markup tests: a plan whose goal holds
  // <, > and &, and a scripted file-writing tool call, then a plain answer.
  const MARKUP = `Parse <tag a="1"> & 'x' > y`;
  const base = run(
    async (sb) => {
      const dir = await withPlan(sb);
      const plan = await Deno.readTextFile(`${dir}/task_plan.md`);
      await Deno.writeTextFile(`${dir}/task_plan.md`, plan.replace(GOAL, `${GOAL} ${MARKUP}`));
    },
    (sb) => ({ script: [ch.editCall(`${sb.project}/notes.txt`), { text: FIRST_ANSWER }] }),
    resumable,
  );

  test(
    `session start${
      ch.promptContext ? " and the prompt" : ""
    } put verified plan frames with the goal and in-progress phase into the first request`,
    base,
    async (run) => {
      assertClean(driver, run, contextEvents);
      const texts = pwfTexts(firstAgentRequest(run), ch);
      const start = texts.filter((t) => t.includes("SESSION CATCH-UP"));
      assertEquals(start.length, 1, `session-start context in the first request (${h})`);
      await assertPlanFrame(start[0] ?? "", `${ch.sessionStartEvent} context`);
      const prompt = texts.filter((t) => !t.includes("SESSION CATCH-UP"));
      if (ch.promptContext) {
        assertEquals(prompt.length, 1, `${ch.promptEvent} context in the first request`);
        await assertPlanFrame(prompt[0] ?? "", `${ch.promptEvent} context`);
      } else {
        assertEquals(prompt, [], `${ch.promptEvent} output is not a model channel in ${h}`);
      }
      // Every later request of the run still carries the frames.
      for (const r of run.requests.filter((r) => r.offersTools)) {
        assert(pwfTexts(r, ch).length > 0, `a request without pwf's frames: ${r.path}`);
      }
      // pwf doctor saw the same fires through its receipts.
      const line = run.doctor.split("\n").find((l) =>
        l.startsWith(`PASS  hooks ${h}: seen firing: `)
      );
      assert(line, `no doctor coverage line for ${h}:\n${run.doctor}`);
      for (const e of contextEvents) assertStringIncludes(line.split(";")[0] ?? "", e);
    },
  );

  if (resumable) {
    test(
      `${continued} carries a fresh verified plan frame (the plan changed in between)`,
      base,
      async (first) => {
        const second = first.second;
        assert(second, "the session was not continued");
        if (!second.run) throw second.err;
        const run = second.run;
        // The prompt hook (or, where the prompt has no channel, the session-start one) fired again.
        const events = ch.promptContext && ch.promptEvent
          ? [ch.promptEvent]
          : [ch.sessionStartEvent];
        assertClean(driver, run, events);
        const agent = run.requests.filter((r) => r.offersTools);
        const last = agent[agent.length - 1];
        assert(last, "no tool-offering request in the second run");
        // The same session: the first run's prompt and answer are in its history.
        assert(
          requestIncludes(last.body, FIRST_ANSWER),
          "the first run's answer is not in the history",
        );
        assert(
          requestIncludes(last.body, SECOND_PROMPT),
          "the second prompt is not in the request",
        );
        // A frame of the new state, which only a hook fired in this run can carry.
        const texts = pwfTexts(last, ch).filter((t) =>
          !(ch.promptContext && t.includes("SESSION CATCH-UP"))
        );
        const fresh = [];
        for (const t of texts) {
          for (const f of await verifiedFrames(t)) {
            if (
              f.kind === "plan" && f.payload.includes(NEW_GOAL) &&
              new RegExp(`### ${NEW_PHASE}\\n[^#]*\\*\\*Status:\\*\\* in_progress`).test(f.payload)
            ) fresh.push(f);
          }
        }
        assert(
          fresh.length > 0,
          `no verified plan frame with the new goal and ${NEW_PHASE} in_progress in the last request` +
            ` of the second run (${texts.length} pwf texts):\n${
              texts.join("\n---\n").slice(0, 3000)
            }`,
        );
      },
    );
  }

  const NUDGE = "[planning-with-files] You changed files: record what you did in";
  test(
    "after a file-writing tool call the next request carries the post-tool nudge",
    base,
    (run) => {
      assertClean(driver, run, [...contextEvents, ch.postToolEvent]);
      const agent = run.requests.filter((r) => r.offersTools);
      const toolAt = agent.findIndex((r) => !("text" in r.reply));
      assert(toolAt >= 0, "the tool call was answered to a tool-offering request");
      assert(!requestIncludes(agent[toolAt]?.body, NUDGE), "no nudge before the tool ran");
      const next = agent[toolAt + 1];
      assert(next, `no request after the tool call; fires: ${fired(run)}`);
      assert(requestIncludes(next.body, NUDGE), "the nudge is not in the request after the tool");
      assertEquals(run.fires.filter((f) => f.event === ch.postToolEvent).length, 1, "post-tool");
    },
  );

  if (ch.stop === "advisory") {
    test(
      "a gated plan with a phase in progress: the stop is advisory (logged), nothing reaches the model",
      run((sb) => withPlan(sb, { gated: true, attest: true }), {
        script: [{ text: "All done, stopping." }],
      }),
      (run) => {
        assertClean(driver, run, [ch.stopEvent]);
        for (const r of run.requests) {
          assert(!requestIncludes(r.body, "Gated plan incomplete"), `reason sent to ${r.path}`);
        }
        const out = run.stdout + run.stderr + run.logs;
        assertStringIncludes(out, ch.advisoryLine ?? "", "the advisory line in the host's output");
        assertStringIncludes(out, `Phase 4: ${PHASE_TITLE}`);
      },
    );
  } else {
    test(
      "a gated plan blocks the first stop, the reason reaches the model next, the second stop is allowed",
      run((sb) => withPlan(sb, { gated: true, attest: true }), {
        script: [{ text: "All done, stopping." }, { text: "Still on phase 4, stopping." }],
      }),
      (run) => {
        assertClean(driver, run, [ch.stopEvent]);
        const stops = run.fires.filter((f) => f.event === ch.stopEvent).length;
        assertEquals(stops, 2, `stop fires (${fired(run)})`);
        const reason = `Gated plan incomplete: phase 'Phase 4: ${PHASE_TITLE}' is in_progress ` +
          "(3/5 complete, gate block 1/";
        const sent = ch.blockReasonAsSent(reason);
        const agent = run.requests.filter((r) => r.offersTools);
        const first = agent.findIndex((r) => requestIncludes(r.body, sent));
        assert(first > 0, `the block reason never reached the model:\n${sent}`);
        assert(!requestIncludes(agent[first - 1]?.body, sent), "reason before the block");
        // One block, then the host stops: the gate does not loop.
        assertEquals(agent.length, first + 1, "requests after the block reason");
      },
    );
  }

  test(
    "a plan with <, > and & still arrives in frames that verify as the model receives them",
    base,
    async (run) => {
      assertClean(driver, run, contextEvents);
      // As the host delivers it (Gemini escapes < and >; pwf frames it that way already).
      const expected = findHost(h)?.contextEscape?.(MARKUP) ?? MARKUP;
      const texts = pwfTexts(firstAgentRequest(run), ch);
      assert(texts.length > 0, "no pwf context in the first request");
      for (const t of texts) {
        const plans = (await verifiedFrames(t)).filter((f) => f.kind === "plan");
        assert(
          plans.some((p) => p.payload.includes(expected)),
          `no verified frame with ${expected}`,
        );
      }
    },
  );

  test(
    "with PLANNING_DISABLED=1 no plan text is in any request",
    run((sb) => withPlan(sb), { env: { PLANNING_DISABLED: "1" } }),
    (run) => {
      assertClean(driver, run, contextEvents);
      assert(requestIncludes(firstAgentRequest(run).body, "What should I work on next?"));
      for (const r of run.requests) {
        for (const absent of [GOAL, PHASE_TITLE, "Quokka", "BEGIN-PWF-DATA", DATA_ONLY_LINE]) {
          assert(!requestIncludes(r.body, absent), `${absent} in a request to ${r.path}`);
        }
      }
    },
  );

  test(
    "a tampered attested plan sends the refusal line and no plan text",
    run(async (sb) => {
      const dir = await withPlan(sb, { attest: true });
      await Deno.writeTextFile(`${dir}/task_plan.md`, "\n- sneaked in\n", { append: true });
    }, {}),
    (run) => {
      assertClean(driver, run, contextEvents);
      const first = firstAgentRequest(run);
      assert(
        requestIncludes(first.body, "[planning-with-files] [PLAN TAMPERED — injection blocked]"),
        "refusal line in the first request",
      );
      for (const r of run.requests) {
        for (const absent of [GOAL, PHASE_TITLE, "BEGIN-PWF-DATA", "sneaked in"]) {
          assert(!requestIncludes(r.body, absent), `${absent} in a request to ${r.path}`);
        }
      }
      assertStringIncludes(JSON.stringify(first.body), "What should I work on next?");
    },
  );
}

/**
 * Issue 25 end to end: the scripted agent changes directory into a subfolder
 * of the project in its first turn; the plan must follow it. Against the
 * loopback model server, asserted on the requests the host sent: the
 * post-tool nudge after a file written there arrives, the gated stop blocks with pwf's
 * reason, and the next prompt carries a verified plan frame with the goal
 * and the in-progress phase. The fires' own directories (the launcher logs
 * them) show whether the host started them in the subfolder, so a test can
 * say which situation it proved.
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../tests/assert.ts";
import { runPwf } from "../tests/helpers.ts";
import {
  type HostDriver,
  type HostRun,
  makeSandbox,
  requestIncludes,
  requestTexts,
  runHost,
  type Sandbox,
} from "./harness.ts";
import { assertPlanFrame, PHASE_TITLE, planText } from "./host_suite.ts";
import type { RecordedRequest, Reply } from "./model_server.ts";
import { DATA_ONLY_LINE } from "../lib/core/inject/framing.ts";

/** Words of pwf's post-tool nudge (lib/core/inject/compose.ts) and of the gate's block reason (lib/core/gate/rule.ts). */
const POSTTOOL_MARK = "You changed files: record what you did in";
const BLOCK_MARK = "Gated plan incomplete: phase";

/** The subfolder the agent moves into. */
export const SUBFOLDER = "sub";

/**
 * The shell command a cdCall runs in its new directory: its output,
 * `cwd=<dir>`, is in no tool call's arguments, so finding it in a later
 * request proves the command ran there. No `$(...)`: with `echo "cwd=$(pwd)"`
 * Gemini CLI 0.61.0's output never reached the model (measured).
 */
export const SHOW_DIR = "pwd | sed s/^/cwd=/";

/** How one host's agent changes directory, and how its events are named. */
export interface SubfolderChannels {
  /** The scripted tool call that moves into `dir` (absolute) and runs SHOW_DIR there. */
  cdCall(project: string, dir: string): Reply;
  /** A scripted tool call that writes `file` (absolute): the post-tool event's trigger. */
  editCall(file: string): Reply;
  readonly postToolEvent: string;
  readonly stopEvent: string;
  /**
   * "block" (default): the gate's block reason reaches the model. A host
   * that cannot block a stop (OpenCode) names the line pwf's glue logs
   * instead: it is in the host's output with the in-progress phase, and no
   * reason reaches the model.
   */
  readonly stop?: "block" | { readonly advisoryLine: string };
  /** The event whose context carries the plan on the next prompt. */
  readonly promptEvent: string;
  /**
   * What the host does with the directory after the call: "keeps" (later
   * hooks start in the subfolder: Claude Code) or "resets" (they start in
   * the root; the payload may still name the subfolder).
   */
  readonly cwdAfter: "keeps" | "resets";
  /** The driver for these runs, when it differs (another allowed tool). */
  readonly driver?: HostDriver;
  /**
   * For a host that keeps the directory: both prompts in one run (a second
   * run would start in the root again), with this driver and stdin.
   */
  readonly oneRun?: {
    readonly driver: HostDriver;
    stdin(first: string, second: string): string;
  };
}

const FIRST = "Look at the sub folder, then tell me what is next.";
const SECOND = "What should I work on next?";

/** A gated, attested plan (planText: phase 4 in progress) and an empty subfolder. */
async function setup(sb: Sandbox): Promise<void> {
  const init = await runPwf(sb.project, ["init", "Quokka calendars", "--gated", "--json"]);
  assertEquals(init.code, 0, init.stderr);
  const dir = JSON.parse(init.stdout).dir as string;
  await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, planText());
  const a = await runPwf(sb.project, ["attest"]);
  assertEquals(a.code, 0, a.stderr);
  await Deno.mkdir(`${sb.project}/${SUBFOLDER}`);
}

function summary(run: HostRun): string {
  return `exit ${run.code}; fires: ${
    run.fires.map((f) => `${f.event}@${f.dir}`).join(", ")
  }\nstderr:\n${run.stderr.slice(0, 2000)}\nstdout:\n${run.stdout.slice(0, 3000)}`;
}

/** The requests after the first one that offered tools (the turn after the cd). */
function afterCd(run: HostRun): HostRun["requests"] {
  const first = run.requests.findIndex((r) => r.offersTools);
  return run.requests.slice(first + 1);
}

/** Occurrences of pwf's DATA ONLY line in a request's texts (one per hook context). */
function contexts(req: RecordedRequest): number {
  return requestTexts(req.body).reduce((n, t) => n + t.split(DATA_ONLY_LINE).length - 1, 0);
}

/**
 * The second prompt's first request, and its context count beyond the
 * request before it: a host that keeps the directory sends both prompts in
 * one run (the second prompt's hooks start in the subfolder), another
 * continues the session in a second run.
 */
async function secondPrompt(
  driver: HostDriver,
  ch: SubfolderChannels,
  sb: Sandbox,
  first: HostRun,
  env: Record<string, string>,
): Promise<{ req: RecordedRequest; added: number; run: HostRun }> {
  const run = ch.oneRun
    ? first
    : await runHost(driver, sb, { prompt: SECOND, continueFrom: first, env });
  const i = run.requests.findIndex((r) => r.offersTools && requestIncludes(r.body, SECOND));
  const req = run.requests[i];
  assert(req, `no request with the second prompt; ${summary(run)}`);
  const before = ch.oneRun ? run.requests.slice(0, i).findLast((r) => r.offersTools) : undefined;
  return { req, added: contexts(req) - (before ? contexts(before) : 0), run };
}

/** The gated stop after the cd: its block reason reached the model, or it was advised. */
function assertGate(ch: SubfolderChannels, run: HostRun, why: string): void {
  if (ch.stop === undefined || ch.stop === "block") {
    assert(
      afterCd(run).some((r) => requestIncludes(r.body, BLOCK_MARK)),
      `the gate's block reason reached the model; ${why}`,
    );
    return;
  }
  for (const r of run.requests) {
    assert(!requestIncludes(r.body, BLOCK_MARK), `a block reason went to ${r.path}; ${why}`);
  }
  const out = run.stdout + run.stderr + run.logs;
  assertStringIncludes(out, ch.stop.advisoryLine, `the advisory line; ${why}`);
  assertStringIncludes(out, `Phase 4: ${PHASE_TITLE}`, `the advisory names the phase; ${why}`);
}

/**
 * One way pwf is registered with the host: `name` for the test name;
 * `register` replaces the sandbox's `pwf hooks print` manifest and returns
 * the environment the host then needs (a plugin runs `pwf` from PATH).
 */
export interface Route {
  readonly name: string;
  register(sb: Sandbox): Promise<Record<string, string>>;
}

/** The harness's own registration: `pwf hooks print <host> --bin <launcher>` as the manifest. */
export const PRINTED: Route = { name: "hooks print", register: () => Promise.resolve({}) };

/** Register "<host>: after the agent cd's into a subfolder, ..." for one host, per route. */
export function subfolderSuite(
  base: HostDriver,
  ch: SubfolderChannels,
  routes: readonly Route[] = [PRINTED],
): void {
  for (const route of routes) subfolderTest(base, ch, route);
}

function subfolderTest(base: HostDriver, ch: SubfolderChannels, route: Route): void {
  const driver = ch.oneRun?.driver ?? ch.driver ?? base;
  const h = base.name;
  Deno.test({
    name:
      `${h}: after the agent cd's into a subfolder (${route.name}), the nudge arrives, the gated stop blocks and the next prompt carries the plan frame`,
    sanitizeOps: false,
    sanitizeResources: false,
  }, async () => {
    const sb = await makeSandbox(h);
    try {
      await setup(sb);
      const env = await route.register(sb);
      const sub = `${sb.project}/${SUBFOLDER}`;
      const first = await runHost(driver, sb, {
        prompt: FIRST,
        script: [
          ch.cdCall(sb.project, sub),
          ch.editCall(`${sub}/notes.md`),
          { text: "I am in the sub folder now." },
        ],
        fallback: "Continuing with the plan.",
        env,
        ...(ch.oneRun ? { stdin: ch.oneRun.stdin(FIRST, SECOND) } : {}),
      });
      const why = summary(first);
      assertEquals(first.code, 0, why);
      for (const f of first.fires) assertEquals(f.code, 0, `${f.event} exit code; ${why}`);
      assertEquals(first.fireStderr, "", `pwf stderr; ${why}`);
      assertEquals(driver.hookErrors(first), [], "hook errors reported by the host");
      // The cd ran: SHOW_DIR's output in the subfolder went back to the model.
      assert(
        afterCd(first).some((r) => requestIncludes(r.body, `cwd=${sub}`)),
        `cd output; ${why}`,
      );
      const post = first.fires.filter((f) => f.event === ch.postToolEvent);
      const stops = first.fires.filter((f) => f.event === ch.stopEvent);
      assert(post.length > 0 && stops.length > 0, `post-tool and stop fired; ${why}`);
      // Where the host started the fires after the call: the situation this run proves.
      const expected = ch.cwdAfter === "keeps" ? sub : sb.project;
      for (const f of [...post, ...stops]) assertEquals(f.dir, expected, `${f.event} directory`);
      assert(
        afterCd(first).some((r) => requestIncludes(r.body, POSTTOOL_MARK)),
        `the post-tool nudge reached the model after the cd; ${why}`,
      );
      assertGate(ch, first, why);
      const second = await secondPrompt(driver, ch, sb, first, env);
      const why2 = summary(second.run);
      assertEquals(second.run.code, 0, why2);
      if (ch.cwdAfter === "keeps") {
        const prompts = second.run.fires.filter((f) => f.event === ch.promptEvent);
        assertEquals(prompts.at(-1)?.dir, sub, `the second ${ch.promptEvent} ran in sub; ${why2}`);
      }
      assert(second.added >= 1, `the second prompt brought a new pwf context; ${why2}`);
      await assertPlanFrame(requestTexts(second.req.body).join("\n"), `${h} second prompt`);
    } finally {
      await sb.cleanup();
    }
  });
}

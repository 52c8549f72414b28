/**
 * End to end with the real Qoder CLI (issue 30). Qoder's models go through
 * its account servers, so it cannot reach the loopback model server; its
 * hidden `--fake-responses <file>` (gemini-cli's, one JSON line per model
 * answer) with `{"security":{"auth":{"useExternal":true}}}` in its user
 * settings runs it offline, and what it sends the model (the prompt, each
 * hook's output as an attachment, tool results, a Stop reason) is in its
 * session transcript `~/.qoder/projects/<project>/<session>.jsonl`.
 * Registration: `pwf hooks print qoder` as `.qoder/settings.json` (exec form).
 * Run with `deno task e2e`. See docs/e2e.md.
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "../tests/assert.ts";
import { runPwf } from "../tests/helpers.ts";
import { verifiedFrames } from "./frames.ts";
import { hostBin, type HostDriver, makeSandbox, type Sandbox } from "./harness.ts";
import { qoderDriver } from "./hosts/qoder.ts";
import type { ModelServer } from "./model_server.ts";
import { outsideState } from "./outside_state.ts";
import { SHOW_DIR, SUBFOLDER } from "./subfolder_suite.ts";

const OUTSIDE_BEFORE = await outsideState();

const GOAL = "Teach the quokka parser to read lunar calendars without losing leap months.";
const PHASE_TITLE = "Lunar table calibration";

function planText(goal = GOAL, current = 4): string {
  const phase = (n: number, title: string) =>
    `### Phase ${n}: ${title}\n- [ ] Work on ${title.toLowerCase()}\n- **Status:** ${
      n < current ? "complete" : n === current ? "in_progress" : "pending"
    }\n\n`;
  return `# Task Plan: Quokka calendars\n\n## Goal\n${goal}\n\n## Current Phase\nPhase ${current}\n\n` +
    "## Phases\n\n" + phase(1, "Discovery") + phase(2, "Almanac import") +
    phase(3, "Parser rewrite") + phase(4, PHASE_TITLE) + phase(5, "Delivery");
}

/** One scripted model answer: text, or one tool call. */
type Answer = { text: string } | { tool: string; args: Record<string, unknown> };

function fakeLine(a: Answer): string {
  const part = "text" in a ? { text: a.text } : { functionCall: { name: a.tool, args: a.args } };
  return JSON.stringify({
    method: "generateContentStream",
    response: [{
      candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP" }],
    }],
  });
}

/** One transcript record Qoder wrote. */
interface Rec {
  type: string;
  sessionId?: string;
  message?: { role: string; content: unknown };
  attachment?: { type: string; hookEventName?: string; output?: string };
}

interface QoderRun {
  code: number;
  stderr: string;
  /** This run's transcript records, in order. */
  records: Rec[];
  /** pwf's fires (`<code> <argv>` lines of the launcher's log) in this run, with their directory. */
  fires: { code: number; event: string; dir: string }[];
  fireStderr: string;
}

async function readOr(path: string): Promise<string> {
  return await Deno.readTextFile(path).catch(() => "");
}

async function transcripts(home: string): Promise<string[]> {
  const out: string[] = [];
  const root = `${home}/.qoder/projects`;
  if (!(await Deno.stat(root).then(() => true, () => false))) return out;
  for await (const d of Deno.readDir(root)) {
    for await (const f of Deno.readDir(`${root}/${d.name}`)) {
      if (f.name.endsWith(".jsonl")) out.push(`${root}/${d.name}/${f.name}`);
    }
  }
  return out.sort();
}

/** Run `qodercli -p` once in the sandbox with `answers` as the model. */
async function runQoder(
  driver: HostDriver,
  sb: Sandbox,
  prompt: string,
  answers: readonly Answer[],
  opts: { env?: Record<string, string>; resume?: string } = {},
): Promise<QoderRun> {
  const fake = `${sb.root}/fake-${crypto.randomUUID()}.jsonl`;
  await Deno.writeTextFile(fake, answers.map(fakeLine).join("\n") + "\n");
  const before = new Map<string, number>();
  for (const t of await transcripts(sb.home)) before.set(t, (await readOr(t)).length);
  const firesBefore = (await readOr(sb.fireLog)).length;
  const dirsBefore = (await readOr(sb.fireLog + ".dirs")).length;
  const errBefore = (await readOr(sb.fireLog + ".err")).length;
  const out = await new Deno.Command(hostBin(driver), {
    args: [
      ...(opts.resume ? ["-r", opts.resume] : []),
      "-p",
      prompt,
      "--permission-mode",
      "accept_edits",
      "--fake-responses",
      fake,
    ],
    cwd: sb.project,
    env: { PATH: "/usr/bin:/bin", HOME: sb.home, TMPDIR: sb.tmp, ...opts.env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(90_000),
  }).output();
  const records: Rec[] = [];
  for (const t of await transcripts(sb.home)) {
    const text = (await readOr(t)).slice(before.get(t) ?? 0);
    for (const l of text.split("\n")) if (l.trim()) records.push(JSON.parse(l));
  }
  const dirs = (await readOr(sb.fireLog + ".dirs")).slice(dirsBefore).split("\n");
  const fires = (await readOr(sb.fireLog)).slice(firesBefore).split("\n").filter((l) => l)
    .map((l, i) => {
      const [code, ...argv] = l.split(" ");
      return { code: Number(code), event: argv.at(-1) ?? "", dir: dirs[i] ?? "" };
    });
  return {
    code: out.code,
    stderr: new TextDecoder().decode(out.stderr),
    records,
    fires,
    fireStderr: (await readOr(sb.fireLog + ".err")).slice(errBefore),
  };
}

function hookOutputs(run: QoderRun, event: string): string[] {
  return run.records.flatMap((r) =>
    r.attachment?.type === "hook_output" && r.attachment.hookEventName === event
      ? [r.attachment.output ?? ""]
      : []
  );
}

/** User messages as text (the prompt, a Stop reason), in order. */
function userTexts(run: QoderRun): string[] {
  return run.records.flatMap((r) =>
    r.type === "user" && typeof r.message?.content === "string" ? [r.message.content] : []
  );
}

function assertClean(run: QoderRun): void {
  assertEquals(run.code, 0, run.stderr);
  assert(run.fires.length > 0, "no hook fired");
  for (const f of run.fires) assertEquals(f.code, 0, `pwf exit code for ${f.event}`);
  assertEquals(run.fireStderr, "", "pwf stderr");
}

async function sandbox(gated: boolean): Promise<Sandbox & { dir: string }> {
  const sb = await makeSandbox("qoder");
  // Qoder never talks to the loopback server: configure only writes its user settings.
  await qoderDriver.configure(sb, undefined as unknown as ModelServer);
  const init = await runPwf(sb.project, [
    "init",
    "Quokka calendars",
    "--json",
    ...(gated ? ["--gated"] : []),
  ]);
  assertEquals(init.code, 0, init.stderr);
  const dir = JSON.parse(init.stdout).dir as string;
  await Deno.writeTextFile(`${sb.project}/${dir}/task_plan.md`, planText());
  if (gated) assertEquals((await runPwf(sb.project, ["attest"])).code, 0);
  return { ...sb, dir };
}

// Issue 25 is in this test (one Qoder start costs about 15 s): the agent first runs
// `cd <sub> && SHOW_DIR` in the Bash tool and writes its file there.
Deno.test("qoder: frames with the goal and in-progress phase, after a cd into a subfolder the nudge after Write and the gated stop blocked once, and a resumed session's fresh frame", async () => {
  const sb = await sandbox(true);
  try {
    const sub = `${sb.project}/${SUBFOLDER}`;
    await Deno.mkdir(sub);
    const run = await runQoder(qoderDriver, sb, "What should I work on next?", [
      { tool: "Bash", args: { command: `cd ${sub} && ${SHOW_DIR}`, description: "Enter sub" } },
      { tool: "Write", args: { file_path: `${sub}/notes.md`, content: "quokka notes\n" } },
      { text: "All done, stopping." },
      { text: "Still on phase 4, stopping." },
    ]);
    assertClean(run);
    // The cd ran (its output is in no call's arguments); Qoder starts every hook in the root.
    assertStringIncludes(JSON.stringify(run.records), `cwd=${sub}`, "the Bash tool ran in sub");
    for (const f of run.fires) assertEquals(f.dir, sb.project, `${f.event} directory`);
    for (const event of ["SessionStart", "UserPromptSubmit"]) {
      const [ctx] = hookOutputs(run, event);
      assert(ctx, `${event}: no hook output reached the model`);
      const frames = await verifiedFrames(ctx);
      assert(
        frames.some((f) =>
          f.kind === "plan" && f.payload.includes(`## Goal\n${GOAL}\n`) &&
          f.payload.includes(`### Phase 4: ${PHASE_TITLE}\n`)
        ),
        `${event}: a verified plan frame with the goal and the in-progress phase`,
      );
    }
    const [nudge] = hookOutputs(run, "PostToolUse");
    assertStringIncludes(nudge ?? "", "progress.md");
    // The gate: the reason is the next user message, the second stop is allowed.
    const reasons = userTexts(run).filter((t) => t.includes("Gated plan incomplete"));
    assertEquals(reasons.length, 1, userTexts(run).join("\n---\n"));
    assertStringIncludes(reasons[0]!, `Phase 4: ${PHASE_TITLE}`);
    assertEquals(run.fires.filter((f) => f.event === "Stop").length, 2);
    // A second prompt in the same session after the plan changed: a fresh frame.
    const goal2 = "Ship the lunar calendar reader to the almanac team.";
    await Deno.writeTextFile(`${sb.project}/${sb.dir}/task_plan.md`, planText(goal2, 5));
    assertEquals((await runPwf(sb.project, ["attest"])).code, 0);
    // `-r <id>` ("Resume a previous session by identifier"): `--continue` makes a utility
    // model call first that takes the one scripted answer (measured, 1.1.52).
    const id = run.records.find((r) => r.sessionId)?.sessionId;
    assert(id, "the first run's session id");
    // Still gated and in progress: this run's stop is blocked once too, so two answers.
    const next = await runQoder(qoderDriver, sb, "And now?", [
      { text: "On it." },
      { text: "Still on phase 5." },
    ], { resume: id });
    assertClean(next);
    const [ctx] = hookOutputs(next, "UserPromptSubmit");
    const frames = await verifiedFrames(ctx ?? "");
    assert(
      frames.some((f) =>
        f.kind === "plan" && f.payload.includes(goal2) &&
        f.payload.includes("### Phase 5: Delivery\n")
      ),
      "the second prompt's frame holds the changed plan",
    );
    assert(next.records.some((r) => r.type === "assistant"), "the continued session answered");
  } finally {
    await sb.cleanup();
  }
});

Deno.test("qoder: PLANNING_DISABLED=1 keeps every pwf text out of the transcript", async () => {
  const sb = await sandbox(false);
  try {
    const run = await runQoder(qoderDriver, sb, "What should I work on next?", [
      { text: "Nothing to do." },
    ], { env: { PLANNING_DISABLED: "1" } });
    assertEquals(run.code, 0, run.stderr);
    const all = JSON.stringify(run.records);
    assertStringIncludes(all, "What should I work on next?");
    for (const absent of [GOAL, "BEGIN-PWF-DATA", "planning-with-files"]) {
      assertNotIncludes(all, absent);
    }
  } finally {
    await sb.cleanup();
  }
});

Deno.test("qoder e2e: nothing left outside temp folders and cache", async () => {
  assertEquals(await outsideState(), OUTSIDE_BEFORE);
});

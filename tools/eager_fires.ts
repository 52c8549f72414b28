/**
 * The fixture fires of the eager step (tools/eager.ts): every event of every
 * host on two fixture projects (one interactive, one gated), run under the
 * sandbox flags with a timeout, optionally under V8's function log, and what
 * each answered, with paths, times and digests blanked so two bundles'
 * answers compare. The tests run their subprocesses through `loggedRun` too.
 * @module
 */

import { HOSTS } from "../lib/hosts/table.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { inBatches } from "./batches.ts";

/** The plan the fixture fires read: a goal, a current phase, checked items and one phase to go. */
const FIXTURE_PLAN = [
  "# Task Plan: Build the widget",
  "",
  "## Goal",
  "Ship the widget with tests.",
  "",
  "## Current Phase",
  "Phase 2",
  "",
  "## Phases",
  "",
  "### Phase 1: Research",
  "- [x] Read the code",
  "- [x] Note the findings",
  "- **Status:** complete",
  "",
  "### Phase 2: Build",
  "- [x] Write the module",
  "- [ ] Write the tests",
  "- **Status:** in_progress",
  "",
  "### Phase 3: Release",
  "- [ ] Tag it",
  "- **Status:** pending",
  "",
  "## Decisions Made",
  "| Decision | Rationale |",
  "|----------|-----------|",
  "| Deno | one binary |",
  "",
  "## Errors Encountered",
  "| Error | Attempt | Resolution |",
  "|-------|---------|------------|",
  "",
].join("\n");

export async function fixtureProject(dir: string, gated: boolean): Promise<void> {
  await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.planning/p/task_plan.md`, FIXTURE_PLAN);
  await Deno.writeTextFile(`${dir}/.planning/p/findings.md`, "# Findings\n- the widget exists\n");
  await Deno.writeTextFile(`${dir}/.planning/p/progress.md`, "# Progress\n- started\n");
  await Deno.writeTextFile(`${dir}/.planning/.active_plan`, "p\n");
  if (!gated) return;
  await Deno.writeTextFile(`${dir}/.planning/p/.mode`, "autonomous gate\n");
  await Deno.writeTextFile(
    `${dir}/.planning/p/.attestation`,
    attestationText(await sha256Hex(FIXTURE_PLAN)),
  );
}

export function payload(event: string, dir: string): string {
  return JSON.stringify({
    session_id: "pwf-build",
    hook_event_name: event,
    cwd: dir,
    prompt: "go on",
    tool_name: "Edit",
    tool_input: { file_path: "src/a.ts" },
    tool_response: { success: true },
    source: "startup",
    stop_hook_active: false,
  });
}

/** The environment of a profiling run: nothing of the developer's session (no PWF_*, no session ids). */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (
    const k of [
      "PATH",
      "HOME",
      "DENO_DIR",
      "SYSTEMROOT",
      "USERPROFILE",
      "LOCALAPPDATA",
      "TMP",
      "TEMP",
    ]
  ) {
    const v = Deno.env.get(k);
    if (v !== undefined) env[k] = v;
  }
  return env;
}

/** A fire that takes longer than this fails the build (a fixture fire takes ~50 ms). */
const FIRE_TIMEOUT_MS = 60_000;

/** What one run of the bundle did: its exit code (-1: killed at FIRE_TIMEOUT_MS), stdout, V8 log. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly log: string;
}

/**
 * Run `file` (`deno run --no-config --no-code-cache` under the sandbox flags,
 * with a clean environment; no code cache, so a build leaves none behind for
 * its temp file), with V8's function events logged when `v8` is given (the
 * log lands in `cwd` under a relative name: a V8 flag cannot hold a path with
 * a comma). Killed after FIRE_TIMEOUT_MS.
 */
export async function loggedRun(
  file: string,
  cwd: string,
  args: readonly string[],
  v8: readonly string[] | null,
  stdin: string,
): Promise<Run> {
  const log = `.v8-${crypto.randomUUID().slice(0, 8)}.log`;
  const flags = v8 === null ? [] : [
    `--v8-flags=${
      [...v8, "--log-function-events", `--logfile=${log}`, "--no-logfile-per-isolate"].join(",")
    }`,
  ];
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-config", "--no-code-cache", ...flags, ...PERMISSION_FLAGS, file, ...args],
    cwd,
    clearEnv: true,
    env: cleanEnv(),
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, FIRE_TIMEOUT_MS);
  try {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(stdin)).catch(() => {});
    await w.close().catch(() => {});
    const out = await child.output();
    return {
      code: out.signal === null ? out.code : -1,
      stdout: new TextDecoder().decode(out.stdout),
      log: v8 === null ? "" : await Deno.readTextFile(`${cwd}/${log}`).catch(() => ""),
    };
  } finally {
    clearTimeout(timer);
    await Deno.remove(`${cwd}/${log}`).catch(() => {});
  }
}

/** What is wrong with a run, or null: it must exit 0 (every hook fire does) and, with `v8`, leave V8's log. */
export function runProblem(
  r: Run,
  args: readonly string[],
  v8: readonly string[] | null,
): string | null {
  const what = `pwf ${args.join(" ")}`;
  if (r.code < 0) return `${what} did not finish within ${FIRE_TIMEOUT_MS} ms`;
  if (r.code !== 0) return `${what} exited ${r.code}`;
  if (v8 !== null && !r.log.includes("\nscript-details,")) {
    return `${what}: V8 wrote no function log (flags: ${v8.join(",")})`;
  }
  return null;
}

/** `loggedRun`, throwing unless the fire exited 0 (every hook fire does) and V8 logged the bundle. */
export async function mustRun(...run: Parameters<typeof loggedRun>): Promise<Run> {
  const [, , args, v8] = run;
  const r = await loggedRun(...run);
  const problem = runProblem(r, args, v8);
  if (problem !== null) throw new Error(problem);
  return r;
}

/**
 * The events whose functions are made eager: the ones a session fires on
 * every turn and tool call (the bench's session: 20 prompts, 100 pre-tool and
 * 40 post-tool fires to 1 start and 5 stops). Every eager function is read
 * from the code cache in every fire, whether the fire calls it or not (about
 * 6 us each), and a lazy one is compiled when first called (about 30 us), so
 * a function that only session start, compaction or a stop runs is cheaper
 * left lazy: those fires are rare, and each compiles what it needs.
 */
export const EAGER_OPS: ReadonlySet<string> = new Set(["userprompt", "pretool", "posttool"]);

/** One fixture fire: which host and event, on a gated project or a plain one. */
export interface Fire {
  readonly gated: boolean;
  readonly host: string;
  readonly event: string;
}

/** The fires that choose the eager functions: every EAGER_OPS event of every host, and claude's gated. */
export function fixtureFires(): Fire[] {
  const fires: Fire[] = [];
  for (const h of HOSTS) {
    for (const e of h.events) {
      if (EAGER_OPS.has(e.op)) fires.push({ gated: false, host: h.name, event: e.name });
    }
  }
  const claude = HOSTS.find((h) => h.name === "claude");
  for (const e of claude?.events ?? []) {
    if (EAGER_OPS.has(e.op)) fires.push({ gated: true, host: "claude", event: e.name });
  }
  return fires;
}

/**
 * Run every fixture fire on `file`, each in a fresh project of its own under
 * `work/<tag>-<i>`: fires that shared one would now and then wait on each
 * other's locks, and a wait runs (and would make eager) functions chosen by
 * timing, not by the sources.
 */
export async function runFires(
  file: string,
  work: string,
  tag: string,
  v8: readonly string[] | null,
  run: typeof mustRun,
): Promise<Run[]> {
  return await inBatches([...fixtureFires().entries()], 3, async ([i, f]) => {
    const dir = `${work}/${tag}-${i}`;
    await fixtureProject(dir, f.gated);
    return await run(file, dir, ["hook", f.host, f.event], v8, payload(f.event, dir));
  });
}

/** A fire's answer without what differs from run to run: the project's path, times, digests. */
export function comparable(stdout: string, dir: string): string {
  return stdout.replaceAll(dir, "<project>")
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, "<time>")
    .replace(/[0-9a-f]{16,}/g, "<hex>");
}

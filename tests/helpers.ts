/**
 * Black-box test helpers: run the CLI exactly as hosts and users do, as a
 * subprocess under the sandbox flags, in a fresh temp project, with pwf's
 * own variables scrubbed from the environment.
 * @module
 */

import { REPO_ROOT } from "../tools/file_url.ts";
import { ENV_VARS, PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { ensureBundle } from "../tools/bundle.ts";

/**
 * Absolute path of the one artifact (`dist/pwf.js`, tools/bundle.ts): what
 * hosts, the compile and every black-box test run. Loading this module
 * rebuilds it first when it is stale, so no test runs an old build.
 */
export const MAIN = (await ensureBundle(REPO_ROOT, (line) => {
  // deno-lint-ignore no-console
  console.error(line);
})).file;

/** Absolute path of the repository root. */
export const REPO = REPO_ROOT;

/** What a pwf run produced. */
export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly stdoutBytes: Uint8Array;
}

/** Options for runPwf. */
export interface RunOptions {
  /** Extra environment (PWF_*, PLAN_ID, PLANNING_DISABLED, NO_COLOR...). */
  readonly env?: Record<string, string>;
  /** Bytes or text for stdin (default: empty). */
  readonly stdin?: string | Uint8Array;
}

/**
 * The variables the sandbox lets pwf read (ENV_VARS: `PWF_*` a prefix, the others whole names),
 * plus npm's INIT_CWD, which npx sets.
 */
const SCRUBBED = new RegExp(
  `^(${
    [...ENV_VARS, "INIT_CWD"].map((v) => v.endsWith("*") ? v.slice(0, -1) : `${v}$`).join("|")
  })`,
);

/** This process's environment without pwf's own variables and the hosts' session ids. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(Deno.env.toObject())) if (!SCRUBBED.test(k)) env[k] = v;
  return env;
}

/** Run `pwf <args>` in `cwd` under the sandbox flags. */
export async function runPwf(
  cwd: string,
  args: readonly string[],
  opts: RunOptions = {},
): Promise<RunResult> {
  const cmd = new Deno.Command(Deno.execPath(), {
    args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN, ...args],
    cwd,
    env: { ...baseEnv(), ...opts.env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  });
  const child = cmd.spawn();
  const writer = child.stdin.getWriter();
  const input = typeof opts.stdin === "string" ? new TextEncoder().encode(opts.stdin) : opts.stdin;
  try {
    if (input && input.length) await writer.write(input);
    await writer.close();
  } catch { /* the child may exit before reading everything */ }
  const out = await child.output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
    stdoutBytes: out.stdout,
  };
}

/** A fresh temp project directory; call the returned cleanup in `finally`. */
export async function tempProject(
  prefix = "pwf-test-",
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  return { dir, cleanup: () => Deno.remove(dir, { recursive: true }).catch(() => {}) };
}

/** Run a test body in a fresh temp project, cleaning up afterwards. */
export async function inProject(fn: (dir: string) => Promise<void>): Promise<void> {
  const p = await tempProject();
  try {
    await fn(p.dir);
    await assertNoLeftovers(p.dir);
  } finally {
    await p.cleanup();
  }
}

/** Fail if any temp or lock file is left anywhere under `dir/.planning`. */
export async function assertNoLeftovers(dir: string): Promise<void> {
  const bad: string[] = [];
  async function walk(path: string): Promise<void> {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(path));
    } catch {
      return;
    }
    for (const e of entries) {
      if (/\.tmp-|\.pwf\.lock$/.test(e.name)) bad.push(`${path}/${e.name}`);
      if (e.isDirectory) await walk(`${path}/${e.name}`);
    }
  }
  await walk(`${dir}/.planning`);
  if (bad.length) throw new Error(`left-over temp/lock files: ${bad.join(", ")}`);
}

/** Today's local date as YYYY-MM-DD (plan ids use it). */
export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Read a text file under the project. */
export function readText(dir: string, rel: string): Promise<string> {
  return Deno.readTextFile(`${dir}/${rel}`);
}

/** Write a text file under the project (creating parent dirs). */
export async function writeText(dir: string, rel: string, text: string): Promise<void> {
  const path = `${dir}/${rel}`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, text);
}

/** Init a plan and return its id. */
export async function initPlan(dir: string, args: readonly string[] = ["Demo"]): Promise<string> {
  const r = await runPwf(dir, ["init", ...args, "--json"]);
  if (r.code !== 0) throw new Error(`init failed: ${r.stderr}`);
  return JSON.parse(r.stdout).id;
}

/**
 * Init a plan (`flags` choose the mode: gated by default), replace its
 * task_plan.md with `text` and attest it; returns the plan id.
 */
export async function attestedPlan(
  dir: string,
  text: string,
  flags: readonly string[] = ["--gated"],
): Promise<string> {
  const id = await initPlan(dir, ["Attested", ...flags]);
  await writeText(dir, `.planning/${id}/task_plan.md`, text);
  const r = await runPwf(dir, ["attest"]);
  if (r.code !== 0) throw new Error(`attest failed: ${r.stderr}`);
  return id;
}

/** A typical plan with a goal and five phases, phase 2 in progress. */
export const SAMPLE_PLAN = `# Task Plan: Sample

## Goal
Ship the sample feature with tests.

## Next Step
Write the parser tests.

## Current Phase
Phase 2

## Phases

### Phase 1: Discovery
- [x] Read the code
- **Status:** complete

### Phase 2: Build
- [ ] Write the parser
- **Status:** in_progress

### Phase 3: Test
- **Status:** pending

### Phase 4: Review
- **Status:** pending

### Phase 5: Deliver
- **Status:** pending

## Decisions Made
| Decision | Rationale |
|----------|-----------|
`;

/**
 * A neutral relative path (`.planning/p/task_plan.md`) as pwf prints it to
 * people on the OS running the tests: with `\` on Windows (docs/windows.md
 * "Printed paths and timings"). Text for the model keeps `/` everywhere.
 */
export function shownPath(path: string): string {
  return Deno.build.os === "windows" ? path.replaceAll("/", "\\") : path;
}

/** The one way to skip a test (counted and listed with its reason): tests/skip.ts. */
export {
  hardLinksCounted,
  skipOnWindows,
  skipUnlessHardLinksCounted,
  skipUnlessSymlinks,
  skipWhen,
  symlinksWork,
} from "./skip.ts";

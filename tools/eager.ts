/**
 * Eager functions: the build step that puts the hook path's functions in V8's
 * code cache (docs/performance.md, "Eager functions"; docs/build.md).
 *
 * Deno caches a module's bytecode (V8's code cache) when it first compiles
 * it, and that cache holds only what V8 compiled eagerly: the top level. Every
 * function a fire calls is otherwise parsed and compiled from source on its
 * first call, in every process: ~240 functions, about half of a typical
 * fire's own CPU time. V8 compiles a function eagerly when its literal is
 * wrapped in parentheses (the "PIFE" heuristic, for functions that are
 * likely called at once), and esbuild drops such parentheses, so this step
 * adds them to the built bundle, for exactly the top-level functions that
 * the frequent fires of every host execute:
 *
 * 1. `profileFunctions` runs the bundle once with `--no-lazy` (V8 then logs
 *    the source range of every function) and fires every event of every host
 *    (lib/hosts/table.ts) on two fixture projects under the sandbox flags
 *    with `--log-function-events` (V8 logs each function's first execution);
 * 2. `eagerRewrite` rewrites those functions, and only them: a top-level
 *    declaration `function f(..){..}` becomes `f=(function f(..){..})` in one
 *    `var` statement at the very top (so it exists before any code runs, as a
 *    hoisted declaration does), a function expression is wrapped in
 *    parentheses where it stands, and a zero-argument or plain-parameter arrow
 *    with a block body that uses no `this`, `arguments` or `super` (esbuild's
 *    module initialisers) becomes a parenthesised function expression.
 *
 * Functions no fire executes (the command table, help, completions) stay
 * lazy, so a fire does not pay to deserialise them. Positions are V8's own
 * (UTF-16 units), read from the same text that is rewritten; the bundle is
 * made ASCII first (`asciiOnly`), so a position is also a byte offset and V8
 * keeps the source as a one-byte string.
 * @module
 */

import { HOSTS } from "../lib/hosts/table.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { attestationText } from "../lib/core/attestation.ts";
import { sha256Hex } from "../lib/core/sha256.ts";

/** A function literal's source range in the bundle, as V8 reports it: its parameter list to its end. */
export interface FnRange {
  readonly start: number;
  readonly end: number;
}

/**
 * `src` with every non-ASCII UTF-16 unit written as a `\uXXXX` escape. Valid
 * wherever esbuild's output can hold such a character: string, template and
 * regular-expression literals, identifiers and comments (a template's raw
 * text changes; pwf tags no template holding one).
 */
export function asciiOnly(src: string): string {
  // deno-lint-ignore no-control-regex
  return src.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** V8 function events that mean the function ran (under lazy compilation it is compiled when first called). */
const RAN = /^(?:first-execution|parse-function|interpreter)/;

/**
 * The functions of one script in a V8 `--log-function-events` log (the script
 * whose URL ends with `/<name>`): the range of every function an event names
 * (under `--no-lazy`, every function of the script), and the start of every
 * function that ran (under lazy compilation).
 */
export function functionEvents(
  log: string,
  name: string,
): { compiled: FnRange[]; executed: Set<number> } {
  const ids = new Set<string>();
  const compiled: FnRange[] = [];
  const executed = new Set<number>();
  for (const line of log.split("\n")) {
    const f = line.split(",", 5);
    if (f[0] === "script-details" && f[2]?.endsWith(`/${name}`) && f[1]) ids.add(f[1]);
    if (f[0] !== "function" || !ids.has(f[2] ?? "")) continue;
    const start = Number(f[3]);
    const end = Number(f[4]);
    if (!Number.isInteger(start) || !Number.isInteger(end) || end <= start) continue;
    compiled.push({ start, end });
    if (RAN.test(f[1] ?? "")) executed.add(start);
  }
  return { compiled, executed };
}

/** The ranges that lie inside no other range (functions at the script's top level), in order. */
export function topLevel(ranges: readonly FnRange[], length: number): FnRange[] {
  const sorted = ranges.filter((r) => r.start > 0 || r.end < length)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: FnRange[] = [];
  let reach = -1;
  for (const r of sorted) {
    if (r.start < reach) continue;
    out.push(r);
    reach = r.end;
  }
  return out;
}

interface Edit {
  readonly at: number;
  readonly cut: number;
  readonly put: string;
}

const STATEMENT_START = new Set([";", "}", "\n"]);
const EXPRESSION_START = new Set(["=", "(", ",", ":", "?", "[", "!", "&", "|"]);
const DECLARATION_HEAD = /(async\s+)?function\s*([A-Za-z_$][\w$]*)\s*$/;
const EXPRESSION_HEAD = /(async\s+)?function\s*(?:[A-Za-z_$][\w$]*)?\s*$/;
const ARROW_HEAD = /^\(((?:[A-Za-z_$][\w$]*)(?:,[A-Za-z_$][\w$]*)*)?\)=>\{/;
const NEEDS_ARROW = /\b(?:this|arguments|super)\b|new\.target/;

/** How one executed top-level function is made eager, or null when it is left as it is. */
function eagerEdit(src: string, r: FnRange): { edits: Edit[]; prologue?: string } | null {
  if (src[r.end - 1] !== "}") return null;
  const head = src.slice(Math.max(0, r.start - 160), r.start);
  const decl = DECLARATION_HEAD.exec(head);
  if (decl) {
    const kw = r.start - decl[0].length;
    const before = kw === 0 ? "\n" : src[kw - 1]!;
    if (STATEMENT_START.has(before)) {
      return {
        edits: [{ at: kw, cut: r.end - kw, put: "" }],
        prologue: `${decl[2]}=(${src.slice(kw, r.end)})`,
      };
    }
  }
  const expr = EXPRESSION_HEAD.exec(head);
  if (expr && expr[0].startsWith(expr[1] ?? "function")) {
    const kw = r.start - expr[0].length;
    if (kw > 0 && EXPRESSION_START.has(src[kw - 1]!)) {
      return { edits: [{ at: kw, cut: 0, put: "(" }, { at: r.end, cut: 0, put: ")" }] };
    }
  }
  const arrow = ARROW_HEAD.exec(src.slice(r.start, r.start + 200));
  if (!arrow || r.start === 0 || !EXPRESSION_START.has(src[r.start - 1]!)) return null;
  if (/async\s*$/.test(head) || NEEDS_ARROW.test(src.slice(r.start, r.end))) return null;
  return {
    edits: [
      { at: r.start, cut: arrow[0].length, put: `(function(${arrow[1] ?? ""}){` },
      { at: r.end, cut: 0, put: ")" },
    ],
  };
}

/**
 * `src` with the executed top-level functions made eager (see the module
 * doc). `ranges` are every function's range, `executed` the start positions
 * of the functions that ran; both from V8 on this same text.
 */
export function eagerRewrite(
  src: string,
  ranges: readonly FnRange[],
  executed: ReadonlySet<number>,
): { text: string; eager: number } {
  const edits: Edit[] = [];
  const prologue: string[] = [];
  for (const r of topLevel(ranges, src.length)) {
    if (!executed.has(r.start)) continue;
    const e = eagerEdit(src, r);
    if (!e) continue;
    edits.push(...e.edits);
    if (e.prologue) prologue.push(e.prologue);
  }
  let text = src;
  for (const e of [...edits].sort((a, b) => b.at - a.at)) {
    text = text.slice(0, e.at) + e.put + text.slice(e.at + e.cut);
  }
  const eager = edits.filter((e) => e.put !== ")").length;
  return { text: prologue.length ? `var ${prologue.join(",")};\n${text}` : text, eager };
}

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

async function fixtureProject(dir: string, gated: boolean): Promise<void> {
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

function payload(event: string, dir: string): string {
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
function cleanEnv(): Record<string, string> {
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

/**
 * Run `file` (`deno run --no-config --no-code-cache` under the sandbox flags,
 * with a clean environment) with V8's function events logged: its exit
 * code, its stdout and the log. Killed after FIRE_TIMEOUT_MS (exit code -1).
 */
export async function loggedRun(
  file: string,
  cwd: string,
  args: readonly string[],
  v8: readonly string[],
  stdin: string,
): Promise<{ code: number; stdout: string; log: string }> {
  const log = `${cwd}/.v8-${crypto.randomUUID().slice(0, 8)}.log`;
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-config",
      "--no-code-cache",
      `--v8-flags=${
        [...v8, "--log-function-events", `--logfile=${log}`, "--no-logfile-per-isolate"].join(",")
      }`,
      ...PERMISSION_FLAGS,
      file,
      ...args,
    ],
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
    const text = await Deno.readTextFile(log).catch(() => "");
    return {
      code: out.signal === null ? out.code : -1,
      stdout: new TextDecoder().decode(out.stdout),
      log: text,
    };
  } finally {
    clearTimeout(timer);
    await Deno.remove(log).catch(() => {});
  }
}

/** loggedRun's log, or a BundleError-worthy throw when the fire did not finish. */
async function fireLog(
  file: string,
  cwd: string,
  args: readonly string[],
  v8: readonly string[],
  stdin: string,
): Promise<string> {
  const r = await loggedRun(file, cwd, args, v8, stdin);
  if (r.code < 0) {
    throw new Error(`pwf ${args.join(" ")} did not finish within ${FIRE_TIMEOUT_MS} ms`);
  }
  return r.log;
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

/** Run `jobs` with at most `width` at a time. */
async function pooled<T>(jobs: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return out;
}

/**
 * Every function's range in `file` (V8 under `--no-lazy`) and the functions
 * that the prompt, pre-tool and post-tool fires of every host execute (EAGER_OPS).
 */
export async function profileFunctions(
  file: string,
): Promise<{ compiled: FnRange[]; executed: Set<number> }> {
  const name = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  const work = await Deno.makeTempDir({ prefix: "pwf-eager-" });
  try {
    const fires: { gated: boolean; host: string; event: string }[] = [];
    for (const h of HOSTS) {
      for (const e of h.events) {
        if (EAGER_OPS.has(e.op)) fires.push({ gated: false, host: h.name, event: e.name });
      }
    }
    const claude = HOSTS.find((h) => h.name === "claude");
    for (const e of claude?.events ?? []) {
      if (EAGER_OPS.has(e.op)) fires.push({ gated: true, host: "claude", event: e.name });
    }
    await fixtureProject(`${work}/all`, false);
    const all = functionEvents(
      await fireLog(file, `${work}/all`, ["hook", "claude", "none"], ["--no-lazy"], ""),
      name,
    );
    // One project per fire: fires that shared one would now and then wait on each other's locks,
    // and a wait runs (and would make eager) functions chosen by timing, not by the sources.
    const logs = await pooled(
      fires.map((f, i) => async () => {
        const dir = `${work}/${i}`;
        await fixtureProject(dir, f.gated);
        return await fireLog(file, dir, ["hook", f.host, f.event], [], payload(f.event, dir));
      }),
      3,
    );
    const executed = new Set<number>();
    for (const log of logs) for (const s of functionEvents(log, name).executed) executed.add(s);
    return { compiled: all.compiled, executed };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/**
 * Why the bundle `file` does not run, or null when a typical claude prompt
 * fire prints its context and `--version` its version (the rewrite's own
 * check, before the bundle replaces the old one).
 */
export async function bundleFault(file: string): Promise<string | null> {
  const work = await Deno.makeTempDir({ prefix: "pwf-eager-" });
  try {
    await fixtureProject(work, false);
    for (const args of [["hook", "claude", "UserPromptSubmit"], ["--version"]]) {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, file, ...args],
        cwd: work,
        clearEnv: true,
        env: cleanEnv(),
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(payload("UserPromptSubmit", work))).catch(() => {});
      await w.close().catch(() => {});
      const r = await child.output();
      const out = new TextDecoder().decode(r.stdout);
      if (r.code !== 0 || !out.trim()) {
        const err = new TextDecoder().decode(r.stderr).trim().split("\n").slice(-1)[0] ?? "";
        return `pwf ${args.join(" ")} exited ${r.code}${
          out.trim() ? "" : " with no output"
        }: ${err}`;
      }
    }
    return null;
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

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
 *    declaration `function f(..){..}` becomes `f=(function(..){..})` in one
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
 *
 * The step leans on V8's log format and esbuild's output shape, which a Deno
 * upgrade may change: when it cannot apply, it throws `EagerUnavailable` and
 * the build ships the plain bundle (tools/bundle.ts, docs/build.md).
 * @module
 */

import {
  comparable,
  fixtureFires,
  fixtureProject,
  loggedRun,
  mustRun,
  type Run,
  runFires,
  runProblem,
} from "./eager_fires.ts";

/**
 * The eager step cannot apply to this bundle (V8's log, a fire under V8's
 * logging, the rewrite or its check failed): speed is lost, nothing else, so
 * the build ships the plain bundle once the plain bundle passes the fixture
 * fires itself (`plainFault`). The message is the one-line reason.
 */
export class EagerUnavailable extends Error {}

/** A function literal's source range in the bundle, as V8 reports it: its parameter list to its end. */
export interface FnRange {
  readonly start: number;
  readonly end: number;
}

/**
 * `src` with every non-ASCII UTF-16 unit written as a `\uXXXX` escape. Valid
 * wherever esbuild's output can hold such a character: string, template and
 * regular-expression literals, identifiers and comments. A tagged template's
 * raw text would change (String.raw sees the escape), so none may hold one
 * (String.raw is the only tag lib/ uses; tests/eager_test.ts checks it).
 */
export function asciiOnly(src: string): string {
  // An escaped character (`\\–`, an odd run of backslashes before it) means the character itself:
  // the escape replaces both, or `\\u2013` would read as a backslash and "u2013".
  // deno-lint-ignore no-control-regex
  return src.replace(/(\\*)([^\x00-\x7f])/g, (_, slashes: string, c: string) => {
    const keep = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${keep}\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
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
      // Anonymous, as the declaration's own name is the (mutable) module binding: a named
      // expression's inner name could not be assigned to; the `var` still names it `.name`.
      return {
        edits: [{ at: kw, cut: r.end - kw, put: "" }],
        prologue: `${decl[2]}=(${decl[1] ?? ""}function${src.slice(r.start, r.end)})`,
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
 * of the functions that ran; both from V8 on this same text. It takes a
 * declaration that follows `;`, `}` or a line break outside every function
 * to stand at the module's top level: esbuild's output puts no function
 * declaration in a block there (one in a block would change scope); a
 * rewrite that changed what any fixture fire prints fails the build
 * (rewriteFault).
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

/** `loggedRun` under V8's logging for the profile: a failure is the step's, not yet the bundle's. */
async function profiledRun(...run: Parameters<typeof loggedRun>): Promise<Run> {
  const [, , args, v8] = run;
  const r = await loggedRun(...run);
  const problem = runProblem(r, args, v8);
  if (problem !== null) throw new EagerUnavailable(problem);
  return r;
}

/** What `profileFunctions` found: the input of `eagerRewrite` and of `rewriteFault`. */
export interface Profile {
  readonly compiled: FnRange[];
  readonly executed: Set<number>;
  readonly answers: string[];
}

/**
 * Every function's range in `file` (V8 under `--no-lazy`), the functions
 * that the fixture fires execute, and what each fire printed (for
 * `rewriteFault`). A run that fails under V8's logging throws
 * `EagerUnavailable`; whether the bundle itself fails is `plainFault`'s to say.
 */
export async function profileFunctions(file: string): Promise<Profile> {
  const name = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
  const work = await Deno.makeTempDir({ prefix: "pwf-eager-" });
  try {
    await fixtureProject(`${work}/all`, false);
    const all = functionEvents(
      (await profiledRun(file, `${work}/all`, ["hook", "claude", "none"], ["--no-lazy"], "")).log,
      name,
    );
    const runs = await runFires(file, work, "fire", [], profiledRun);
    const executed = new Set<number>();
    for (const r of runs) for (const s of functionEvents(r.log, name).executed) executed.add(s);
    const answers = runs.map((r, i) => comparable(r.stdout, `${work}/fire-${i}`));
    return { compiled: all.compiled, executed, answers };
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

/**
 * Why the rewritten bundle `file` is not as good as the one profiled, or
 * null: every fixture fire must print what it printed before the rewrite
 * (`answers`, up to paths, times and digests), and `--version` must work.
 */
export async function rewriteFault(
  file: string,
  answers: readonly string[],
): Promise<string | null> {
  return await bundleFault(file, answers);
}

/**
 * Why the plain bundle `file` cannot ship, or null: every fixture fire must
 * exit 0 within FIRE_TIMEOUT_MS and `--version` must work. Checked when the
 * eager step did not apply, so that a bundle that fails by itself fails the
 * build instead of passing for an eager problem.
 */
export async function plainFault(file: string): Promise<string | null> {
  return await bundleFault(file, null);
}

/** The fixture fires and `--version` on `file`, each fire's answer compared with `answers` when given. */
async function bundleFault(
  file: string,
  answers: readonly string[] | null,
): Promise<string | null> {
  const work = await Deno.makeTempDir({ prefix: "pwf-eager-" });
  try {
    const runs = await runFires(file, work, "check", null, mustRun);
    const fires = fixtureFires();
    for (const [i, r] of runs.entries()) {
      if (answers !== null && comparable(r.stdout, `${work}/check-${i}`) !== answers[i]) {
        const f = fires[i]!;
        return `pwf hook ${f.host} ${f.event} answers otherwise than before the rewrite`;
      }
    }
    await fixtureProject(`${work}/version`, false);
    const v = await mustRun(file, `${work}/version`, ["--version"], null, "");
    return v.stdout.startsWith("pwf ") ? null : `pwf --version printed ${JSON.stringify(v.stdout)}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

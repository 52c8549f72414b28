// deno-lint-ignore-file no-console
/**
 * The one artifact: main.ts and everything it imports (the hook path, the
 * command table, the templates) bundled by `deno bundle` into one module,
 * `dist/pwf.js`. That module is what `deno task pwf`, the tests, the e2e
 * launchers, the bench and from-source hook registrations run, and what
 * `deno task compile` embeds (built the same way from a staged tree with a
 * stamped build_info.ts). See docs/build.md.
 *
 * The bundle is not committed. Its first line records a key: the SHA-256 of
 * the sources it was built from (main.ts, deno.json, lib/ without unit tests,
 * templates/) and the Deno version. A bundle whose key differs from the
 * sources' key is stale; `ensureBundle` rebuilds it, writing a temp file and
 * renaming it into place, one builder at a time (a lock file), so parallel
 * test processes never run a half-written or an old build.
 *
 * After `deno bundle`, the eager step (tools/eager.ts) rewrites the bundle so
 * the hook path's functions are in V8's code cache. When that step cannot
 * apply (V8's log, a fire under V8's logging, the rewrite or its check
 * fails), the build says so in one line and ships the plain bundle, marked
 * `plain` in its first line; a plain bundle that fails a fixture fire by
 * itself still fails the build.
 *
 * `deno run -A tools/bundle.ts` builds if stale; `--check` only reports
 * (exit 1 when stale); `--force` always rebuilds (and retries the eager step).
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import {
  asciiOnly,
  eagerRewrite,
  EagerUnavailable,
  plainFault,
  type Profile,
  profileFunctions,
  rewriteFault,
} from "./eager.ts";

/** Where the artifact lives, relative to the repository (ignored by git). */
export const BUNDLE_REL = "dist/pwf.js";

/** The `deno bundle` arguments (before `-o <out> main.ts`); part of the key. */
/**
 * `--minify`: a fire compiles each function it calls from source (V8's code
 * cache holds only the eagerly compiled top level), and less source to scan
 * is less work: task-clock CPU per typical fire about -1 to -3 ms, peak RSS
 * -0.1 to -0.4 MB (docs/performance.md). Error lines use messages, never
 * function names, so renaming changes no output.
 */
export const BUNDLE_ARGS: readonly string[] = [
  "bundle",
  "--quiet",
  "--platform",
  "deno",
  "--minify",
];

/** The build's own modules (beside this one), part of the key: what turns the sources into the artifact. */
const BUILD_TOOLS: readonly string[] = [
  "./bundle.ts",
  "./eager.ts",
  "./eager_fires.ts",
  "./batches.ts",
];

/**
 * The first line of every bundle: `// pwf bundle <key>; built by tools/bundle.ts ...`,
 * with `plain (eager compilation skipped); ` after the key when the eager step did not apply.
 */
const HEADER_RE = /^\/\/ pwf bundle ([0-9a-f]{64});( plain)?/;

function header(key: string, eager: boolean): string {
  const plain = eager ? "" : " plain (eager compilation skipped);";
  return `// pwf bundle ${key};${plain} built by tools/bundle.ts from main.ts (do not edit; see docs/build.md)\n`;
}

/** The command a developer runs to (re)build the artifact by hand. */
export const BUILD_COMMAND = "npx -y deno@2.9.6 task bundle";

function join(...parts: string[]): string {
  return parts.map((p, i) => (i === 0 ? p.replace(/[\\/]+$/, "") : p.replace(/^[\\/]+/, "")))
    .join("/");
}

/** Whether a repository-relative path is a source of the bundle. */
export function isBundleSource(rel: string): boolean {
  if (rel === "main.ts" || rel === "deno.json") return true;
  if (rel.startsWith("templates/")) return true;
  return rel.startsWith("lib/") && !/_test\.ts$/.test(rel);
}

/** Repository-relative ("/"-separated) paths of the bundle's sources, sorted. */
export async function sourceFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(join(root, rel))) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory) await walk(child);
      else if (e.isFile && isBundleSource(child)) out.push(child);
    }
  }
  for (const dir of ["lib", "templates"]) {
    if (await Deno.stat(join(root, dir)).then((s) => s.isDirectory, () => false)) await walk(dir);
  }
  for (const f of ["main.ts", "deno.json"]) {
    if (await Deno.stat(join(root, f)).then((s) => s.isFile, () => false)) out.push(f);
  }
  return out.sort();
}

/** The key of the sources under `root`: SHA-256 over each path and its bytes, the Deno version and the bundle args. */
export async function sourceKey(root: string): Promise<string> {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [enc.encode(`deno ${Deno.version.deno}\0${BUNDLE_ARGS.join(" ")}\0`)];
  for (const rel of await sourceFiles(root)) {
    const bytes = await Deno.readFile(join(root, rel));
    parts.push(enc.encode(`${rel}\0${bytes.length}\0`), bytes);
  }
  // The build steps themselves: a change to how the bundle is made also makes it stale.
  for (const tool of BUILD_TOOLS) {
    const bytes = await Deno.readFile(new URL(tool, import.meta.url));
    parts.push(enc.encode(`tools/${tool.slice(2)}\0${bytes.length}\0`), bytes);
  }
  let size = 0;
  for (const p of parts) size += p.length;
  const all = new Uint8Array(size);
  let off = 0;
  for (const p of parts) {
    all.set(p, off);
    off += p.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a bundle's first line records: its key and whether it is plain (no eager step). */
export async function bundleHeader(file: string): Promise<{ key: string; plain: boolean } | null> {
  let head: string;
  try {
    using f = await Deno.open(file);
    const buf = new Uint8Array(128);
    const n = await f.read(buf);
    head = new TextDecoder().decode(buf.subarray(0, n ?? 0));
  } catch {
    return null;
  }
  const m = HEADER_RE.exec(head);
  return m ? { key: m[1]!, plain: m[2] !== undefined } : null;
}

/** The key recorded in a bundle file, or null (missing, unreadable or not a pwf bundle). */
export async function bundleKey(file: string): Promise<string | null> {
  return (await bundleHeader(file))?.key ?? null;
}

/**
 * Whether the artifact of `root` exists and was built from its current
 * sources, and whether it is plain. A plain bundle of the current sources is
 * fresh: it is rebuilt (and the eager step retried) when the key changes or
 * on `--force`, not on every check.
 */
export async function bundleStatus(
  root: string = REPO_ROOT,
): Promise<{ fresh: boolean; plain: boolean; key: string; file: string }> {
  const file = join(root, BUNDLE_REL);
  const [key, have] = await Promise.all([sourceKey(root), bundleHeader(file)]);
  return { fresh: have?.key === key, plain: have?.plain ?? false, key, file };
}

/** The parts of the eager step (tools/eager.ts); a test replaces one to make the step fail. */
export interface EagerSteps {
  /** Runs the bundle under V8's logging: function ranges, what ran, what each fixture fire printed. */
  readonly profile: (file: string) => Promise<Profile>;
  /** The rewrite of the bundle's text. */
  readonly rewrite: typeof eagerRewrite;
  /** Why the rewritten bundle answers otherwise than the profiled one, or null. */
  readonly fault: (file: string, answers: readonly string[]) => Promise<string | null>;
}

/** The real eager step. */
export const EAGER_STEPS: EagerSteps = {
  profile: profileFunctions,
  rewrite: eagerRewrite,
  fault: rewriteFault,
};

/** How `buildBundle` builds. */
export interface BuildOptions {
  /** The sources' key (`sourceKey(root)`), when the caller has it. */
  readonly key?: string;
  /** Parts of the eager step to use instead of EAGER_STEPS' (tests inject failures so). */
  readonly eager?: Partial<EagerSteps>;
  /** Where the one line of a skipped eager step goes (default: stderr). */
  readonly warn?: (line: string) => void;
}

/** What a build shipped: the eager bundle, or the plain one and the one-line reason. */
export type Built = { readonly eager: true } | { readonly eager: false; readonly reason: string };

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, " ").trim();
}

/** Write `out` through a temp file beside it (renamed into place when `fill` returns). */
async function viaTemp<T>(out: string, fill: (tmp: string) => Promise<T>): Promise<T> {
  const dir = out.slice(0, Math.max(out.lastIndexOf("/"), out.lastIndexOf("\\")));
  if (dir) await Deno.mkdir(dir, { recursive: true });
  const tmp = `${out}.tmp-${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`;
  try {
    const r = await fill(tmp);
    await Deno.rename(tmp, out);
    return r;
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
}

/** `deno bundle` of `root`/main.ts into `tmp`, made ASCII (asciiOnly): the plain bundle's body. */
async function bundleBody(root: string, tmp: string): Promise<string> {
  const config = await Deno.stat(join(root, "deno.json")).then(() => true, () => false);
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      ...BUNDLE_ARGS,
      ...(config ? ["--config", join(root, "deno.json")] : ["--no-config"]),
      "-o",
      tmp,
      "main.ts",
    ],
    cwd: root, // esbuild names modules relative to the cwd: keep it the tree's root
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!r.success) throw new BundleError(explainBundleFailure(new TextDecoder().decode(r.stderr)));
  return asciiOnly(await Deno.readTextFile(tmp));
}

/**
 * The eager bundle's text (header included), or `EagerUnavailable`: every
 * way the step can fail on a bundle that works (see docs/build.md). `tmp`
 * holds `body` when called and is where the rewrite is checked.
 */
async function eagerText(
  body: string,
  tmp: string,
  head: string,
  steps: EagerSteps,
): Promise<string> {
  const prof = await steps.profile(tmp);
  if (prof.compiled.length === 0) throw new EagerUnavailable("V8 logged no function of the bundle");
  if (prof.executed.size === 0) {
    throw new EagerUnavailable("V8 logged no function that the fixture fires ran");
  }
  let rewritten: { text: string; eager: number };
  try {
    rewritten = steps.rewrite(body, prof.compiled, prof.executed);
  } catch (err) {
    throw new EagerUnavailable(`the rewrite threw: ${message(err)}`);
  }
  if (rewritten.eager === 0) {
    throw new EagerUnavailable("no function the fixture fires ran has a shape the rewrite handles");
  }
  const text = `${head}${rewritten.text}`;
  await Deno.writeTextFile(tmp, text);
  const fault = await steps.fault(tmp, prof.answers).catch((err) => message(err));
  if (fault) throw new EagerUnavailable(`the rewritten bundle failed its check: ${fault}`);
  return text;
}

/**
 * Bundle `root`/main.ts into `out` (written via a temp file and a rename),
 * with the eager step (tools/eager.ts) when it applies, else plain after one
 * line to `warn`. Deterministic: the same sources give the same bytes,
 * wherever `root` is. Throws BundleError when `deno bundle` fails or the
 * bundle fails a fixture fire by itself.
 */
export async function buildBundle(
  root: string,
  out: string,
  opts: BuildOptions = {},
): Promise<Built> {
  const k = opts.key ?? await sourceKey(root);
  const steps: EagerSteps = { ...EAGER_STEPS, ...opts.eager };
  return await viaTemp(out, async (tmp): Promise<Built> => {
    const body = await bundleBody(root, tmp);
    await Deno.writeTextFile(tmp, body);
    const built = await Deno.realPath(tmp);
    try {
      await Deno.writeTextFile(tmp, await eagerText(body, built, header(k, true), steps));
      return { eager: true };
    } catch (err) {
      if (!(err instanceof EagerUnavailable)) {
        throw new BundleError(`the eager-functions step (tools/eager.ts) failed: ${message(err)}`);
      }
      await Deno.writeTextFile(tmp, `${header(k, false)}${body}`);
      const fault = await plainFault(built);
      if (fault) {
        throw new BundleError(
          `the new bundle fails a fixture fire by itself, without the eager step: ${fault}`,
        );
      }
      const reason = message(err);
      (opts.warn ?? ((l) => console.error(l)))(
        `pwf build: eager compilation skipped (${reason}); shipping the plain bundle`,
      );
      return { eager: false, reason };
    }
  });
}

/**
 * The plain bundle of `root` (`deno bundle`, made ASCII, marked plain; no
 * eager step and no fixture fire) into `out`: what a build whose eager step
 * did not apply ships. The bench measures it against the eager one.
 */
export async function plainBundle(root: string, out: string, key?: string): Promise<void> {
  const k = key ?? await sourceKey(root);
  await viaTemp(out, async (tmp) => {
    await Deno.writeTextFile(tmp, `${header(k, false)}${await bundleBody(root, tmp)}`);
  });
}

/** `deno bundle` failed; the message is one line saying why and what to do. */
export class BundleError extends Error {}

/** The one line for a failed `deno bundle` (its own error follows after a colon). */
export function explainBundleFailure(stderr: string): string {
  // deno-lint-ignore no-control-regex
  const plain = stderr.replace(/\x1b\[[0-9;]*m/g, "");
  const first = plain.split("\n").find((l) => /error/i.test(l))?.trim() ?? plain.trim();
  if (/esbuild/.test(plain)) {
    return `deno bundle could not get esbuild, which it downloads once from the npm registry ` +
      `into DENO_DIR/dl/esbuild-<version> (no registry here? see docs/build.md): ${first}`;
  }
  return `deno bundle failed: ${first}`;
}

const LOCK_STALE_MS = 120_000;

/**
 * Make sure `root`'s artifact is built from its current sources; build it if
 * not. Safe under `deno test --parallel`: one process builds (lock file
 * `dist/pwf.js.lock`), the others wait for the result. Returns the artifact's
 * path and whether this call built it.
 */
export async function ensureBundle(
  root: string = REPO_ROOT,
  log: (line: string) => void = () => {},
): Promise<{ file: string; built: boolean }> {
  const deadline = Date.now() + 2 * LOCK_STALE_MS;
  for (;;) {
    const st = await bundleStatus(root);
    if (st.fresh) return { file: st.file, built: false };
    const lock = `${st.file}.lock`;
    await Deno.mkdir(join(root, "dist"), { recursive: true });
    let mine = false;
    try {
      await Deno.writeTextFile(lock, `${Deno.pid}\n`, { createNew: true });
      mine = true;
    } catch (err) {
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
    }
    if (mine) {
      try {
        // Another builder may have finished between the check and the lock.
        const again = await bundleStatus(root);
        if (again.fresh) return { file: again.file, built: false };
        log(`pwf: building ${BUNDLE_REL} (sources changed)`);
        await buildBundle(root, again.file, { key: again.key });
        return { file: again.file, built: true };
      } finally {
        await Deno.remove(lock).catch(() => {});
      }
    }
    const age = await Deno.stat(lock).then((s) => Date.now() - (s.mtime?.getTime() ?? 0), () => 0);
    if (age > LOCK_STALE_MS) await Deno.remove(lock).catch(() => {}); // a crashed builder
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${lock}; remove it and run "${BUILD_COMMAND}"`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (import.meta.main) {
  const args = Deno.args;
  const plainNote = `plain (eager compilation was skipped; "${BUILD_COMMAND} --force" retries)`;
  if (args.includes("--check")) {
    const st = await bundleStatus(REPO_ROOT);
    if (!st.fresh) {
      console.error(`pwf: ${BUNDLE_REL} is stale or missing; run "${BUILD_COMMAND}"`);
      Deno.exit(1);
    }
    if (st.plain) console.error(`pwf: ${BUNDLE_REL} is ${plainNote}`);
  } else if (args.includes("--force")) {
    const key = await sourceKey(REPO_ROOT);
    await buildBundle(REPO_ROOT, join(REPO_ROOT, BUNDLE_REL), { key });
    if (!args.includes("--quiet")) console.error(`pwf: built ${BUNDLE_REL}`);
  } else {
    const quiet = args.includes("--quiet");
    const r = await ensureBundle(REPO_ROOT, (l) => console.error(l));
    if (!quiet && !r.built) {
      const st = await bundleStatus(REPO_ROOT);
      console.error(`pwf: ${BUNDLE_REL} is up to date${st.plain ? `, ${plainNote}` : ""}`);
    }
  }
}

/**
 * The e2e harness for hosts driven against the loopback model server
 * (docs/e2e.md "How to add a host"): a sandbox per run (project, HOME, TMPDIR
 * and a logging pwf launcher under one temp dir), the host's hooks
 * registered with `pwf hooks print <host> --bin <launcher>`, one host run
 * with a cleared environment against a scripted server, and what came back:
 * the recorded request bodies, the hook fires, stdout/stderr and host logs.
 *
 * `deno task e2e` (tools/e2e.ts) runs each host's tests inside a private
 * network namespace, so the server and the host share a loopback that
 * nothing can leave.
 * @module
 */

import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { findHost } from "../lib/hosts/table.ts";
import { MAIN, runPwf } from "../tests/helpers.ts";
import { type ModelServer, type Reply, startModelServer } from "./model_server.ts";

/** One sandbox: project, HOME, TMPDIR and the pwf launcher, all under `root`. */
export interface Sandbox {
  readonly root: string;
  readonly project: string;
  readonly home: string;
  readonly tmp: string;
  /** Where the host writes logs the driver reads (its `--log-dir` and the like). */
  readonly logs: string;
  readonly launcher: string;
  /**
   * One line per hook fire: `<exit code> <argv>`; pwf's stderr goes to `fires.err`, the
   * directory the host started the fire in to `fires.dirs` (one line each).
   */
  readonly fireLog: string;
  readonly cleanup: () => Promise<void>;
}

/** How `deno task e2e` installs a host CLI from npm into `.cache/e2e/`. */
export interface InstallSpec {
  /** npm package name. */
  readonly pkg: string;
  /** The pinned version (docs/hosts.md names the same). */
  readonly version: string;
  /** The executable's name in `node_modules/.bin/`. */
  readonly bin: string;
  /** Arguments that make the CLI print its version, and text that output must contain. */
  readonly versionArgs: readonly string[];
  readonly versionText: string;
  /**
   * Environment that points the CLI's own reusable cache (files it unpacks
   * on first start) at `dir`, a folder in `.cache/e2e/` that tools/e2e.ts
   * fills once and every run shares (Copilot unpacks 235 MB per fresh HOME).
   */
  readonly cacheEnv?: (dir: string) => Record<string, string>;
  /**
   * The executable's path under `node_modules/` when the package links no
   * `.bin/` entry (Factory's platform package ships `bin/droid` only).
   */
  readonly binPath?: string;
  /** A program that runs the executable (a package's script without the execute bit: `bash`). */
  readonly interpreter?: string;
  /** What `npm install` is given instead of `pkg@version` (a tarball; tests/e2e_setup_test.ts). */
  readonly source?: string;
  /**
   * Install with `--ignore-scripts`: the package's postinstall writes outside
   * its folder (Qoder CLI's edits `~/.bashrc`, `~/.profile` and the global git ignore).
   */
  readonly ignoreScripts?: boolean;
  /** More packages the driver needs offline (each in its own cache prefix; see cachedPackage). */
  readonly extras?: readonly { readonly pkg: string; readonly version: string }[];
}

/** The `node_modules` folder of a package `deno task e2e` installed into its cache (an extra). */
export function cachedPackage(pkg: string, version: string): string {
  const cache = Deno.env.get("E2E_CACHE");
  if (!cache) throw new Error("E2E_CACHE is not set: run the e2e tests with `deno task e2e`");
  return `${cache}/${pkg.split("/").pop()}-${version}/node_modules`;
}

/** The command one run executes. */
export interface HostCommand {
  readonly args: readonly string[];
  /** Environment besides PATH, HOME and TMPDIR (the rest is cleared). */
  readonly env: Record<string, string>;
}

/**
 * How a host sends a second prompt to the session a previous run left in the
 * sandbox, non-interactively (`command` gets that run, e.g. for a session id
 * it printed), or why it cannot (`impossible`, one line; docs/e2e.md lists it).
 */
export type ContinueSpec =
  | {
    readonly flag: string;
    /** The second prompt goes to a copy of the session (its history) under a new id. */
    readonly fork?: boolean;
    command(sb: Sandbox, server: ModelServer, prompt: string, previous: HostRun): HostCommand;
  }
  | { readonly impossible: string };

/**
 * One host, as the harness drives it. A new host is one module exporting
 * one of these plus a test file calling `hostSuite` (e2e/host_suite.ts).
 */
export interface HostDriver {
  /** pwf's host name (`pwf hook <name> ...`); also the tests' name prefix. */
  readonly name: string;
  /** Human name with the proven version, e.g. "Codex CLI 0.171.0". */
  readonly title: string;
  readonly install: InstallSpec;
  /** Write the host's own configuration (user settings, provider, trust) for one run. */
  configure(sb: Sandbox, server: ModelServer): Promise<void>;
  /** The command line and environment of one non-interactive run. */
  command(sb: Sandbox, server: ModelServer, prompt: string): HostCommand;
  /** A second prompt in the same session (the flag found in the installed CLI's help). */
  readonly continueSession: ContinueSpec;
  /** Text the host logged besides stdout/stderr (log files), read after the run. */
  logs?(sb: Sandbox): Promise<string>;
  /** Lines of stdout/stderr/logs that report a hook error (none expected). */
  hookErrors(run: HostRun): string[];
  /** Kill a run after this many ms, and stop its model server then (default 90 s). */
  readonly timeoutMs?: number;
}

/** What one host run left behind. */
export interface HostRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly logs: string;
  readonly ms: number;
  /** Every request the model server received. */
  readonly requests: readonly import("./model_server.ts").RecordedRequest[];
  /** Hook fires in order: event name, exit code, the directory the host started it in. */
  readonly fires: readonly {
    readonly event: string;
    readonly code: number;
    readonly dir: string;
  }[];
  readonly fireStderr: string;
}

/** The installed CLI of the host under test (set by tools/e2e.ts). */
export function hostBin(driver: HostDriver): string {
  const bin = Deno.env.get("E2E_HOST_BIN");
  if (!bin) {
    throw new Error(`E2E_HOST_BIN is not set: run the ${driver.name} e2e with \`deno task e2e\``);
  }
  return bin;
}

/** The shared cache folder of the host under test (tools/e2e.ts sets it), or null. */
export function hostCache(): string | null {
  return Deno.env.get("E2E_HOST_CACHE") || null;
}

/** Quote a word for /bin/sh. */
export function shQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * A /bin/sh launcher for the artifact under exactly RUN_FLAGS and PERMISSION_FLAGS
 * (DENO_DIR kept, no update check); `start(argv)` gives the lines that run the quoted argv.
 */
export function pwfLauncher(start: (argv: string) => string[]): string {
  const lines = ["#!/bin/sh"];
  const denoDir = Deno.env.get("DENO_DIR");
  if (denoDir) lines.push(`DENO_DIR=${shQuote(denoDir)}`, "export DENO_DIR");
  lines.push("DENO_NO_UPDATE_CHECK=1", "export DENO_NO_UPDATE_CHECK");
  const argv = [Deno.execPath(), "run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN].map(shQuote).join(
    " ",
  );
  lines.push(...start(argv));
  return lines.join("\n") + "\n";
}

/**
 * The hosts' launcher: passes stdin/stdout through, appends pwf's stderr to
 * `<fireLog>.err` and one line `<exit code> <argv>` to `fireLog` per fire.
 */
export function launcherScript(fireLog: string): string {
  return pwfLauncher((argv) => [
    `${argv} "$@" 2>>${shQuote(fireLog + ".err")}`,
    "rc=$?",
    `printf '%s %s\\n' "$rc" "$*" >>${shQuote(fireLog)}`,
    `printf '%s\\n' "$PWD" >>${shQuote(fireLog + ".dirs")}`,
    "exit $rc",
  ]);
}

/** Create a sandbox with `pwf hooks print <host>` written to the host's manifest path. */
export async function makeSandbox(host: string): Promise<Sandbox> {
  const spec = findHost(host);
  if (!spec) throw new Error(`no pwf host named ${host}`);
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: `pwf-e2e-${host}-` }));
  const sb: Sandbox = {
    root,
    project: `${root}/project`,
    home: `${root}/home`,
    tmp: `${root}/tmp`,
    logs: `${root}/logs`,
    launcher: `${root}/bin/pwf`,
    fireLog: `${root}/logs/fires`,
    cleanup: () => Deno.remove(root, { recursive: true }),
  };
  for (const d of [sb.project, sb.home, sb.tmp, sb.logs, `${root}/bin`]) {
    await Deno.mkdir(d, { recursive: true });
  }
  await Deno.writeTextFile(sb.launcher, launcherScript(sb.fireLog), { mode: 0o755 });
  await Deno.chmod(sb.launcher, 0o755);
  const manifest = await runPwf(sb.project, ["hooks", "print", host, "--bin", sb.launcher]);
  if (manifest.code !== 0) throw new Error(`pwf hooks print ${host} failed: ${manifest.stderr}`);
  const path = `${sb.project}/${spec.manifestPath}`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, manifest.stdout);
  return sb;
}

async function readOr(path: string, fallback = ""): Promise<string> {
  try {
    return await Deno.readTextFile(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return fallback;
    throw err;
  }
}

/** Options of one run. */
export interface RunOptions {
  readonly prompt?: string;
  /** Replies for tool-offering requests (see e2e/model_server.ts). */
  readonly script?: readonly Reply[];
  readonly fallback?: string;
  /** Extra environment for the host (and so for pwf), e.g. PLANNING_DISABLED. */
  readonly env?: Record<string, string>;
  /** Kill the host after this many ms (default 90 s: a loaded 2-core machine is slow). */
  readonly timeoutMs?: number;
  /**
   * Continue the session this earlier run (in the same sandbox) left, with
   * the driver's `continueSession` command; the result then holds this
   * run's requests and fires only.
   */
  readonly continueFrom?: HostRun;
  /** Text for the host's stdin (default: none, stdin is /dev/null), e.g. stream-json prompts. */
  readonly stdin?: string;
}

/** Run the host once in the sandbox against a fresh scripted model server. */
export async function runHost(
  driver: HostDriver,
  sb: Sandbox,
  opts: RunOptions = {},
): Promise<HostRun> {
  const timeoutMs = opts.timeoutMs ?? driver.timeoutMs ?? 90_000;
  const server = startModelServer({
    script: opts.script ?? [],
    fallback: opts.fallback ?? "Done.",
    maxRequests: 40,
    maxSeconds: Math.max(120, Math.ceil(timeoutMs / 1000) + 15),
  });
  try {
    await driver.configure(sb, server);
    const prompt = opts.prompt ?? "What should I work on next?";
    const resume = driver.continueSession;
    if (opts.continueFrom && !("command" in resume)) {
      throw new Error(`${driver.name} cannot continue a session: ${resume.impossible}`);
    }
    const cmd = opts.continueFrom && "command" in resume
      ? resume.command(sb, server, prompt, opts.continueFrom)
      : driver.command(sb, server, prompt);
    // Fires and pwf stderr of earlier runs in this sandbox are not this run's.
    const firesBefore = (await readOr(sb.fireLog)).length;
    const dirsBefore = (await readOr(sb.fireLog + ".dirs")).length;
    const errBefore = (await readOr(sb.fireLog + ".err")).length;
    const started = performance.now();
    const child = new Deno.Command(hostBin(driver), {
      args: [...cmd.args],
      cwd: sb.project,
      env: {
        PATH: "/usr/bin:/bin",
        HOME: sb.home,
        TMPDIR: sb.tmp,
        ...(driver.install.cacheEnv && hostCache()
          ? driver.install.cacheEnv(hostCache() as string)
          : {}),
        ...cmd.env,
        ...opts.env,
      },
      clearEnv: true,
      stdin: opts.stdin === undefined ? "null" : "piped",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(timeoutMs),
    }).spawn();
    if (opts.stdin !== undefined) await writeAndClose(child.stdin, opts.stdin);
    const out = await child.output();
    const ms = Math.round(performance.now() - started);
    const dec = new TextDecoder();
    const dirs = (await readOr(sb.fireLog + ".dirs")).slice(dirsBefore).split("\n");
    const fires = (await readOr(sb.fireLog)).slice(firesBefore).split("\n").filter((l) => l).map(
      (l, i) => {
        const [code, ...argv] = l.split(" ");
        return { event: argv[argv.length - 1] ?? "", code: Number(code), dir: dirs[i] ?? "" };
      },
    );
    return {
      code: out.code,
      stdout: dec.decode(out.stdout),
      stderr: dec.decode(out.stderr),
      logs: driver.logs ? await driver.logs(sb) : "",
      ms,
      requests: [...server.requests],
      fires,
      fireStderr: (await readOr(sb.fireLog + ".err")).slice(errBefore),
    };
  } finally {
    await server.close();
  }
}

/** Write `text` to a child's stdin and close it (a host that exits early is not an error here). */
async function writeAndClose(stdin: WritableStream<Uint8Array>, text: string): Promise<void> {
  const w = stdin.getWriter();
  try {
    await w.write(new TextEncoder().encode(text));
    await w.close();
  } catch { /* the host closed its stdin first: its output says why */ }
}

/** Every string inside a JSON value, depth first (what a request carries as text). */
export function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) { for (const v of value) stringsOf(v, out); }
  else if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) stringsOf(v, out);
  }
  return out;
}

/** The strings of one request body, skipping its tool schemas (they never carry pwf text). */
export function requestTexts(body: unknown): string[] {
  if (body === null || typeof body !== "object") return [];
  const { tools: _tools, ...rest } = body as Record<string, unknown>;
  return stringsOf(rest);
}

/** Recursive text search over all the string values of a request body. */
export function requestIncludes(body: unknown, needle: string): boolean {
  return requestTexts(body).some((s) => s.includes(needle));
}

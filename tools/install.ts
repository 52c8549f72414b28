// deno-lint-ignore-file no-console
/**
 * `deno task install` / `deno task uninstall`: put a `pwf` launcher on the
 * user's PATH that runs this checkout's artifact (dist/pwf.js, the commit
 * stamped in) under exactly the sandbox flags of lib/core/permissions.ts,
 * with a copy of the Deno that ran the task (npm's cache may be cleared; the
 * copy stays). Where: `--dir <folder>` or PWF_INSTALL_DIR for the launcher
 * (default `~/.local/bin`, on Windows `%LOCALAPPDATA%\Programs\pwf`, where the
 * release binary goes too), Deno and the artifact in `--data-dir`, else
 * `<dir>/../share/pwf` (Windows: `<dir>\runtime`). On Windows the launcher
 * is `pwf.cmd`, which needs no POSIX shell. docs/install.md.
 * @module
 */

import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { ensureBundle } from "./bundle.ts";
import { gitCommit } from "./compile.ts";
import { REPO_ROOT } from "./file_url.ts";

/** Where an install goes. */
export interface InstallPaths {
  /** The folder of the launcher (meant to be on PATH). */
  readonly bin: string;
  /** The folder of the Deno copy and the artifact. */
  readonly data: string;
  readonly windows: boolean;
}

/** Parsed arguments of tools/install.ts. */
export interface InstallArgs {
  readonly action: "install" | "uninstall";
  readonly dir?: string;
  readonly dataDir?: string;
}

const USAGE =
  "usage: deno task install [--dir <folder>] [--data-dir <folder>] | deno task uninstall [--dir <folder>] [--data-dir <folder>]";

/** Parse `install|uninstall [--dir D] [--data-dir D]`; throws with the usage line. */
export function parseInstallArgs(argv: readonly string[]): InstallArgs {
  const [action, ...rest] = argv;
  if (action !== "install" && action !== "uninstall") throw new Error(USAGE);
  const out: { action: typeof action; dir?: string; dataDir?: string } = { action };
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = (rest[i] as string).split(/=(.*)/s, 2);
    const value = inline ?? rest[++i];
    if (value === undefined || (flag !== "--dir" && flag !== "--data-dir")) {
      throw new Error(`unknown or incomplete argument "${rest[i - (inline ? 0 : 1)]}"; ${USAGE}`);
    }
    if (flag === "--dir") out.dir = value;
    else out.dataDir = value;
  }
  return out;
}

function parentOf(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, "");
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  return cut > 0 ? trimmed.slice(0, cut) : trimmed;
}

/**
 * The install folders: `--dir`, else PWF_INSTALL_DIR, else the per-user
 * default; the data folder `--data-dir`, else `<bin>/../share/pwf` (Windows:
 * `<bin>\runtime`).
 */
export function installPaths(
  args: InstallArgs,
  env: Record<string, string | undefined>,
  windows: boolean,
): InstallPaths {
  const home = env.HOME ?? env.USERPROFILE;
  const fallback = windows
    ? env.LOCALAPPDATA ? `${env.LOCALAPPDATA}\\Programs\\pwf` : undefined
    : home
    ? `${home}/.local/bin`
    : undefined;
  const bin = args.dir ?? env.PWF_INSTALL_DIR ?? fallback;
  if (!bin) {
    throw new Error(`no HOME${windows ? " or LOCALAPPDATA" : ""}: pass --dir <folder>`);
  }
  const data = args.dataDir ?? (windows ? `${bin}\\runtime` : `${parentOf(bin)}/share/pwf`);
  return { bin, data, windows };
}

/** The launcher's file name. */
export function launcherName(windows: boolean): string {
  return windows ? "pwf.cmd" : "pwf";
}

/** The Deno copy's file name. */
export function denoName(windows: boolean): string {
  return windows ? "deno.exe" : "deno";
}

function join(p: InstallPaths, dir: string, name: string): string {
  return `${dir}${p.windows ? "\\" : "/"}${name}`;
}

/** Single-quote for sh. */
function shQuote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

/**
 * The launcher's text: `deno run` of the artifact under RUN_FLAGS and
 * PERMISSION_FLAGS, arguments passed through. sh: `exec` (no extra process);
 * cmd: `%*`, no POSIX shell needed.
 */
export function renderLauncher(p: InstallPaths, commit: string): string {
  const deno = join(p, p.data, denoName(p.windows));
  const artifact = join(p, p.data, "pwf.js");
  const flags = [...RUN_FLAGS, ...PERMISSION_FLAGS];
  const note = `pwf launcher (deno task install, commit ${commit}); deno task uninstall removes it`;
  if (p.windows) {
    const args = [deno, "run", ...flags, artifact].map((a) => `"${a}"`).join(" ");
    return `@echo off\r\nrem ${note}\r\n${args} %*\r\n`;
  }
  return `#!/bin/sh\n# ${note}\nexec ${
    [deno, "run", ...flags, artifact].map(shQuote).join(" ")
  } "$@"\n`;
}

const BUILD_LITERAL = /commit:"unknown",target:null,compiled:!1\}/g;

/** The artifact with `commit` stamped into its build info; throws when the shape is not found once. */
export function stampCommit(bundle: string, commit: string): string {
  const hits = bundle.match(BUILD_LITERAL)?.length ?? 0;
  if (hits !== 1) {
    throw new Error(
      `cannot stamp the commit: dist/pwf.js holds the build info literal ${hits} times, not once ` +
        `(tools/install.ts BUILD_LITERAL must follow the bundler's output)`,
    );
  }
  return bundle.replace(BUILD_LITERAL, `commit:${JSON.stringify(commit)},target:null,compiled:!1}`);
}

async function writeAtomic(path: string, data: Uint8Array | string, mode?: number): Promise<void> {
  const tmp = `${path}.tmp-${Deno.pid}`;
  if (typeof data === "string") await Deno.writeTextFile(tmp, data);
  else await Deno.writeFile(tmp, data);
  if (mode !== undefined && Deno.build.os !== "windows") await Deno.chmod(tmp, mode);
  await Deno.rename(tmp, path);
}

async function copyDeno(to: string): Promise<void> {
  const tmp = `${to}.tmp-${Deno.pid}`;
  await Deno.copyFile(Deno.execPath(), tmp);
  if (Deno.build.os !== "windows") await Deno.chmod(tmp, 0o755);
  try {
    await Deno.rename(tmp, to);
  } catch (err) {
    await Deno.remove(tmp).catch(() => {});
    throw new Error(`cannot replace ${to} (is a pwf running? close agent sessions first): ${err}`);
  }
}

function onPath(dir: string, env: Record<string, string | undefined>, windows: boolean): boolean {
  const norm = (s: string) => (windows ? s.toLowerCase() : s).replace(/[\\/]+$/, "");
  return (env.PATH ?? env.Path ?? "").split(windows ? ";" : ":").some((d) => norm(d) === norm(dir));
}

/** Install; returns the lines to print. */
export async function install(p: InstallPaths, repo: string): Promise<string[]> {
  const { file } = await ensureBundle(repo, (l) => console.error(l));
  const commit = await gitCommit(repo);
  const artifact = stampCommit(await Deno.readTextFile(file), commit);
  await Deno.mkdir(p.data, { recursive: true });
  await Deno.mkdir(p.bin, { recursive: true });
  const deno = join(p, p.data, denoName(p.windows));
  await copyDeno(deno);
  await writeAtomic(join(p, p.data, "pwf.js"), artifact);
  const launcher = join(p, p.bin, launcherName(p.windows));
  await writeAtomic(launcher, renderLauncher(p, commit), 0o755);
  const lines = [
    `pwf install: launcher ${launcher}`,
    `pwf install: Deno ${Deno.version.deno} copied to ${deno}`,
    `pwf install: artifact ${join(p, p.data, "pwf.js")} (commit ${commit})`,
  ];
  const env = Deno.env.toObject();
  if (!onPath(p.bin, env, p.windows)) {
    lines.push(
      p.windows
        ? `pwf install: ${p.bin} is not on PATH; add it (PowerShell, never run here): ` +
          `[Environment]::SetEnvironmentVariable("Path", "${p.bin};" + [Environment]::GetEnvironmentVariable("Path", "User"), "User")`
        : `pwf install: ${p.bin} is not on PATH; add it: echo 'export PATH="${p.bin}:$PATH"' >> ~/.profile (then log in again)`,
    );
  }
  lines.push("pwf install: done; check with: pwf --version");
  return lines;
}

/** Uninstall; returns the lines to print. */
export async function uninstall(p: InstallPaths): Promise<string[]> {
  const lines: string[] = [];
  const files = [
    join(p, p.bin, launcherName(p.windows)),
    join(p, p.data, denoName(p.windows)),
    join(p, p.data, "pwf.js"),
  ];
  for (const f of files) {
    try {
      await Deno.remove(f);
      lines.push(`pwf uninstall: removed ${f}`);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
  await Deno.remove(p.data).catch(() => {}); // only when empty
  lines.push(lines.length ? "pwf uninstall: done" : `pwf uninstall: nothing installed in ${p.bin}`);
  return lines;
}

async function main(): Promise<number> {
  try {
    const args = parseInstallArgs(Deno.args);
    const paths = installPaths(args, Deno.env.toObject(), Deno.build.os === "windows");
    const lines = args.action === "install"
      ? await install(paths, REPO_ROOT)
      : await uninstall(paths);
    for (const l of lines) console.log(l);
    return 0;
  } catch (err) {
    console.error(`pwf ${Deno.args[0] ?? "install"}: ${err instanceof Error ? err.message : err}`);
    return 1;
  }
}

if (import.meta.main) Deno.exit(await main());

// deno-lint-ignore-file no-console
/**
 * `deno task compile [--target T] [--out DIR]`: compile pwf for every target
 * of SPEC section 12 (or one) into DIR/<target>/pwf[.exe] (DIR defaults to
 * dist), under the sandbox flags of lib/core/permissions.ts, from the one
 * bundled module (tools/bundle.ts) built from a staged copy of the tree whose
 * build_info.ts is generated, then write
 * DIR/SHA256SUMS. See docs/build.md.
 * @module
 */

import { BUILD_INFO } from "../lib/core/build_info.ts";
import { PERMISSION_FLAGS, V8_FLAGS } from "../lib/core/permissions.ts";
import { BundleError } from "./bundle.ts";
import { sha256SumsLine } from "./checksums.ts";
import { fileUrlToPath, join, stageBundle } from "./stage.ts";

/** Every target pwf ships for (the six `deno compile --target` values). */
export const TARGETS: readonly string[] = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
  "aarch64-pc-windows-msvc",
];

/** What to build and where. */
export interface CompileOptions {
  readonly targets: readonly string[];
  readonly outDir: string;
}

/** A build failure with the one line to print. */
export class CompileError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** Parse the compile tool's argv. */
export function parseCompileArgs(argv: readonly string[], repo: string): CompileOptions {
  let target: string | undefined;
  let outDir = join(repo, "dist");
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === "--target") target = value();
    else if (flag === "--out") outDir = value();
    else usage(`unknown argument "${argv[i]}"`);
  }
  if (target !== undefined && !TARGETS.includes(target)) {
    usage(`unknown target "${target}"; one of: ${TARGETS.join(", ")}`);
  }
  return { targets: target === undefined ? TARGETS : [target], outDir };
}

function usage(detail: string): never {
  throw new CompileError(
    `compile: ${detail} (usage: deno task compile [--target TARGET] [--out DIR])`,
    2,
  );
}

/** The binary's file name for a target. */
export function binaryName(target: string): string {
  return target.includes("windows") ? "pwf.exe" : "pwf";
}

/** The `deno compile` argv for one target: the sandbox flags come only from PERMISSION_FLAGS. */
export function compileArgs(
  target: string,
  staged: { entry: string; config: string },
  output: string,
): string[] {
  return [
    "compile",
    "--config",
    staged.config,
    ...V8_FLAGS,
    ...PERMISSION_FLAGS,
    "--target",
    target,
    "--output",
    output,
    staged.entry,
  ];
}

/** The one line explaining why `deno compile` failed for `target`. */
export function explainFailure(
  stderr: string,
  target: string,
  denortBin: string | undefined,
): string {
  const version = Deno.version.deno;
  if (denortBin !== undefined && /Could not find denort|Setting up base binary/.test(stderr)) {
    return `compile: DENORT_BIN="${denortBin}" is not a usable denort ${version} runtime for ${target}; ` +
      `point it at the denort binary from denort-${target}.zip of Deno ${version}`;
  }
  if (/Setting up base binary|denort-/.test(stderr)) {
    return `compile: cannot build ${target}: deno compile could not download the denort runtime ` +
      `(https://dl.deno.land/release/v${version}/denort-${target}.zip; no network here?) and DENORT_BIN is unset. ` +
      `Set DENORT_BIN to a local denort ${version} for ${target} and run "deno task compile --target ${target}", ` +
      `or build on a machine that can reach dl.deno.land`;
  }
  return `compile: deno compile failed for ${target} (see its output above)`;
}

/** The commit to stamp: `git rev-parse --short HEAD`, "-dirty" when tracked files changed. */
export async function gitCommit(repo: string): Promise<string> {
  const git = async (...args: string[]) => {
    try {
      const out = await new Deno.Command("git", {
        args,
        cwd: repo,
        stdout: "piped",
        stderr: "null",
      })
        .output();
      return out.success ? new TextDecoder().decode(out.stdout).trim() : undefined;
    } catch {
      return undefined; // git not installed
    }
  };
  const head = await git("rev-parse", "--short", "HEAD");
  if (!head) {
    console.error(
      'pwf compile: warning: not a git checkout (or no git); stamping commit "unknown"',
    );
    return "unknown";
  }
  const dirty = await git("status", "--porcelain", "--untracked-files=no");
  return dirty ? `${head}-dirty` : head;
}

async function compileOne(
  target: string,
  staged: { entry: string; config: string },
  outDir: string,
): Promise<string> {
  const rel = `${target}/${binaryName(target)}`;
  await Deno.mkdir(join(outDir, target), { recursive: true });
  const denortBin = Deno.env.get("DENORT_BIN");
  const out = await new Deno.Command(Deno.execPath(), {
    args: compileArgs(target, staged, join(outDir, rel)),
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  Deno.stdout.writeSync(out.stdout);
  Deno.stderr.writeSync(out.stderr);
  if (!out.success) {
    await Deno.remove(join(outDir, target)).catch(() => {}); // only if left empty
    throw new CompileError(explainFailure(stderr, target, denortBin));
  }
  return rel;
}

/** Build `opts.targets`; returns the SHA256SUMS text of what was built. */
export async function build(repo: string, opts: CompileOptions): Promise<string> {
  const denortBin = Deno.env.get("DENORT_BIN");
  if (denortBin !== undefined) {
    if (opts.targets.length !== 1) {
      throw new CompileError(
        `compile: DENORT_BIN names one runtime, for one target; add --target <the denort's target>`,
        2,
      );
    }
    const st = await Deno.stat(denortBin).catch(() => undefined);
    if (!st?.isFile) throw new CompileError(`compile: DENORT_BIN="${denortBin}" is not a file`);
  }
  const commit = await gitCommit(repo);
  const stage = join(opts.outDir, ".build");
  await Deno.remove(join(opts.outDir, "SHA256SUMS")).catch(() => {});
  const lines: string[] = [];
  try {
    for (const target of opts.targets) {
      const info = { version: BUILD_INFO.version, commit, target, compiled: true };
      const staged = await stageBundle(repo, join(stage, "src"), info).catch((err) => {
        if (err instanceof BundleError) throw new CompileError(`compile: ${err.message}`);
        throw err;
      });
      console.log(`pwf compile: ${target} (pwf ${info.version}, ${commit})`);
      const rel = await compileOne(target, staged, opts.outDir);
      lines.push(await sha256SumsLine(await Deno.readFile(join(opts.outDir, rel)), rel));
    }
  } finally {
    await Deno.remove(stage, { recursive: true }).catch(() => {});
  }
  const sums = lines.sort((a, b) => a.slice(66) < b.slice(66) ? -1 : 1).join("");
  await Deno.writeTextFile(join(opts.outDir, "SHA256SUMS"), sums);
  return sums;
}

if (import.meta.main) {
  const repo = fileUrlToPath(new URL("../", import.meta.url)).replace(/[\\/]$/, "");
  try {
    const opts = parseCompileArgs(Deno.args, repo);
    const sums = await build(repo, opts);
    console.log(`pwf compile: wrote ${join(opts.outDir, "SHA256SUMS")}:\n${sums}`);
  } catch (err) {
    if (!(err instanceof CompileError)) throw err;
    console.error(`pwf ${err.message}`);
    Deno.exit(err.exitCode);
  }
}

/**
 * `pwf hooks print <host> [--bin PATH]`: the registration manifest for a
 * host, every command running the binary directly (no shell syntax).
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { UsageError } from "../core/errors.ts";
import { companionFiles, findHost, HOSTS, manifestText } from "../hosts/mod.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Context, defineCommand } from "./command.ts";

/** Parsed `pwf hooks` arguments. */
export interface HooksArgs {
  readonly host: string;
  readonly bin: string | undefined;
  /** A companion file of the registration to print instead of the manifest (Hermes: plugin.yaml). */
  readonly file: string | undefined;
}

const FLAGS = [{
  name: "bin",
  value: "PATH",
  summary: "the pwf binary the hooks run (default: this executable, else pwf on PATH)",
}, {
  name: "file",
  value: "NAME",
  summary: "print this companion file of the registration instead (hermes: plugin.yaml)",
}];

/** Characters a binary path may hold: anything else would need shell quoting. */
const SAFE_BIN_REGEXP = /^[A-Za-z0-9_./:\\+@-]+$/;

/** Parse `pwf hooks print` argv. */
export function parseHooksArgs(argv: readonly string[]): HooksArgs {
  const [sub, ...rest] = argv;
  if (sub !== "print") {
    throw new UsageError(
      `hooks: expected "print", got ${sub === undefined ? "nothing" : `"${sub}"`}`,
    );
  }
  const p = parseArgv("hooks print", rest, FLAGS);
  maxPositionals("hooks print", p, 1);
  const host = p.positionals[0];
  const names = HOSTS.map((h) => h.name).join(", ");
  if (host === undefined) throw new UsageError(`hooks print: name a host (${names})`);
  if (!findHost(host)) throw new UsageError(`hooks print: unknown host "${host}" (${names})`);
  const bin = stringFlag(p, "bin");
  if (bin !== undefined && !SAFE_BIN_REGEXP.test(bin)) {
    throw new UsageError(
      `hooks print: --bin "${bin}" has spaces or shell characters; install pwf on a path without them (or on PATH and omit --bin)`,
    );
  }
  const file = stringFlag(p, "file");
  if (file !== undefined) {
    const known = companionFiles(findHost(host)!, "pwf").map((f) => f.path.split("/").pop()!);
    if (!known.includes(file)) {
      throw new UsageError(
        known.length
          ? `hooks print: ${host} has no file "${file}" (one of ${known.join(", ")})`
          : `hooks print: ${host} has no companion files; drop --file`,
      );
    }
  }
  return { host, bin, file };
}

function defaultBin(): string {
  if (!BUILD_INFO.compiled) return "pwf";
  try {
    const path = Deno.execPath().replaceAll("\\", "/");
    return SAFE_BIN_REGEXP.test(path) ? path : "pwf";
  } catch {
    return "pwf"; // the sandbox may not let us read our own path
  }
}

/** Run `pwf hooks print`. */
export function runHooks(args: HooksArgs, ctx: Context): number {
  const host = findHost(args.host);
  if (!host) return 2;
  const bin = args.bin ?? defaultBin();
  const file = args.file === undefined
    ? undefined
    : companionFiles(host, bin).find((f) => f.path.split("/").pop() === args.file);
  ctx.host.stdout(file ? file.text : manifestText(host, bin));
  return 0;
}

/** The `hooks` command row. */
export const hooksCommand = defineCommand({
  name: "hooks",
  summary: "print a host's hook registration manifest, pointing at the pwf binary",
  usage: [`hooks print <${HOSTS.map((h) => h.name).join("|")}> [--bin PATH] [--file NAME]`],
  flags: FLAGS,
  words: ["print"],
  parse: parseHooksArgs,
  run: runHooks,
});

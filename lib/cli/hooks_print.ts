/**
 * `pwf hooks print <host> [--bin PATH] [--merge|--remove]` and
 * `pwf hooks check <host> [--bin PATH] [--json]`: the registration manifest
 * for a host (every command running the binary directly, no shell syntax),
 * merged into or taken out of the settings file read on stdin, or a report
 * of what that file registers. pwf writes no settings file itself (its
 * sandbox is `.planning/`): the caller redirects stdout. docs/install.md.
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { UsageError } from "../core/errors.ts";
import { didYouMean } from "../core/text/suggest.ts";
import {
  type EventState,
  mergeSettings,
  type Registration,
  removeSettings,
  SettingsError,
} from "../core/settings/merge.ts";
import { companionFiles, findHost, HOSTS, type HostSpec, manifestText } from "../hosts/mod.ts";
import { binProblem } from "../hosts/windows_bin.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { shown } from "./plan_context.ts";

/** Parsed `pwf hooks` arguments. */
export interface HooksArgs {
  readonly sub: "print" | "check";
  readonly host: string;
  readonly bin: string | undefined;
  /** print: "merge" into or "remove" from the settings on stdin; undefined: the manifest. */
  readonly edit: "merge" | "remove" | undefined;
  readonly json: boolean;
  /** A companion file of the registration to print instead of the manifest (Hermes: plugin.yaml). */
  readonly file: string | undefined;
  /** --remove: print nothing when the result holds nothing but pwf's own defaults. */
  readonly deleteIfEmpty: boolean;
}

const BIN_FLAG = {
  name: "bin",
  value: "PATH",
  summary: "the pwf binary the hooks run (default: this executable, else pwf on PATH)",
};
const MERGE_FLAG = {
  name: "merge",
  summary: "read the host's settings on stdin, print them with pwf's hooks added or replaced",
};
const REMOVE_FLAG = {
  name: "remove",
  summary: "read the host's settings on stdin, print them without pwf's hooks",
};
const DELETE_FLAG = {
  name: "delete-if-empty",
  summary:
    "with --remove: print nothing when only pwf's defaults would be left (so the saving line deletes the file)",
};
const FILE_FLAG = {
  name: "file",
  value: "NAME",
  summary: "print this companion file of the registration instead (hermes: plugin.yaml)",
};
const FLAGS = [BIN_FLAG, FILE_FLAG, MERGE_FLAG, REMOVE_FLAG, DELETE_FLAG, JSON_FLAG];

/** The most bytes of settings read from stdin. */
export const SETTINGS_LIMIT = 4 * 1024 * 1024;

/** Parse `pwf hooks print|check` argv. */
export function parseHooksArgs(argv: readonly string[]): HooksArgs {
  const [sub, ...rest] = argv;
  if (sub !== "print" && sub !== "check") {
    throw new UsageError(
      `hooks: expected "print" or "check", got ${
        sub === undefined ? "nothing" : `"${sub}"${didYouMean(sub, ["print", "check"])}`
      }`,
    );
  }
  const cmd = `hooks ${sub}`;
  const p = parseArgv(cmd, rest, FLAGS);
  maxPositionals(cmd, p, 1);
  const host = p.positionals[0];
  const names = HOSTS.map((h) => h.name).join(", ");
  if (host === undefined) throw new UsageError(`${cmd}: name a host (${names})`);
  const spec = findHost(host);
  if (!spec) {
    const hint = didYouMean(host, HOSTS.map((h) => h.name));
    throw new UsageError(`${cmd}: unknown host "${host}"${hint} (known: ${names})`);
  }
  const bin = stringFlag(p, "bin");
  const problem = bin === undefined ? null : binProblem(bin, spec);
  if (problem !== null) throw new UsageError(`${cmd}: ${problem}`);
  const merge = p.flags.merge === true, remove = p.flags.remove === true;
  const json = p.flags.json === true;
  if (merge && remove) throw new UsageError(`${cmd}: give --merge or --remove, not both`);
  const deleteIfEmpty = p.flags["delete-if-empty"] === true;
  if (deleteIfEmpty && !remove) {
    throw new UsageError(`${cmd}: --delete-if-empty goes with --remove`);
  }
  if (sub === "check" && (merge || remove)) {
    throw new UsageError(`hooks check: --${merge ? "merge" : "remove"} belongs to "hooks print"`);
  }
  if (sub === "print" && json) {
    throw new UsageError(
      `hooks print: --json belongs to "hooks check" (print writes the file itself)`,
    );
  }
  const file = stringFlag(p, "file");
  if (file !== undefined) {
    if (sub === "check" || merge || remove) {
      throw new UsageError(
        `${cmd}: --file prints a companion file; it takes no --merge, --remove or check`,
      );
    }
    const known = companionFiles(spec, "pwf").map((f) => f.path.split("/").pop()!);
    if (!known.includes(file)) {
      throw new UsageError(
        known.length
          ? `hooks print: ${host} has no file "${file}" (one of ${known.join(", ")})`
          : `hooks print: ${host} has no companion files; drop --file`,
      );
    }
  }
  const edit = merge ? "merge" : remove ? "remove" : undefined;
  return { sub, host, bin, edit, json, file, deleteIfEmpty };
}

function defaultBin(host: HostSpec): string {
  if (!BUILD_INFO.compiled) return "pwf";
  try {
    const path = Deno.execPath();
    return binProblem(path, host) === null ? path : "pwf";
  } catch {
    return "pwf"; // the sandbox may not let us read our own path
  }
}

/** The settings file on stdin as text (empty: no file yet). */
async function readSettings(ctx: Context): Promise<string> {
  const bytes = await ctx.host.readStdin(SETTINGS_LIMIT + 1);
  if (bytes.length > SETTINGS_LIMIT) {
    throw new SettingsError(`the settings on stdin exceed ${SETTINGS_LIMIT / 1024 / 1024} MiB`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new SettingsError("the settings on stdin are not UTF-8 text");
  }
}

function registration(host: HostSpec, bin: string): Registration | undefined {
  return host.settings &&
    { host: host.name, shape: host.settings, manifest: host.manifest(bin), bin };
}

function withWhere<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof SettingsError) {
      throw new SettingsError(
        `${what}: settings on stdin: ${err.message} (fix the file, or edit it by hand from "pwf hooks print <host>")`,
      );
    }
    throw err;
  }
}

async function runPrint(
  args: HooksArgs,
  host: HostSpec,
  bin: string,
  ctx: Context,
): Promise<number> {
  if (args.file !== undefined) {
    const file = companionFiles(host, bin).find((f) => f.path.split("/").pop() === args.file);
    ctx.host.stdout(file ? file.text : manifestText(host, bin));
    return 0;
  }
  const reg = registration(host, bin);
  if (args.edit === undefined || (!reg && args.edit === "merge")) {
    // Hosts whose glue is a file of pwf's own: the file to save, whatever was there.
    ctx.host.stdout(manifestText(host, bin));
    return 0;
  }
  const what = `hooks print ${host.name} --${args.edit}`;
  if (!reg) {
    throw new SettingsError(
      `${what}: ${host.title} loads pwf from a file of its own (${
        shown(ctx, host.manifestPath)
      }); delete that file to uninstall`,
    );
  }
  const text = await readSettings(ctx);
  const r = withWhere(
    what,
    () => (args.edit === "merge" ? mergeSettings : removeSettings)(text, reg),
  );
  ctx.host.stdout(args.deleteIfEmpty && onlyDefaults(r.text, reg.manifest) ? "" : r.text);
  return 0;
}

/**
 * Whether settings text holds nothing but top-level values pwf's manifest
 * itself adds (Cursor's and Copilot's `"version": 1`): what is left after
 * --remove took pwf's hooks out of a file pwf made.
 */
function onlyDefaults(text: string, manifest: unknown): boolean {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return false;
  }
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(doc) || !isObject(manifest)) return false;
  return Object.entries(doc).every(([k, v]) =>
    k !== "hooks" && k in manifest && JSON.stringify(manifest[k]) === JSON.stringify(v)
  );
}

const STATE_TEXT: Record<EventState["state"], string> = {
  ok: "registered",
  missing: "not registered",
  "other-bin": "runs another binary",
  outdated: "registered, but not as this version writes it (matcher, timeout or command)",
  stale: "registered, but this version registers no such event",
};

async function runCheck(
  args: HooksArgs,
  host: HostSpec,
  bin: string,
  ctx: Context,
): Promise<number> {
  const text = await readSettings(ctx);
  const reg = registration(host, bin);
  let events: EventState[];
  let changed: boolean;
  if (reg) {
    const r = withWhere(`hooks check ${host.name}`, () => mergeSettings(text, reg));
    events = [...r.events];
    changed = r.changed;
  } else {
    const want = manifestText(host, bin);
    changed = text !== want;
    const state = text.trim() === "" ? "missing" : changed ? "outdated" : "ok";
    events = host.events.map((e) => ({ event: e.name, state }));
  }
  if (args.json) {
    ctx.host.stdout(
      JSON.stringify({ schemaVersion: 1, host: host.name, bin, events, mergeChanges: changed }) +
        "\n",
    );
    return changed ? 1 : 0;
  }
  const width = Math.max(...events.map((e) => e.event.length));
  const lines = events.map((e) => {
    const detail = e.state === "other-bin"
      ? `${STATE_TEXT[e.state]}: ${e.bins.join(", ")} (expected ${bin})`
      : STATE_TEXT[e.state];
    return `${e.state.toUpperCase().padEnd(9)} ${e.event.padEnd(width)}  ${detail}`;
  });
  const fix = reg
    ? `pwf hooks print ${host.name}${args.bin ? ` --bin ${bin}` : ""} --merge < ${
      shown(ctx, host.manifestPath)
    }`
    : `pwf hooks print ${host.name}${args.bin ? ` --bin ${bin}` : ""} > ${
      shown(ctx, host.manifestPath)
    }`;
  lines.push(
    changed
      ? `--merge would change this file: ${fix} (save the output, then replace the file)`
      : "--merge would change nothing",
  );
  ctx.host.stdout(lines.join("\n") + "\n");
  return changed ? 1 : 0;
}

/** Run `pwf hooks print|check`. */
export function runHooks(args: HooksArgs, ctx: Context): Promise<number> | number {
  const host = findHost(args.host);
  if (!host) return 2;
  const bin = args.bin ?? defaultBin(host);
  return args.sub === "print" ? runPrint(args, host, bin, ctx) : runCheck(args, host, bin, ctx);
}

const HOST_LIST = HOSTS.map((h) => h.name).join("|");

/** The `hooks` command row. */
export const hooksCommand = defineCommand({
  name: "hooks",
  summary:
    "print a host's hook registration, merge it into (or out of) its settings, or check them",
  usage: [
    `hooks print <${HOST_LIST}> [--bin PATH] [--file NAME]`,
    `hooks print HOST [--bin PATH] --merge|--remove < SETTINGS`,
    `hooks check HOST [--bin PATH] [--json] < SETTINGS`,
  ],
  flags: FLAGS,
  words: ["print", "check"],
  values: ["word", "host"],
  parse: parseHooksArgs,
  run: runHooks,
});

/**
 * Dispatch: argv -> command -> exit code. Errors are mapped to exit codes in
 * exactly one place (here), via exitCodeFor.
 * @module
 */

import { displayPathsIn, printableOutput } from "../core/text/display.ts";
import { errorLine, ExitCode, exitCodeFor, PwfError, UsageError } from "../core/errors.ts";
import { didYouMean } from "../core/text/suggest.ts";
import { type Host, isDisabled, useColor } from "../core/host.ts";
import { parseHookArgs, runHook } from "./hook.ts";
import type { Context } from "./command.ts";
import { locatePlanning } from "./planning_place.ts";

/** Run pwf with argv (without the program name) on a Host; returns the exit code. */
export async function run(argv: readonly string[], rawHost: Host): Promise<number> {
  if (isDisabled(rawHost)) return 0;
  // Every diagnostic, hooks' included, is control-free, bidi-safe and bounded per line: they
  // echo argv, ids and messages built from plan text (docs/security.md).
  const host: Host = { ...rawHost, stderr: (text) => rawHost.stderr(printableOutput(text)) };
  // Never throws: a `.planning` that cannot be inspected is chosen, and refused when opened.
  const planning = locatePlanning(host);
  const ctx: Context = { host, root: planning.root, planning, color: useColor(host) };
  try {
    return await dispatch(argv, ctx);
  } catch (err) {
    return await report(err, argv, ctx);
  }
}

/**
 * The one place errors are printed: one line on stderr naming `pwf help
 * <command>` (after the message's own pointer when it ends with one: `(see
 * "pwf use --list", or "pwf help use")`), the paths in the form of this
 * platform; with `--json`, also one JSON object `{schemaVersion, error,
 * exitCode}` on stdout.
 */
async function report(err: unknown, argv: readonly string[], ctx: Context): Promise<number> {
  const host = ctx.host;
  const line = displayPathsIn(host.os, errorLine(err), host.cwd);
  const code = exitCodeFor(err);
  if (!(err instanceof PwfError)) {
    host.stderr(`${line} (this is a bug in pwf; please report it)\n`);
  } else {
    const { findCommand } = await import("./commands.ts");
    const name = argv[0] === "--version" ? "version" : argv[0] ?? "";
    const topic = findCommand(name) ? `pwf help ${name}` : "pwf help";
    host.stderr(`${withHelp(line, topic)}\n`);
  }
  const end = argv.indexOf("--");
  if ((end < 0 ? argv : argv.slice(0, end)).includes("--json")) {
    const error = line.replace(/^pwf: /, "");
    host.stdout(`${JSON.stringify({ schemaVersion: 1, error, exitCode: code })}\n`);
  }
  return code;
}

/** `line` naming `topic` once: in its own trailing `(see "pwf ...")`, or appended. */
function withHelp(line: string, topic: string): string {
  if (line.includes(`"${topic}"`) || line.includes('"pwf help ')) return line;
  const own = /\(see ("pwf [^"]*")\)$/.exec(line);
  if (own) return `${line.slice(0, own.index)}(see ${own[1]}, or "${topic}")`;
  return `${line} (see "${topic}")`;
}

async function dispatch(argv: readonly string[], ctx: Context): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "hook" && rest[0] !== "--help" && rest[0] !== "-h") {
    // The hot path: hook.ts and everything it needs are static imports; the
    // command table, help and completions load only below (docs/performance.md).
    return await runHook(parseHookArgs(rest), ctx);
  }
  if (name === "__complete") {
    // Hidden: what the completion scripts ask (never help, never an error).
    const { runComplete } = await import("./complete.ts");
    return await runComplete(rest, ctx);
  }
  const { COMMANDS, findCommand } = await import("./commands.ts");
  const { renderCommandHelp, renderHelp } = await import("./help.ts");
  if (name === undefined) {
    // No command: usage on stderr only, so a host that runs a bare "pwf"
    // never turns help text into model context.
    ctx.host.stderr(renderHelp(COMMANDS));
    return ExitCode.usage;
  }
  if (name === "--help" || name === "-h") {
    ctx.host.stdout(renderHelp(COMMANDS));
    return 0;
  }
  const alias = name === "--version" || name === "-V" ? "version" : name;
  const command = findCommand(alias);
  if (!command) {
    const known = COMMANDS.map((c) => c.name).filter((n) => !n.startsWith("__"));
    throw new UsageError(`unknown command "${name}"${didYouMean(name, known)}`);
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    ctx.host.stdout(renderCommandHelp(command));
    return 0;
  }
  const args = command.parse(rest);
  return await command.run(args, ctx);
}

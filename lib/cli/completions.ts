/**
 * `pwf completions bash|zsh|fish|powershell`: print a completion script
 * that asks `pwf __complete` (lib/cli/complete.ts) for every value.
 * @module
 */

import { UsageError } from "../core/errors.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type AnyCommand, defineCommand } from "./command.ts";
import { renderPowerShell } from "./completion_powershell.ts";
import { renderBash, renderFish, renderZsh } from "./completion_posix.ts";

/** Shells pwf writes completion scripts for. */
export const SHELLS = ["bash", "zsh", "fish", "powershell"] as const;

/** A supported shell. */
export type Shell = typeof SHELLS[number];

/** Parsed `pwf completions` arguments. */
export interface CompletionsArgs {
  readonly shell: Shell;
}

/** Parse `pwf completions` argv. */
export function parseCompletionsArgs(argv: readonly string[]): CompletionsArgs {
  const p = parseArgv("completions", argv, []);
  maxPositionals("completions", p, 1);
  const shell = p.positionals[0];
  if (shell === undefined) {
    throw new UsageError(`completions: name a shell: ${SHELLS.join(", ")}`);
  }
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new UsageError(`completions: unknown shell "${shell}"; one of ${SHELLS.join(", ")}`);
  }
  return { shell: shell as Shell };
}

/** The completion script for `shell`: it asks `pwf __complete` for every value. */
export function renderCompletions(shell: Shell): string {
  if (shell === "bash") return renderBash();
  if (shell === "zsh") return renderZsh();
  if (shell === "fish") return renderFish();
  return renderPowerShell();
}

/** The `completions` command row. */
export function completionsCommand(): AnyCommand {
  return defineCommand({
    name: "completions",
    summary: "print a shell completion script (bash, zsh, fish, powershell)",
    usage: ["completions bash|zsh|fish|powershell"],
    flags: [],
    words: SHELLS,
    parse: parseCompletionsArgs,
    run(args: CompletionsArgs, ctx) {
      ctx.host.stdout(renderCompletions(args.shell));
      return 0;
    },
  });
}

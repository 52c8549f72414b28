/**
 * What shell completion knows about pwf, derived from the command table at
 * run time (so commands added later are completed too). Pure.
 * @module
 */

import type { FlagSpec } from "./argv.ts";
import type { AnyCommand } from "./command.ts";

/** One command as completion scripts see it. */
export interface CompletionSpec {
  readonly name: string;
  readonly summary: string;
  readonly flags: readonly FlagSpec[];
  /** Fixed words for the first argument. */
  readonly words: readonly string[];
}

/** Options accepted before any command. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: "help", summary: "show usage" },
  { name: "version", summary: "print version, commit, target and sandbox" },
];

const TOKEN = /^[A-Za-z0-9][A-Za-z0-9_.:=+-]*$/;

function token(kind: string, owner: string, value: string): string {
  // Tokens go into shell word lists unquoted by some shells (bash compgen -W
  // expands its list), so only plain words are allowed; summaries are quoted.
  if (!TOKEN.test(value)) throw new Error(`completions: ${kind} "${value}" of "${owner}"`);
  return value;
}

/**
 * The completion view of a command table; `help` completes command names.
 * @example
 * ```ts
 * import { completionSpecs } from "./completion_spec.ts";
 * const specs = completionSpecs([{ name: "help", summary: "s", usage: [], flags: [], parse: () => 0, run: () => 0 }]);
 * if (specs[0]?.words.join() !== "help") throw new Error();
 * ```
 */
export function completionSpecs(table: readonly AnyCommand[]): CompletionSpec[] {
  const names = table.map((c) => token("command", "pwf", c.name));
  return table.map((c) => ({
    name: c.name,
    summary: c.summary,
    flags: c.flags.map((f) => {
      token("flag", c.name, f.name);
      for (const choice of f.choices ?? []) token("choice", `--${f.name}`, choice);
      return f;
    }),
    words: c.name === "help" ? names : (c.words ?? []).map((w) => token("word", c.name, w)),
  }));
}

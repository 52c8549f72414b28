/**
 * The shape of a command: a row of the command table. Parse is pure and only
 * validates; run does the work with an explicit context.
 * @module
 */

import type { Host } from "../core/host.ts";
import type { PlanningPlace } from "./planning_place.ts";
import { type FlagSpec, maxPositionals, parseArgv } from "./argv.ts";

/** What a command runs with. */
export interface Context {
  readonly host: Host;
  /**
   * The project root: the directory whose `.planning` pwf uses, the nearest
   * from the start directory (`planning`), else the start directory.
   */
  readonly root: string;
  /** Where pwf started, where it looked and what it found. */
  readonly planning: PlanningPlace;
  /** Whether to colour human output. */
  readonly color: boolean;
  /** How PLAN_ID was given, for messages: the `--plan` flag, or (unset) the environment. */
  readonly pinnedBy?: "--plan";
}

/**
 * Where completion finds a positional's values (lib/cli/complete.ts):
 * `word` the row's `words`, `command` the table's names, `host` the host
 * table, `event` the events of the host named before it, `status` phase
 * statuses, `phase` the plan's phase numbers, `plan` / `archived` plan ids,
 * `ledger-event` ledger events.
 */
export type ValueSource =
  | "word"
  | "command"
  | "host"
  | "event"
  | "status"
  | "phase"
  | "plan"
  | "archived"
  | "ledger-event";

/** One command of the table. */
export interface Command<A = unknown> {
  readonly name: string;
  /** One line for help and the README. */
  readonly summary: string;
  /** Usage line(s) after `pwf `. */
  readonly usage: readonly string[];
  readonly flags: readonly FlagSpec[];
  /** Fixed first-argument words (subcommands or choices), for completions. */
  readonly words?: readonly string[];
  /** What each positional completes to, in order (default: `words` for the first). */
  readonly values?: readonly ValueSource[];
  /** Validate argv (after the command name); throws UsageError. */
  parse(argv: readonly string[]): A;
  /** Do the work; returns the exit code. */
  run(args: A, ctx: Context): Promise<number> | number;
}

/** A command with its argument type erased, for the table. */
// deno-lint-ignore no-explicit-any
export type AnyCommand = Command<any>;

/** Identity helper that keeps each row's parse/run types checked. */
export function defineCommand<A>(command: Command<A>): AnyCommand {
  return command;
}

/** The `--json` switch most read commands take. */
export const JSON_FLAG: FlagSpec = {
  name: "json",
  summary: "print one JSON object (with schemaVersion)",
};

/** Arguments of a command whose only flag is `--json`. */
export interface JsonOnlyArgs {
  readonly json: boolean;
}

/** Parse argv for a command that takes no arguments besides `--json`. */
export function parseJsonOnly(command: string, argv: readonly string[]): JsonOnlyArgs {
  const p = parseArgv(command, argv, [JSON_FLAG]);
  maxPositionals(command, p, 0);
  return { json: p.flags.json === true };
}

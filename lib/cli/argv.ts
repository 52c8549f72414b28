/**
 * A small, strict argv parser for command modules: known flags only,
 * `--flag value` and `--flag=value`, `--` ends flags. Pure; throws UsageError.
 * @module
 */

import { UsageError } from "../core/errors.ts";
import { didYouMean } from "../core/text/suggest.ts";

/** One flag a command accepts. */
export interface FlagSpec {
  /** Long name without dashes. */
  readonly name: string;
  /** What the flag does (help and completions). */
  readonly summary: string;
  /** Takes a value (`--name VALUE`); its placeholder for help. */
  readonly value?: string;
  /** Allowed values, when the set is closed. */
  readonly choices?: readonly string[];
}

/** Parsed argv: flag values by name (true for switches) and positionals. */
export interface ParsedArgv {
  readonly flags: Readonly<Record<string, string | true>>;
  readonly positionals: readonly string[];
}

/**
 * Parse argv against flag specs.
 * @example
 * ```ts
 * import { parseArgv } from "./argv.ts";
 * const p = parseArgv("init", ["A", "--template=analytics", "B"], [{ name: "template", summary: "", value: "T" }]);
 * if (p.flags.template !== "analytics" || p.positionals.join(" ") !== "A B") throw new Error();
 * ```
 */
export function parseArgv(
  command: string,
  argv: readonly string[],
  specs: readonly FlagSpec[],
): ParsedArgv {
  const flags: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--") || arg === "-") {
      if (arg.startsWith("-") && arg !== "-" && !/^-\d/.test(arg)) {
        throw unknownFlag(command, arg, specs);
      }
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const spec = specs.find((s) => s.name === name);
    if (!spec) throw unknownFlag(command, arg, specs);
    if (name in flags) throw new UsageError(`${command}: flag "--${name}" given twice`);
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`${command}: flag "--${name}" takes no value`);
      flags[name] = true;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) {
      throw new UsageError(`${command}: flag "--${name}" needs a value (${spec.value})`);
    }
    if (spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(
        `${command}: "--${name}" must be one of ${spec.choices.join(", ")}, got "${value}"${
          didYouMean(value, spec.choices)
        }`,
      );
    }
    flags[name] = value;
  }
  return { flags, positionals };
}

function unknownFlag(command: string, arg: string, specs: readonly FlagSpec[]): UsageError {
  const name = arg.split("=")[0] ?? arg;
  const known = ["--help", ...specs.map((s) => `--${s.name}`)];
  return new UsageError(
    `${command}: unknown flag "${arg}"${didYouMean(name, known)} (see "pwf help ${
      command.replace(/^pwf /, "").split(" ")[0]
    }")`,
  );
}

/** Refuse more positionals than a command takes. */
export function maxPositionals(command: string, p: ParsedArgv, max: number): void {
  if (p.positionals.length > max) {
    throw new UsageError(`${command}: unexpected argument "${p.positionals[max]}"`);
  }
}

/** A string flag's value, or undefined. */
export function stringFlag(p: ParsedArgv, name: string): string | undefined {
  const v = p.flags[name];
  return typeof v === "string" ? v : undefined;
}

/**
 * `pwf skill print`: print the agent-facing skill, its reference or one
 * slash-command prompt, exactly as the user places it where the host looks.
 * The binary cannot write outside .planning, so it prints; the user redirects.
 * @module
 */

import { AGENT_COMMAND_NAMES, resolveAgentCommand } from "../core/agent/command_names.ts";
import { UsageError } from "../core/errors.ts";
import { didYouMean } from "../core/text/suggest.ts";
import {
  type AgentFile,
  commandFile,
  referenceFile,
  skillFile,
} from "../core/agent/agent_files.ts";
import { findSkillHost, SKILL_HOST_NAMES } from "../hosts/skill_places.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Lang, LANGS } from "../core/plan/labels.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { printJson } from "./plan_context.ts";

/** What to print. */
export type SkillWhat =
  | { readonly kind: "skill" }
  | { readonly kind: "reference" }
  | { readonly kind: "command"; readonly name: string };

/** Parsed `pwf skill` arguments. */
export interface SkillArgs {
  readonly host: string;
  readonly what: SkillWhat;
  /** The language of the text (`--lang`; English without it). */
  readonly lang: Lang;
  readonly json: boolean;
}

const FLAGS = [
  {
    name: "host",
    summary: "the agent host whose format and location to use (default claude)",
    value: "HOST",
    choices: SKILL_HOST_NAMES,
  },
  {
    name: "command",
    summary: `print one slash-command prompt (${AGENT_COMMAND_NAMES.join(", ")})`,
    value: "NAME",
  },
  { name: "reference", summary: "print reference.md, the details the skill points to" },
  {
    name: "lang",
    summary: "the language of the skill, its reference or the slash command (default en)",
    value: "CODE",
    choices: LANGS,
  },
  JSON_FLAG,
];

/** Parse `pwf skill` argv. */
export function parseSkillArgs(argv: readonly string[]): SkillArgs {
  const p = parseArgv("skill", argv, FLAGS);
  maxPositionals("skill", p, 1);
  const sub = p.positionals[0];
  if (sub !== "print") {
    throw new UsageError(
      sub === undefined
        ? `skill: needs a subcommand: pwf skill print [--host HOST] [--command NAME|--reference]`
        : `skill: unknown subcommand "${sub}" (the only one is "print")`,
    );
  }
  const name = stringFlag(p, "command");
  if (name !== undefined && p.flags.reference) {
    throw new UsageError(`skill print: give "--command" or "--reference", not both`);
  }
  const lang = (stringFlag(p, "lang") ?? "en") as Lang;
  return {
    host: stringFlag(p, "host") ?? "claude",
    lang,
    what: name !== undefined
      ? { kind: "command", name: commandName(name) }
      : p.flags.reference
      ? { kind: "reference" }
      : { kind: "skill" },
    json: p.flags.json === true,
  };
}

function commandName(name: string): string {
  const resolved = resolveAgentCommand(name);
  if (resolved === undefined) {
    throw new UsageError(
      `skill print: unknown command "${name}" (one of ${AGENT_COMMAND_NAMES.join(", ")})`,
    );
  }
  return resolved;
}

/** The file a `pwf skill print` invocation stands for. */
export function skillFileFor(args: SkillArgs): AgentFile {
  const host = findSkillHost(args.host);
  if (!host) {
    throw new UsageError(
      `skill print: unknown host "${args.host}"${didYouMean(args.host, SKILL_HOST_NAMES)}`,
    );
  }
  if (args.what.kind === "skill") return skillFile(host, args.lang);
  if (args.what.kind === "reference") return referenceFile(host, args.lang);
  if (!host.commands) {
    throw new UsageError(
      `skill print: ${host.name} has no slash-command files; the skill alone teaches the workflow (drop --command)`,
    );
  }
  const file = commandFile(host, args.what.name, args.lang);
  if (!file) throw new UsageError(`skill print: unknown command "${args.what.name}"`);
  return file;
}

/** Run `pwf skill print`: print the file (or, with --json, where it goes and its text). */
export function runSkill(args: SkillArgs, ctx: Context): number {
  const file = skillFileFor(args);
  if (args.json) {
    printJson(ctx, { schemaVersion: 1, host: args.host, path: file.path, text: file.text });
  } else {
    ctx.host.stdout(file.text);
  }
  return 0;
}

/** The `skill` command row. */
export const skillCommand = defineCommand({
  name: "skill",
  summary: "print the agent skill, its reference or a slash-command prompt for a host",
  usage: [
    "skill print [--host HOST] [--lang CODE] [--json]",
    "skill print --reference [--host HOST] [--lang CODE] [--json]",
    "skill print --command NAME [--host HOST] [--lang CODE] [--json]",
  ],
  flags: FLAGS,
  words: ["print"],
  parse: parseSkillArgs,
  run: runSkill,
});

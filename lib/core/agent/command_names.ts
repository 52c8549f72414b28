/**
 * The skill's name and its slash commands' names: what the command table
 * needs (`pwf skill`, the skill hosts) without the texts, which are packed
 * and unpacked only where read (texts.ts, template_texts.ts).
 * @module
 */

/** The skill's name (Agent Skills `name`, also its directory name). */
export const SKILL_NAME = "planning-with-files";

/**
 * Slash-command names, sorted: one per templates/agent/commands/<name>.md
 * (command_names_test.ts checks the folder).
 */
export const AGENT_COMMAND_NAMES: readonly string[] = [
  "attest",
  "doctor",
  "goal",
  "loop",
  "plan",
  "pwf",
  "status",
];

/**
 * Resolve a slash-command name; also accepts the original's `plan-*` names and
 * the `pwf-*` file names of standalone installs.
 * @example
 * ```ts
 * import { resolveAgentCommand } from "./command_names.ts";
 * if (resolveAgentCommand("plan-attest") !== "attest") throw new Error();
 * if (resolveAgentCommand("pwf-plan") !== "plan") throw new Error();
 * if (resolveAgentCommand("nope") !== undefined) throw new Error();
 * ```
 */
export function resolveAgentCommand(name: string): string | undefined {
  if (AGENT_COMMAND_NAMES.includes(name)) return name;
  const base = /^(?:plan|pwf)-([a-z]+)$/.exec(name)?.[1];
  return base !== undefined && AGENT_COMMAND_NAMES.includes(base) ? base : undefined;
}

/** Where the English prompt of slash command `name` is packed (under templates/). */
export function commandPath(name: string): string {
  return `agent/commands/${name}.md`;
}

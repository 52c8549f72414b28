/**
 * Where each agent host looks for skills and slash commands, and the exact
 * file `pwf skill print` gives for it. SKILL.md is the same for every host (all
 * five read the Agent Skills format); slash commands differ per host.
 * @module
 */

import { AGENT_COMMANDS, REFERENCE_TEXT, SKILL_NAME, SKILL_TEXT } from "./agent_texts.ts";
import { field, parseFrontmatter, renderFrontmatter } from "./frontmatter.ts";

/** A host's command file format. */
export type CommandFormat = "claude" | "codex" | "gemini" | "cursor" | "copilot";

/** One host's install locations (project-relative unless they start with `~`). */
export interface SkillHost {
  readonly name: CommandFormat;
  /** Directory that holds `SKILL.md` and `reference.md`. */
  readonly skillDir: string;
  /** Directory of slash-command files. */
  readonly commandDir: string;
  /** File name suffix of a slash-command file. */
  readonly commandExt: string;
  /** How a user invokes an installed command named `x` (`{}` stands for x). */
  readonly invoke: string;
}

/** Every host, sorted by name. */
export const SKILL_HOSTS: readonly SkillHost[] = [
  {
    name: "claude",
    skillDir: `.claude/skills/${SKILL_NAME}`,
    commandDir: ".claude/commands",
    commandExt: ".md",
    invoke: "/{}",
  },
  {
    name: "codex",
    skillDir: `.agents/skills/${SKILL_NAME}`,
    commandDir: "~/.codex/prompts",
    commandExt: ".md",
    invoke: "/prompts:{}",
  },
  {
    name: "copilot",
    skillDir: `.github/skills/${SKILL_NAME}`,
    commandDir: ".github/prompts",
    commandExt: ".prompt.md",
    invoke: "/{}",
  },
  {
    name: "cursor",
    skillDir: `.cursor/skills/${SKILL_NAME}`,
    commandDir: ".cursor/commands",
    commandExt: ".md",
    invoke: "/{}",
  },
  {
    name: "gemini",
    skillDir: `.gemini/skills/${SKILL_NAME}`,
    commandDir: ".gemini/commands",
    commandExt: ".toml",
    invoke: "/{}",
  },
];

/** Host names, sorted. */
export const SKILL_HOST_NAMES: readonly string[] = SKILL_HOSTS.map((h) => h.name);

/** The host of this name, if any. */
export function findSkillHost(name: string): SkillHost | undefined {
  return SKILL_HOSTS.find((h) => h.name === name);
}

/** A file for the user to place: where it goes and its exact content. */
export interface AgentFile {
  readonly path: string;
  readonly text: string;
}

/**
 * The installed name of a slash command outside the plugin: `pwf-<name>`
 * (`pwf` itself stays `pwf`), so none collides with a host's built-in
 * `/status`, `/doctor`, `/loop`, `/goal` or `/plan`.
 * @example
 * ```ts
 * import { installedCommandName } from "./skill_hosts.ts";
 * if (installedCommandName("status") !== "pwf-status" || installedCommandName("pwf") !== "pwf") throw new Error();
 * ```
 */
export function installedCommandName(name: string): string {
  return name === "pwf" ? "pwf" : `pwf-${name}`;
}

/** SKILL.md for a host, and where it goes. */
export function skillFile(host: SkillHost): AgentFile {
  return { path: `${host.skillDir}/SKILL.md`, text: SKILL_TEXT };
}

/** reference.md for a host, and where it goes (beside SKILL.md). */
export function referenceFile(host: SkillHost): AgentFile {
  return { path: `${host.skillDir}/reference.md`, text: REFERENCE_TEXT };
}

/** Placeholder for the user's arguments in the command sources (Claude/Codex syntax). */
const ARGS = "$ARGUMENTS";

/**
 * One slash-command prompt in a host's format, and where it goes; undefined
 * for an unknown name. The sources are Claude Code commands, so claude gets
 * them byte for byte.
 */
export function commandFile(host: SkillHost, name: string): AgentFile | undefined {
  const source = Object.hasOwn(AGENT_COMMANDS, name) ? AGENT_COMMANDS[name] : undefined;
  const doc = source === undefined ? null : parseFrontmatter(source);
  if (!doc) return undefined;
  const path = `${host.commandDir}/${installedCommandName(name)}${host.commandExt}`;
  const description = field(doc, "description") ?? name;
  const hint = field(doc, "argument-hint");
  const hintField: [string, string][] = hint === undefined ? [] : [["argument-hint", hint]];
  const spoken = doc.body.replaceAll(ARGS, "(the text typed after the command)");
  switch (host.name) {
    case "claude":
      return { path, text: source ?? "" };
    case "codex":
      return {
        path,
        text: renderFrontmatter([["description", description], ...hintField]) + "\n" + doc.body,
      };
    case "copilot":
      return {
        path,
        text: renderFrontmatter([["description", description], ["agent", "agent"], ...hintField]) +
          "\n" + spoken,
      };
    case "cursor":
      return { path, text: spoken };
    case "gemini":
      return { path, text: geminiToml(description, doc.body.replaceAll(ARGS, "{{args}}")) };
  }
}

/** A Gemini CLI command file: `description` and a literal multi-line `prompt`. */
function geminiToml(description: string, prompt: string): string {
  if (prompt.includes("'''")) throw new Error("a command prompt must not contain '''");
  return `description = ${JSON.stringify(description)}\nprompt = '''\n${prompt}'''\n`;
}

/**
 * The exact files `pwf skill print` gives for a host, from where the host
 * reads them (lib/hosts/skill_places.ts holds each host's places). SKILL.md
 * is the same for every host (all read the Agent Skills format); slash
 * commands differ per host in format and place.
 * @module
 */

import { SKILL_TEXTS } from "./skill_i18n.ts";
import { COMMAND_TEXTS, SPOKEN_ARGUMENTS } from "./commands_i18n.ts";
import { REFERENCE_TEXTS } from "./reference_i18n.ts";
import type { Lang } from "../plan/labels.ts";
import { field, parseFrontmatter, renderFrontmatter } from "../text/frontmatter.ts";

/** A host's command file format. */
export type CommandFormat = "claude" | "codex" | "gemini" | "cursor" | "copilot";

/** Where a host reads slash-command files, and in which format. */
export interface CommandPlace {
  /** Directory of slash-command files. */
  readonly dir: string;
  /** File name suffix of a slash-command file. */
  readonly ext: string;
  readonly format: CommandFormat;
  /** How a user invokes an installed command named `x` (`{}` stands for x). */
  readonly invoke: string;
}

/** One host's install locations (project-relative unless they start with `~`). */
export interface SkillHost {
  readonly name: string;
  /** Directory that holds `SKILL.md` and `reference.md`. */
  readonly skillDir: string;
  /** Slash-command files, or null for a host that has none (the skill alone teaches the workflow). */
  readonly commands: CommandPlace | null;
  /** A note for the README when the host needs more than placing the files. */
  readonly note?: string;
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
 * import { installedCommandName } from "./agent_files.ts";
 * if (installedCommandName("status") !== "pwf-status" || installedCommandName("pwf") !== "pwf") throw new Error();
 * ```
 */
export function installedCommandName(name: string): string {
  return name === "pwf" ? "pwf" : `pwf-${name}`;
}

/** SKILL.md for a host, and where it goes. */
export function skillFile(host: SkillHost, lang: Lang = "en"): AgentFile {
  return { path: `${host.skillDir}/SKILL.md`, text: SKILL_TEXTS[lang] };
}

/** reference.md for a host in a language, and where it goes (beside SKILL.md). */
export function referenceFile(host: SkillHost, lang: Lang = "en"): AgentFile {
  return { path: `${host.skillDir}/reference.md`, text: REFERENCE_TEXTS[lang] };
}

/** Placeholder for the user's arguments in the command sources (Claude/Codex syntax). */
const ARGS = "$ARGUMENTS";

/**
 * One slash-command prompt in a host's format and language, and where it
 * goes; undefined for an unknown name or a host without command files. The
 * sources are Claude Code commands, so the claude format gets them byte for byte.
 */
export function commandFile(
  host: SkillHost,
  name: string,
  lang: Lang = "en",
): AgentFile | undefined {
  const texts = COMMAND_TEXTS[lang];
  const source = Object.hasOwn(texts, name) ? texts[name] : undefined;
  const doc = source === undefined ? null : parseFrontmatter(source);
  if (!doc || !host.commands) return undefined;
  const path = `${host.commands.dir}/${installedCommandName(name)}${host.commands.ext}`;
  const description = field(doc, "description") ?? name;
  const hint = field(doc, "argument-hint");
  const hintField: [string, string][] = hint === undefined ? [] : [["argument-hint", hint]];
  const spoken = doc.body.replaceAll(ARGS, SPOKEN_ARGUMENTS[lang]);
  switch (host.commands.format) {
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

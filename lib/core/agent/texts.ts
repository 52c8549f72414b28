/**
 * The agent-facing texts (skill, reference, slash-command prompts) in
 * English, and the one list of the pwf commands and flags they use (checked
 * against the command table by tests). The texts are packed
 * (lib/core/text/template_texts.ts) and unpacked once when this module is
 * evaluated: only tests and tools import it; lib/ reads a text where it
 * needs one (skill_i18n.ts, reference_i18n.ts, commands_i18n.ts,
 * lib/core/mcp/prompts.ts) and the names from command_names.ts, so no
 * command pays to unpack them.
 * @module
 */

import { AGENT_COMMAND_NAMES, commandPath } from "./command_names.ts";
import { templateTexts } from "../text/template_texts.ts";

export { AGENT_COMMAND_NAMES, resolveAgentCommand, SKILL_NAME } from "./command_names.ts";

const [skill, reference, ...commands] = templateTexts([
  "agent/SKILL.md",
  "agent/reference.md",
  ...AGENT_COMMAND_NAMES.map(commandPath),
]);

/** SKILL.md as shipped (Agent Skills format). */
export const SKILL_TEXT: string = skill!;

/** The longer reference the skill points to. */
export const REFERENCE_TEXT: string = reference!;

/** Slash-command prompts by name (Claude Code command format, the source of every host's form). */
export const AGENT_COMMANDS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(AGENT_COMMAND_NAMES.map((name, i) => [name, commands[i]!])),
);

/** One pwf command the texts use, with the flags they pass to it. */
export interface TextCommandRef {
  readonly command: string;
  readonly flags: readonly string[];
}

/**
 * Every `pwf` command and flag the agent-facing texts mention (skill,
 * reference, slash commands, session-start guidance). Tests check that this
 * list is exactly what the texts contain and that each entry exists in the
 * command table, so a renamed command or flag cannot leave a stale instruction.
 */
export const TEXT_COMMAND_REFS: readonly TextCommandRef[] = [
  { command: "attest", flags: ["clear", "show", "verify"] },
  { command: "catchup", flags: ["metadata", "replay", "transcript"] },
  { command: "check", flags: ["gate"] },
  { command: "doctor", flags: [] },
  { command: "help", flags: [] },
  { command: "hooks", flags: [] },
  { command: "init", flags: ["autonomous", "gated", "template"] },
  { command: "inject", flags: ["context"] },
  { command: "ledger", flags: ["agent", "phase"] },
  { command: "lint", flags: [] },
  { command: "phase", flags: ["no-advance", "plan", "switch", "unverified"] },
  { command: "resolve", flags: [] },
  { command: "skill", flags: ["reference"] },
  { command: "status", flags: ["plan"] },
  { command: "use", flags: ["list"] },
];

/** The workflow commands the skill itself relies on (it must mention each). */
export const SKILL_WORKFLOW_COMMANDS: readonly string[] = [
  "pwf init",
  "pwf status",
  "pwf phase",
  "pwf ledger append",
  "pwf attest",
  "pwf catchup",
  "pwf check",
  "pwf init --gated",
];

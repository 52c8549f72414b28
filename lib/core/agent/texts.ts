/**
 * The agent-facing texts (skill, reference, slash-command prompts), embedded
 * in the binary with text imports, and the one list of the pwf commands and
 * flags they use (checked against the command table by tests).
 * @module
 */

import skill from "../../../templates/agent/SKILL.md" with { type: "text" };
import reference from "../../../templates/agent/reference.md" with { type: "text" };
import attest from "../../../templates/agent/commands/attest.md" with { type: "text" };
import doctor from "../../../templates/agent/commands/doctor.md" with { type: "text" };
import goal from "../../../templates/agent/commands/goal.md" with { type: "text" };
import loop from "../../../templates/agent/commands/loop.md" with { type: "text" };
import plan from "../../../templates/agent/commands/plan.md" with { type: "text" };
import pwf from "../../../templates/agent/commands/pwf.md" with { type: "text" };
import status from "../../../templates/agent/commands/status.md" with { type: "text" };

/** The skill's name (Agent Skills `name`, also its directory name). */
export const SKILL_NAME = "planning-with-files";

/** SKILL.md as shipped (Agent Skills format). */
export const SKILL_TEXT: string = skill;

/** The longer reference the skill points to. */
export const REFERENCE_TEXT: string = reference;

/** Slash-command prompts by name (Claude Code command format, the source of every host's form). */
export const AGENT_COMMANDS: Readonly<Record<string, string>> = {
  attest,
  doctor,
  goal,
  loop,
  plan,
  pwf,
  status,
};

/** Slash-command names, sorted. */
export const AGENT_COMMAND_NAMES: readonly string[] = Object.keys(AGENT_COMMANDS).sort();

/**
 * Resolve a slash-command name; also accepts the original's `plan-*` names and
 * the `pwf-*` file names of standalone installs.
 * @example
 * ```ts
 * import { resolveAgentCommand } from "./texts.ts";
 * if (resolveAgentCommand("plan-attest") !== "attest") throw new Error();
 * if (resolveAgentCommand("pwf-plan") !== "plan") throw new Error();
 * if (resolveAgentCommand("nope") !== undefined) throw new Error();
 * ```
 */
export function resolveAgentCommand(name: string): string | undefined {
  if (Object.hasOwn(AGENT_COMMANDS, name)) return name;
  const base = /^(?:plan|pwf)-([a-z]+)$/.exec(name)?.[1];
  return base !== undefined && Object.hasOwn(AGENT_COMMANDS, base) ? base : undefined;
}

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

/**
 * Where each agent host looks for skills and slash commands: the host
 * table's third part, beside the hook adapters. Some hosts here take no hooks
 * (CodeBuddy, Kiro) and one hook host reads no skills (plain). Kiro and
 * Hermes take no command files. Sources and dates: docs/hosts.md ("Skills and
 * commands").
 * @module
 */

import type { CommandFormat, CommandPlace, SkillHost } from "../core/agent/agent_files.ts";
import { SKILL_NAME } from "../core/agent/command_names.ts";

const md = (dir: string, format: CommandFormat = "claude"): CommandPlace => ({
  dir,
  ext: ".md",
  format,
  invoke: "/{}",
});

/** Every host that reads skills, sorted by name. */
export const SKILL_HOSTS: readonly SkillHost[] = [
  { name: "claude", skillDir: `.claude/skills/${SKILL_NAME}`, commands: md(".claude/commands") },
  {
    name: "codebuddy",
    skillDir: `.codebuddy/skills/${SKILL_NAME}`,
    commands: md(".codebuddy/commands"),
  },
  {
    name: "codex",
    skillDir: `.agents/skills/${SKILL_NAME}`,
    commands: { dir: "~/.codex/prompts", ext: ".md", format: "codex", invoke: "/prompts:{}" },
  },
  {
    name: "copilot",
    skillDir: `.github/skills/${SKILL_NAME}`,
    commands: { dir: ".github/prompts", ext: ".prompt.md", format: "copilot", invoke: "/{}" },
  },
  {
    name: "cursor",
    skillDir: `.cursor/skills/${SKILL_NAME}`,
    commands: md(".cursor/commands", "cursor"),
  },
  { name: "factory", skillDir: `.factory/skills/${SKILL_NAME}`, commands: md(".factory/commands") },
  {
    name: "gemini",
    skillDir: `.gemini/skills/${SKILL_NAME}`,
    commands: { dir: ".gemini/commands", ext: ".toml", format: "gemini", invoke: "/{}" },
  },
  {
    name: "hermes",
    skillDir: `.hermes/skills/${SKILL_NAME}`,
    commands: null,
    note:
      "list `.hermes/skills` in the profile's `skills.external_dirs`; Hermes offers each skill as a slash command itself",
  },
  { name: "kiro", skillDir: `.kiro/skills/${SKILL_NAME}`, commands: null },
  {
    name: "mastra",
    skillDir: `.mastracode/skills/${SKILL_NAME}`,
    commands: md(".mastracode/commands"),
  },
  {
    name: "opencode",
    skillDir: `.opencode/skills/${SKILL_NAME}`,
    commands: md(".opencode/commands", "codex"),
  },
  { name: "pi", skillDir: `.pi/skills/${SKILL_NAME}`, commands: md(".pi/prompts", "codex") },
  {
    name: "qwen",
    skillDir: `.qwen/skills/${SKILL_NAME}`,
    commands: { dir: ".qwen/commands", ext: ".toml", format: "gemini", invoke: "/{}" },
  },
];

/** Host names, sorted. */
export const SKILL_HOST_NAMES: readonly string[] = SKILL_HOSTS.map((h) => h.name);

/** The host of this name, if any. */
export function findSkillHost(name: string): SkillHost | undefined {
  return SKILL_HOSTS.find((h) => h.name === name);
}

/** The README table of skill and command locations (Markdown). */
export function renderSkillHostsMarkdown(): string {
  const rows = SKILL_HOSTS.map((h) => {
    const c = h.commands;
    const cmd = c ? `\`${c.dir}/NAME${c.ext}\`` : "none";
    const invoke = c ? `\`${c.invoke.replace("{}", "pwf-plan")}\`` : h.note ?? "-";
    return `| ${h.name} | \`${h.skillDir}\` | ${cmd} | ${invoke} |`;
  });
  return [
    "| Host | Skill directory | Slash commands (`NAME` below) | Invoke |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

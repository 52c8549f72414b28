import {
  AGENT_COMMAND_NAMES,
  AGENT_COMMANDS,
  REFERENCE_TEXT,
  SKILL_TEXT,
  SKILL_WORKFLOW_COMMANDS,
  TEXT_COMMAND_REFS,
} from "../lib/core/agent/texts.ts";
import { field, parseFrontmatter } from "../lib/core/text/frontmatter.ts";
import { sessionStartGuidance } from "../lib/core/inject/guidance.ts";
import { commandFile, referenceFile, skillFile } from "../lib/core/agent/agent_files.ts";
import { SKILL_HOSTS } from "../lib/hosts/skill_places.ts";
import { LANGS } from "../lib/core/plan/labels.ts";
import { SKILL_TEXTS } from "../lib/core/agent/skill_i18n.ts";
import { REFERENCE_TEXTS } from "../lib/core/agent/reference_i18n.ts";
import { COMMANDS, findCommand } from "../lib/cli/commands.ts";
import {
  findRefs,
  orphanFlags,
  proseFlags,
  proseWordsAfterPwf,
  splitCode,
} from "./agent_text_refs.ts";
import { assertEquals } from "./assert.ts";

/**
 * Commands the texts use that land from other branches (ledger, attest,
 * catchup, check, lint, doctor, inject, hooks...). Until they are in the
 * command table, their names and flags cannot be checked here.
 * THE LEAD REMOVES EACH NAME FROM THIS LIST WHEN ITS BRANCH IS MERGED
 * (a test below fails as soon as a listed command exists, to force that).
 */
const PENDING_COMMANDS: readonly string[] = [];

/** Every agent-facing text by name: sources and every host's rendering. */
function allTexts(): [string, string][] {
  const texts: [string, string][] = [
    ["SKILL.md", SKILL_TEXT],
    ["reference.md", REFERENCE_TEXT],
    ["session_start_guidance.md", sessionStartGuidance()],
  ];
  for (const name of AGENT_COMMAND_NAMES) {
    texts.push([`commands/${name}.md`, AGENT_COMMANDS[name] ?? ""]);
  }
  for (const host of SKILL_HOSTS) {
    texts.push([`${host.name}: SKILL.md`, skillFile(host).text]);
    texts.push([`${host.name}: reference.md`, referenceFile(host).text]);
    for (const name of host.commands ? AGENT_COMMAND_NAMES : []) {
      const file = commandFile(host, name);
      if (!file) throw new Error(`no ${host.name} rendering of ${name}`);
      texts.push([`${host.name}: ${file.path}`, file.text]);
    }
  }
  for (const lang of LANGS.filter((l) => l !== "en")) {
    texts.push([`${lang}: SKILL.md`, SKILL_TEXTS[lang]]);
    texts.push([`${lang}: reference.md`, REFERENCE_TEXTS[lang]]);
    texts.push([`${lang}: session_start_guidance.md`, sessionStartGuidance(lang)]);
    for (const host of SKILL_HOSTS) {
      for (const name of host.commands ? AGENT_COMMAND_NAMES : []) {
        const file = commandFile(host, name, lang);
        if (!file) throw new Error(`no ${lang} ${host.name} rendering of ${name}`);
        texts.push([`${lang} ${host.name}: ${file.path}`, file.text]);
      }
    }
  }
  return texts;
}

function isPending(command: string): boolean {
  return PENDING_COMMANDS.includes(command) && !findCommand(command);
}

Deno.test("every pwf command and flag in every agent text exists in the command table", () => {
  const problems: string[] = [];
  for (const [name, text] of allTexts()) {
    for (const ref of findRefs(text)) {
      if (isPending(ref.command)) continue;
      const c = findCommand(ref.command);
      if (!c) {
        problems.push(`${name}: "pwf ${ref.command}" is not a command (in \`${ref.code}\`)`);
        continue;
      }
      for (const flag of ref.flags) {
        if (!c.flags.some((f) => f.name === flag)) {
          problems.push(
            `${name}: "pwf ${ref.command}" has no flag "--${flag}" (in \`${ref.code}\`)`,
          );
        }
      }
    }
  }
  assertEquals(problems, []);
});

Deno.test("slash-command argument hints name only flags of the pwf command they wrap", () => {
  const problems: string[] = [];
  for (const name of AGENT_COMMAND_NAMES) {
    const doc = parseFrontmatter(AGENT_COMMANDS[name] ?? "");
    const hint = doc ? field(doc, "argument-hint") ?? "" : "";
    for (const m of hint.matchAll(/--([a-z][a-z-]*)/g)) {
      if (isPending(name)) continue;
      const c = findCommand(name);
      if (!c?.flags.some((f) => f.name === m[1])) problems.push(`${name}: --${m[1]}`);
    }
  }
  assertEquals(problems, []);
});

Deno.test("TEXT_COMMAND_REFS lists exactly the commands and flags the agent texts use", () => {
  const used = new Map<string, Set<string>>();
  for (const [, text] of allTexts()) {
    for (const ref of findRefs(text)) {
      const flags = used.get(ref.command) ?? new Set<string>();
      ref.flags.forEach((f) => flags.add(f));
      used.set(ref.command, flags);
    }
  }
  const found = [...used].map(([command, flags]) => ({ command, flags: [...flags].sort() }))
    .sort((a, b) => a.command.localeCompare(b.command));
  assertEquals(found, TEXT_COMMAND_REFS.map((r) => ({ command: r.command, flags: [...r.flags] })));
});

Deno.test("TEXT_COMMAND_REFS entries exist in the command table with their flags (pending ones excepted)", () => {
  const problems: string[] = [];
  for (const ref of TEXT_COMMAND_REFS) {
    if (isPending(ref.command)) continue;
    const c = findCommand(ref.command);
    if (!c) problems.push(`no command "${ref.command}"`);
    for (const flag of ref.flags) {
      if (c && !c.flags.some((f) => f.name === flag)) problems.push(`${ref.command} --${flag}`);
    }
  }
  assertEquals(problems, []);
});

Deno.test("PENDING_COMMANDS lists only commands that are not in the table yet (remove merged ones)", () => {
  const landed = PENDING_COMMANDS.filter((name) => findCommand(name));
  assertEquals(landed, [], "these commands have landed: remove them from PENDING_COMMANDS");
  assertEquals(COMMANDS.some((c) => c.name === "skill"), true);
});

Deno.test("agent texts name pwf commands and flags only inside code, where the checks see them", () => {
  const names = new Set([...COMMANDS.map((c) => c.name), ...PENDING_COMMANDS]);
  const problems: string[] = [];
  for (const [name, text] of allTexts()) {
    const body = parseFrontmatter(text)?.body ?? text;
    for (const w of proseWordsAfterPwf(body)) if (names.has(w)) problems.push(`${name}: pwf ${w}`);
    for (const f of proseFlags(body)) problems.push(`${name}: --${f} in prose`);
    for (const c of orphanFlags(body)) problems.push(`${name}: \`${c}\` names no command`);
  }
  assertEquals(problems, []);
});

Deno.test("the skill mentions every workflow command it relies on", () => {
  const code = splitCode(parseFrontmatter(SKILL_TEXT)?.body ?? "").code;
  const missing = SKILL_WORKFLOW_COMMANDS.filter((c) => !code.some((span) => span.startsWith(c)));
  assertEquals(missing, []);
});

Deno.test("the ref finder sees commands and flags in inline code and fenced blocks", () => {
  const refs = findRefs(
    'Run `pwf init --gated "x"` and\n```\npwf ledger append note s --phase 2\n```\n',
  );
  assertEquals(refs.map((r) => [r.command, ...r.flags]), [
    ["ledger", "phase"],
    ["init", "gated"],
  ]);
  assertEquals(proseWordsAfterPwf("plans with pwf init here, `pwf status`"), ["init"]);
});

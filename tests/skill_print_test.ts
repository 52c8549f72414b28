import { parseSkillArgs, skillFileFor } from "../lib/cli/skill.ts";
import {
  AGENT_COMMAND_NAMES,
  AGENT_COMMANDS,
  REFERENCE_TEXT,
  SKILL_NAME,
  SKILL_TEXT,
  SKILL_WORKFLOW_COMMANDS,
} from "../lib/core/agent/texts.ts";
import { field, parseFrontmatter } from "../lib/core/text/frontmatter.ts";
import { SKILL_HOSTS } from "../lib/hosts/skill_places.ts";
import { assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { inProject, REPO, runPwf } from "./helpers.ts";

Deno.test("skill print --host claude prints a valid Agent Skills SKILL.md", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["skill", "print", "--host", "claude"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.stderr, "");
    assertEquals(r.stdout, SKILL_TEXT);
    const doc = parseFrontmatter(r.stdout);
    if (!doc) throw new Error("no frontmatter");
    assertEquals(field(doc, "name"), SKILL_NAME);
    assertMatch(SKILL_NAME, /^[a-z0-9]+(-[a-z0-9]+)*$/);
    const description = field(doc, "description") ?? "";
    assertEquals(description.length > 0 && description.length <= 1024, true);
    assertMatch(description, /multi-step/);
    for (const c of SKILL_WORKFLOW_COMMANDS) assertStringIncludes(doc.body, `\`${c}`);
  });
});

Deno.test("skill print defaults to claude, and SKILL.md is the same for every host", async () => {
  await inProject(async (dir) => {
    const plain = await runPwf(dir, ["skill", "print"]);
    assertEquals(plain.code, 0, plain.stderr);
    for (const host of SKILL_HOSTS) {
      const r = await runPwf(dir, ["skill", "print", "--host", host.name]);
      assertEquals([host.name, r.code, r.stdout], [host.name, 0, plain.stdout]);
    }
  });
});

Deno.test("skill print knows the new hosts' skill and command folders; kiro and hermes take no command files", async () => {
  await inProject(async (dir) => {
    const got: string[] = [];
    for (
      const host of ["opencode", "pi", "qwen", "factory", "mastra", "hermes", "kiro", "codebuddy"]
    ) {
      const r = await runPwf(dir, ["skill", "print", "--host", host, "--json"]);
      assertEquals(r.code, 0, r.stderr);
      got.push(JSON.parse(r.stdout).path);
    }
    assertEquals(got, [
      ".opencode/skills/planning-with-files/SKILL.md",
      ".pi/skills/planning-with-files/SKILL.md",
      ".qwen/skills/planning-with-files/SKILL.md",
      ".factory/skills/planning-with-files/SKILL.md",
      ".mastracode/skills/planning-with-files/SKILL.md",
      ".hermes/skills/planning-with-files/SKILL.md",
      ".kiro/skills/planning-with-files/SKILL.md",
      ".codebuddy/skills/planning-with-files/SKILL.md",
    ]);
    const cmd = async (host: string) =>
      JSON.parse(
        (await runPwf(dir, ["skill", "print", "--host", host, "--command", "plan", "--json"]))
          .stdout,
      );
    const qwen = await cmd("qwen");
    assertEquals(qwen.path, ".qwen/commands/pwf-plan.toml");
    assertStringIncludes(qwen.text, "{{args}}");
    const pi = await cmd("pi");
    assertEquals(pi.path, ".pi/prompts/pwf-plan.md");
    assertStringIncludes(pi.text, "$ARGUMENTS");
    assertEquals((await cmd("opencode")).path, ".opencode/commands/pwf-plan.md");
    assertEquals((await cmd("factory")).path, ".factory/commands/pwf-plan.md");
    for (const host of ["kiro", "hermes"]) {
      const r = await runPwf(dir, ["skill", "print", "--host", host, "--command", "plan"]);
      assertEquals(r.code, 2, host);
      assertStringIncludes(r.stderr, "no slash-command files");
    }
  });
});

Deno.test("skill print --json names the install path for each host", async () => {
  await inProject(async (dir) => {
    const paths: string[] = [];
    for (const host of ["claude", "codex", "copilot", "cursor", "gemini"]) {
      const r = await runPwf(dir, ["skill", "print", "--host", host, "--json"]);
      const j = JSON.parse(r.stdout);
      assertEquals([j.schemaVersion, j.host, j.text], [1, host, SKILL_TEXT]);
      paths.push(j.path);
    }
    assertEquals(paths, [
      ".claude/skills/planning-with-files/SKILL.md",
      ".agents/skills/planning-with-files/SKILL.md",
      ".github/skills/planning-with-files/SKILL.md",
      ".cursor/skills/planning-with-files/SKILL.md",
      ".gemini/skills/planning-with-files/SKILL.md",
    ]);
  });
});

Deno.test("skill print --reference prints the reference the skill points to", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["skill", "print", "--reference", "--host", "gemini"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.stdout, REFERENCE_TEXT);
    assertStringIncludes(SKILL_TEXT, "`pwf skill print --reference`");
    assertStringIncludes(SKILL_TEXT, "`reference.md`");
  });
});

Deno.test("skill print --command gives each host its own command format", async () => {
  await inProject(async (dir) => {
    for (const name of AGENT_COMMAND_NAMES) {
      const claude = await runPwf(dir, ["skill", "print", "--command", name]);
      assertEquals(claude.code, 0, claude.stderr);
      assertEquals(claude.stdout, AGENT_COMMANDS[name]);
      assertEquals(/^[a-z-]+: "true"$/m.test(claude.stdout), false, "booleans stay booleans");
      const doc = parseFrontmatter(claude.stdout);
      assertEquals(typeof (doc && field(doc, "description")), "string", name);
      const codex = parseFrontmatter(
        (await runPwf(dir, ["skill", "print", "--host", "codex", "--command", name])).stdout,
      );
      assertEquals(
        codex?.fields.map(([k]) => k).filter((k) => k === "disable-model-invocation"),
        [],
      );
      const copilot = parseFrontmatter(
        (await runPwf(dir, ["skill", "print", "--host", "copilot", "--command", name])).stdout,
      );
      assertEquals(copilot && field(copilot, "agent"), "agent");
      assertEquals(copilot?.body.includes("$ARGUMENTS"), false);
      const cursor = (await runPwf(dir, ["skill", "print", "--host", "cursor", "--command", name]))
        .stdout;
      assertEquals([cursor.startsWith("---"), cursor.includes("$ARGUMENTS")], [false, false]);
      const gemini = (await runPwf(dir, ["skill", "print", "--host", "gemini", "--command", name]))
        .stdout;
      assertMatch(gemini, /^description = "[^"\n]+"\nprompt = '''\n[^]*[^']'''\n$/);
      assertEquals(gemini.includes("$ARGUMENTS"), false);
      assertEquals(gemini.includes("{{args}}"), claude.stdout.includes("$ARGUMENTS"));
    }
  });
});

Deno.test("skill print --command accepts the original's plan-* names and the pwf-* file names", async () => {
  await inProject(async (dir) => {
    const want = (await runPwf(dir, ["skill", "print", "--command", "attest"])).stdout;
    for (const alias of ["plan-attest", "pwf-attest"]) {
      const r = await runPwf(dir, ["skill", "print", "--command", alias]);
      assertEquals([r.code, r.stdout], [0, want]);
    }
    const j = JSON.parse(
      (await runPwf(dir, ["skill", "print", "--host", "copilot", "--command", "status", "--json"]))
        .stdout,
    );
    assertEquals(j.path, ".github/prompts/pwf-status.prompt.md");
  });
});

Deno.test("skill print refuses an unknown host, command or subcommand with exit 2 and one line", async () => {
  await inProject(async (dir) => {
    for (
      const args of [
        ["skill", "print", "--host", "emacs"],
        ["skill", "print", "--command", "frobnicate"],
        ["skill", "print", "--command", "plan", "--reference"],
        ["skill", "show"],
        ["skill"],
      ]
    ) {
      const r = await runPwf(dir, args);
      assertEquals([args.join(" "), r.code, r.stdout], [args.join(" "), 2, ""]);
      assertMatch(r.stderr, /^pwf: [^\n]+\n$/);
    }
  });
});

Deno.test("skill print needs no plan and writes nothing", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["skill", "print", "--command", "plan", "--host", "gemini"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(await Array.fromAsync(Deno.readDir(dir)), []);
  });
});

Deno.test("agent texts are ASCII, so any shell's redirection writes them unchanged", async () => {
  // Every file of every host, from the same function the command prints with (in-process:
  // about 80 CLI runs would cost over a minute under Wine) ...
  const ascii = (text: string) => new TextEncoder().encode(text).every((b) => b < 128);
  for (const host of SKILL_HOSTS) {
    const argvs = [["print", "--host", host.name], ["print", "--host", host.name, "--reference"]];
    for (const name of host.commands ? AGENT_COMMAND_NAMES : []) {
      argvs.push(["print", "--host", host.name, "--command", name]);
    }
    for (const argv of argvs) {
      assertEquals(ascii(skillFileFor(parseSkillArgs(argv)).text), true, argv.join(" "));
    }
  }
  // ... and the CLI prints exactly those bytes.
  await inProject(async (dir) => {
    const host = SKILL_HOSTS.find((h) => h.commands)!;
    const name = AGENT_COMMAND_NAMES[0]!;
    for (
      const argv of [
        ["print", "--host", host.name],
        ["print", "--host", host.name, "--reference"],
        ["print", "--host", host.name, "--command", name],
      ]
    ) {
      const r = await runPwf(dir, ["skill", ...argv]);
      assertEquals(r.stdout, skillFileFor(parseSkillArgs(argv)).text, argv.join(" "));
      assertEquals(r.stdoutBytes.every((b) => b < 128), true, argv.join(" "));
    }
  });
});

Deno.test("the skill stays small and the README states its measured size", async () => {
  const bytes = new TextEncoder().encode(SKILL_TEXT).length;
  assertEquals(bytes < 3072, true, `SKILL.md is ${bytes} bytes`);
  const readme = await Deno.readTextFile(`${REPO}/README.md`);
  assertStringIncludes(readme, `${bytes} bytes (about ${Math.round(bytes / 4)} tokens)`);
  for (const host of SKILL_HOSTS) assertStringIncludes(readme, host.skillDir);
});

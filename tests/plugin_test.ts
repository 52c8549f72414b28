import { AGENT_COMMAND_NAMES, SKILL_TEXT } from "../lib/core/agent/texts.ts";
import { parseFrontmatter } from "../lib/core/text/frontmatter.ts";
import { assertEquals, assertMatch } from "./assert.ts";
import { REPO, tempProject } from "./helpers.ts";

async function buildPlugin(out: string): Promise<Map<string, Uint8Array>> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", `${REPO}/tools/plugin.ts`, out],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!r.success) throw new Error(new TextDecoder().decode(r.stderr));
  const files = new Map<string, Uint8Array>();
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(`${out}/${rel}`)) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory) await walk(p);
      else files.set(p, await Deno.readFile(`${out}/${p}`));
    }
  }
  await walk("");
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function text(files: Map<string, Uint8Array>, path: string): string {
  const bytes = files.get(path);
  if (!bytes) throw new Error(`missing ${path}`);
  return new TextDecoder().decode(bytes);
}

Deno.test("deno task plugin writes the Claude Code plugin layout", async () => {
  const t = await tempProject();
  try {
    const files = await buildPlugin(`${t.dir}/plugin`);
    assertEquals([...files.keys()], [
      ".claude-plugin/plugin.json",
      "README.md",
      ...AGENT_COMMAND_NAMES.map((n) => `commands/${n}.md`),
      "hooks/hooks.json",
      "skills/planning-with-files/SKILL.md",
      "skills/planning-with-files/reference.md",
    ]);
    const manifest = JSON.parse(text(files, ".claude-plugin/plugin.json"));
    assertEquals(manifest.name, "planning-with-files");
    assertMatch(manifest.version, /^\d+\.\d+\.\d+/);
    assertEquals(text(files, "skills/planning-with-files/SKILL.md"), SKILL_TEXT);
    for (const name of AGENT_COMMAND_NAMES) {
      const doc = parseFrontmatter(text(files, `commands/${name}.md`));
      assertEquals(doc?.fields[0]?.[0], "description", name);
    }
  } finally {
    await t.cleanup();
  }
});

Deno.test("plugin hooks.json is valid JSON whose hooks run the binary in exec form (no shell)", async () => {
  const t = await tempProject();
  try {
    const hooks = JSON.parse(text(await buildPlugin(`${t.dir}/plugin`), "hooks/hooks.json"));
    const events = Object.keys(hooks.hooks).sort();
    assertEquals(events, [
      "PostToolUse",
      "PostToolUseFailure",
      "PreCompact",
      "PreToolUse",
      "SessionStart",
      "Stop",
      "UserPromptSubmit",
    ]);
    for (const event of events) {
      const commands = hooks.hooks[event].flatMap((
        g: { hooks: { type: string; command: string; args: string[] }[] },
      ) => g.hooks);
      assertEquals(commands.length, 1, event);
      for (const c of commands) {
        assertEquals(c.type, "command");
        assertEquals([c.command, ...c.args], ["pwf", "hook", "claude", event]);
        assertEquals(/[$|&;'"`<>()\\*?{}\n]/.test(c.command), false, c.command);
        assertEquals(/\b(sh|bash|zsh|cmd|powershell|pwsh|node|python3?)\b/.test(c.command), false);
      }
    }
  } finally {
    await t.cleanup();
  }
});

Deno.test("deno task plugin is byte-identical on repeated builds", async () => {
  const t = await tempProject();
  try {
    const first = await buildPlugin(`${t.dir}/a`);
    const again = await buildPlugin(`${t.dir}/a`);
    const other = await buildPlugin(`${t.dir}/b`);
    for (const build of [again, other]) {
      assertEquals([...build.keys()], [...first.keys()]);
      for (const [path, bytes] of first) assertEquals([path, build.get(path)], [path, bytes]);
    }
  } finally {
    await t.cleanup();
  }
});

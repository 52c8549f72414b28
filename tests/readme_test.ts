/**
 * The README's shell lines work on a fresh account (issue 29): every ```sh
 * block of README.md and of docs/hosts.md's "Install into a host" is either
 * run here, in document order, as a new user would (HOME a new empty folder,
 * `npx -y deno@<pin>` the Deno running this test, the checkout for `npx ...
 * task` lines, a new project for the rest), or skipped with its reason. A
 * new block fails the test until it is one or the other.
 * @module
 */

import { companionFiles, findHost } from "../lib/hosts/mod.ts";
import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

/** Blocks not run here, by a pattern of their text, with why. */
const NOT_RUN: readonly [RegExp, string][] = [
  [/releases\/download/, "no release exists yet: there is nothing to download"],
  [/task compile/, "downloads denort from dl.deno.land per target (docs/build.md)"],
  [/task (test|e2e|test-windows)$/m, "the test suite itself (about 25 minutes; .ci/run runs it)"],
  [/task demo/, "not an install line; tests/project_test.ts runs the demo"],
  [
    /plugin marketplace add|extensions install|opencode plugin|^pi install/m,
    "needs the host's own CLI; the e2e installs each package with it (docs/e2e.md)",
  ],
  [
    /catchup .*--transcript/,
    "reads a host's session transcripts, which a fresh account has none of",
  ],
];

interface Block {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

function shBlocks(file: string, text: string, from = 0): Block[] {
  const out: Block[] = [];
  const lines = text.split("\n");
  for (let i = from; i < lines.length; i++) {
    if (lines[i] !== "```sh") continue;
    const end = lines.indexOf("```", i + 1);
    out.push({ file, line: i + 1, text: lines.slice(i + 1, end).join("\n") });
    i = end;
  }
  return out;
}

async function blocks(): Promise<Block[]> {
  const readme = await Deno.readTextFile(`${REPO}/README.md`);
  const hosts = await Deno.readTextFile(`${REPO}/docs/hosts.md`);
  const a = hosts.indexOf("<!-- BEGIN GENERATED: install -->");
  const b = hosts.indexOf("<!-- END GENERATED: install -->");
  assert(a > 0 && b > a, "docs/hosts.md lacks its install section");
  const before = hosts.slice(0, a).split("\n").length - 1;
  return [
    ...shBlocks("README.md", readme),
    ...shBlocks("docs/hosts.md", hosts.slice(0, b), before),
  ];
}

function notRun(b: Block): string | undefined {
  return NOT_RUN.find(([re]) => re.test(b.text))?.[1];
}

/** Run one block in a fresh-account environment; fails with its output. */
async function runBlock(b: Block, env: Record<string, string>, project: string): Promise<void> {
  const inCheckout = /^npx -y deno@\S+ task /.test(b.text);
  const script = b.text.replaceAll("/path/to/your/project", project)
    .replaceAll("/path/to/pwf", REPO);
  const out = await new Deno.Command("bash", {
    args: ["--noprofile", "--norc", "-e", "-c", script],
    cwd: inCheckout ? REPO : project,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  assertEquals(
    out.code,
    0,
    `${b.file}:${b.line} failed:\n${script}\n${dec.decode(out.stdout)}${dec.decode(out.stderr)}`,
  );
}

Deno.test(skipOnWindows("the blocks are POSIX sh (the PowerShell ones have never been run here)", {
  name:
    "every README and host install shell block runs on a fresh account (new HOME) or is skipped with its reason",
  async fn() {
    const tmp = await Deno.makeTempDir({ prefix: "pwf-readme-" });
    try {
      const home = `${tmp}/home`, project = `${tmp}/project`, shims = `${tmp}/shims`;
      for (const d of [home, project, shims]) await Deno.mkdir(d);
      // `npx -y deno@<pin> ...` as this machine would run it, without npm's cache in HOME.
      await Deno.writeTextFile(
        `${shims}/npx`,
        `#!/bin/sh\n[ "$1" = -y ] && shift\ncase "$1" in deno@*) shift; exec '${Deno.execPath()}' "$@";; esac\nexit 127\n`,
      );
      await Deno.chmod(`${shims}/npx`, 0o755);
      const env = {
        HOME: home,
        PATH: `${home}/.local/bin:${shims}:/usr/bin:/bin`,
        DENO_NO_UPDATE_CHECK: "1",
      };
      const ran: string[] = [];
      for (const b of await blocks()) {
        if (notRun(b)) continue;
        await runBlock(b, env, project);
        ran.push(`${b.file}:${b.line}`);
      }
      // Getting started installed pwf, registered Claude Code's hooks and made a plan.
      assert((await Deno.stat(`${home}/.local/bin/pwf`)).isFile);
      const settings = await Deno.readTextFile(`${project}/.claude/settings.json`);
      const stop = JSON.parse(settings).hooks.Stop[0].hooks[0];
      assertEquals([stop.command.split("/").pop(), ...stop.args], [
        "pwf",
        "hook",
        "claude",
        "Stop",
      ]);
      assert(ran.length >= 10, ran.join(", "));
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
}));

Deno.test("every reason for not running a shell block still applies to one", async () => {
  const skipped = (await blocks()).filter(notRun);
  // Each reason still matches a block: a stale pattern could later hide a new block.
  for (const [re, why] of NOT_RUN) {
    assert(skipped.some((b) => re.test(b.text)), `no block matches "${why}"`);
  }
});

Deno.test("no documented line redirects hooks print over a settings file; only pwf's own files", async () => {
  const docs = ["README.md"];
  for await (const e of Deno.readDir(`${REPO}/docs`)) {
    if (e.name.endsWith(".md")) docs.push(`docs/${e.name}`);
  }
  const redirect = /pwf hooks print (\S+)((?: --?[a-z-]+(?: [^\s>|-]\S*)?)*) > ("?)([^\s"]+)\3/g;
  for (const file of docs) {
    const text = await Deno.readTextFile(`${REPO}/${file}`);
    for (const m of text.matchAll(redirect)) {
      const [, host, , , target] = m;
      if (target === "$f.new" || target === "new") continue;
      const spec = findHost(host ?? "");
      assert(spec, `${file}: ${m[0]}`);
      assert(!spec.settings, `${file}: redirects over ${spec.title}'s settings file: ${m[0]}`);
      const own = [spec.manifestPath, ...companionFiles(spec, "pwf").map((c) => c.path)];
      assert(own.includes(target ?? ""), `${file}: ${m[0]} is not one of pwf's files`);
    }
  }
});

Deno.test("every PowerShell block of the README is marked as never run here", async () => {
  const lines = (await Deno.readTextFile(`${REPO}/README.md`)).split("\n");
  lines.forEach((l, i) => {
    if (l !== "```powershell") return;
    const before = lines.slice(0, i).filter((x) => x.trim() !== "").pop() ?? "";
    const first = lines[i + 1] ?? "";
    assert(
      /never run here/.test(before) || /never run here/.test(first),
      `README.md:${i + 1}: a PowerShell block not marked "never run here"`,
    );
  });
});

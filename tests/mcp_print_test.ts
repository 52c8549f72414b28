/**
 * `pwf mcp print|check <client>`: pwf's server entry for every MCP client
 * format (strict JSON under mcpServers, servers or context_servers; Codex's
 * TOML table), merged and removed without touching anything else, invalid
 * input refused with nothing printed (exit 2).
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, MAIN, runPwf } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";
import { MCP_CLIENTS } from "../lib/hosts/mcp_clients.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { mcpMergeLines } from "../tools/mcp_docs.ts";

const JSON_CLIENTS = MCP_CLIENTS.filter((c) => c.format === "json");

/** A config with someone else's server and settings around the container. */
function otherJson(container: string): string {
  return `{\n  "theme": "dark",\n  "${container}": {\n    "other": {"command": "o", "args": []}\n  },\n  "z": [1, 2]\n}\n`;
}

Deno.test("mcp print gives every JSON client a config whose pwf entry runs pwf mcp", async () => {
  await inProject(async (dir) => {
    for (const c of JSON_CLIENTS) {
      const r = await runPwf(dir, ["mcp", "print", c.name, "--bin", "/opt/pwf"]);
      assertEquals(r.code, 0, c.name);
      const entry = JSON.parse(r.stdout)[c.container].pwf;
      assertEquals([entry.command, entry.args], ["/opt/pwf", ["mcp"]], c.name);
    }
  });
});

Deno.test("mcp print --merge then --remove gives back every JSON client's config byte for byte", async () => {
  await inProject(async (dir) => {
    for (const c of JSON_CLIENTS) {
      const before = otherJson(c.container);
      const merged = await runPwf(dir, ["mcp", "print", c.name, "--merge"], { stdin: before });
      assertEquals(merged.code, 0, `${c.name}: ${merged.stderr}`);
      const value = JSON.parse(merged.stdout);
      assertEquals(Object.keys(value[c.container]), ["other", "pwf"], c.name);
      assertStringIncludes(merged.stdout, '"other": {"command": "o", "args": []}');
      assertStringIncludes(merged.stdout, '  "z": [1, 2]\n');
      const again = await runPwf(dir, ["mcp", "print", c.name, "--merge"], {
        stdin: merged.stdout,
      });
      assertEquals(again.stdout, merged.stdout, `${c.name}: a second merge changes nothing`);
      const removed = await runPwf(dir, ["mcp", "print", c.name, "--remove"], {
        stdin: merged.stdout,
      });
      assertEquals(removed.stdout, before, c.name);
    }
  });
});

Deno.test("mcp check says missing, registered, another binary, and exits 1 while a merge would change the file", async () => {
  await inProject(async (dir) => {
    const empty = await runPwf(dir, ["mcp", "check", "cursor", "--json"], { stdin: "{}" });
    assertEquals([empty.code, JSON.parse(empty.stdout).state], [1, "missing"]);
    const merged =
      (await runPwf(dir, ["mcp", "print", "cursor", "--merge"], { stdin: "{}" })).stdout;
    const ok = await runPwf(dir, ["mcp", "check", "cursor"], { stdin: merged });
    assertEquals(ok.code, 0);
    assertStringIncludes(ok.stdout, "OK        pwf  registered");
    const other = await runPwf(dir, ["mcp", "check", "cursor", "--bin", "/usr/local/bin/pwf"], {
      stdin: merged,
    });
    assertEquals(other.code, 1);
    assertStringIncludes(other.stdout, "runs another binary: pwf (expected /usr/local/bin/pwf)");
  });
});

Deno.test("mcp print --merge refuses JSONC and other invalid configs with nothing printed, exit 2", async () => {
  await inProject(async (dir) => {
    const jsonc = ['{\n  // a comment\n  "x": {}\n}\n', '{"x": {},}', "/* c */ {}"];
    const bad = ['{"mcpServers": []}', '{"mcpServers": {"pwf": {}, "pwf": {}}}', "[]", "{"];
    const cases = [
      ...JSON_CLIENTS.flatMap((c) => jsonc.map((text) => [c.name, text] as const)),
      ...bad.map((text) => ["claude", text] as const),
    ];
    for (const [client, text] of cases) {
      for (const mode of ["--merge", "--remove"]) {
        const r = await runPwf(dir, ["mcp", "print", client, mode], { stdin: text });
        assertEquals([r.code, r.stdout], [2, ""], `${client} ${mode} ${text}`);
        assertStringIncludes(r.stderr, `pwf: mcp print ${client} ${mode}: config on stdin: `);
      }
    }
    const check = await runPwf(dir, ["mcp", "check", "zed"], { stdin: "{\n  // zed\n}\n" });
    assertEquals([check.code, check.stdout], [2, ""]);
  });
});

const CODEX = [
  'model = "o3" # pinned',
  "",
  "[mcp_servers.other]",
  'command = "x"',
  "args = [",
  '  "[not a header]", # a comment',
  "]",
  "",
  "# profiles follow",
  "[profiles.fast]",
  'model = "o4-mini"',
  "",
].join("\n");

Deno.test("mcp print codex --merge adds [mcp_servers.pwf] and --remove takes it out, the rest byte for byte", async () => {
  await inProject(async (dir) => {
    const merged = await runPwf(dir, ["mcp", "print", "codex", "--merge"], { stdin: CODEX });
    assertEquals(merged.code, 0, merged.stderr);
    assertEquals(merged.stdout, `${CODEX}\n[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n`);
    const again = await runPwf(dir, ["mcp", "print", "codex", "--merge"], { stdin: merged.stdout });
    assertEquals(again.stdout, merged.stdout);
    const removed = await runPwf(dir, ["mcp", "print", "codex", "--remove"], {
      stdin: merged.stdout,
    });
    assertEquals(removed.stdout, CODEX);
    const fresh = await runPwf(dir, ["mcp", "print", "codex", "--merge"], { stdin: "" });
    assertEquals(fresh.stdout, '[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n');
  });
});

Deno.test("mcp print codex --merge replaces an old pwf table and its sub-tables in place", async () => {
  await inProject(async (dir) => {
    const old =
      '[mcp_servers."pwf"]\ncommand = "/old/pwf"\n[mcp_servers.pwf.env]\nA = "1"\n\n# kept\n[tui]\nx = 1\n';
    const r = await runPwf(dir, ["mcp", "print", "codex", "--merge"], { stdin: old });
    assertEquals(
      r.stdout,
      '[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n\n# kept\n[tui]\nx = 1\n',
    );
    const check = await runPwf(dir, ["mcp", "check", "codex", "--json"], { stdin: old });
    assertEquals([check.code, JSON.parse(check.stdout).state], [1, "other-bin"]);
  });
});

Deno.test("mcp print codex refuses TOML it cannot edit safely, with nothing printed, exit 2", async () => {
  await inProject(async (dir) => {
    const bad = [
      '[mcp_servers]\npwf = { command = "pwf" }\n',
      'mcp_servers.pwf.command = "pwf"\n',
      '[mcp_servers]\npwf.command = "pwf"\n',
      'x = """\n[mcp_servers.pwf]\n"""\n',
      '[[mcp_servers.pwf]]\ncommand = "pwf"\n',
      'args = [\n"a",\n',
      '[mcp_servers.pwf\ncommand = "pwf"\n',
      'x = "unterminated\n',
    ];
    for (const text of bad) {
      const r = await runPwf(dir, ["mcp", "print", "codex", "--merge"], { stdin: text });
      assertEquals([r.code, r.stdout], [2, ""], text);
      assert(r.stderr.startsWith("pwf: mcp print codex --merge: config on stdin: "), r.stderr);
    }
  });
});

Deno.test("mcp print names the clients it knows when given another", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["mcp", "print", "emacs"]);
    assertEquals(r.code, 2);
    assertStringIncludes(
      r.stderr,
      'unknown client "emacs" (claude, claude-desktop, codex, cursor, gemini, vscode, windsurf, zed)',
    );
  });
});

Deno.test(skipOnWindows("the README's POSIX lines run in sh", {
  name: "the README's MCP lines merge pwf into each client's existing config and keep the rest",
  async fn() {
    await inProject(async (dir) => {
      const home = `${dir}/home`;
      const bin = `${dir}/bin`;
      await Deno.mkdir(bin, { recursive: true });
      const argv = [Deno.execPath(), "run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN];
      await Deno.writeTextFile(
        `${bin}/pwf`,
        `#!/bin/sh\nexec ${argv.map((a) => `'${a}'`).join(" ")} "$@"\n`,
        { mode: 0o755 },
      );
      for (const c of MCP_CLIENTS) {
        const path = c.file.startsWith("~/") ? `${home}/${c.file.slice(2)}` : `${dir}/${c.file}`;
        await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
        const before = c.format === "toml" ? 'model = "o3"\n' : '{\n  "keep": true\n}\n';
        await Deno.writeTextFile(path, before);
        const [posix] = mcpMergeLines(c, "merge");
        const r = await new Deno.Command("sh", {
          args: ["-c", posix],
          cwd: dir,
          env: { PATH: `${bin}:/usr/bin:/bin`, HOME: home },
          clearEnv: true,
          stdout: "piped",
          stderr: "piped",
        }).output();
        assertEquals(r.code, 0, `${c.name}: ${new TextDecoder().decode(r.stderr)}`);
        const after = await Deno.readTextFile(path);
        if (c.format === "toml") {
          assertEquals(after, `${before}\n[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n`);
        } else {
          const v = JSON.parse(after);
          assertEquals([v.keep, v[c.container].pwf.args], [true, ["mcp"]], c.name);
        }
      }
    });
  },
}));

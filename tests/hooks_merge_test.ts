// Black-box: `pwf hooks print --merge/--remove` and `pwf hooks check` read the
// settings on stdin and write only stdout. The merge rules themselves are unit
// tested per host in lib/hosts/settings_test.ts (no process per case).
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";
import { withPwfBin } from "./pwf_on_path.ts";
import { skipOnWindows } from "./skip.ts";
import { renderInstallSections } from "../tools/install_docs.ts";

const BIN = "C:/Tools/pwf.exe";
const SETTINGS = JSON.stringify(
  {
    model: "opus",
    hooks: {
      Stop: [{ hooks: [{ type: "command", command: "say done" }] }],
      PreToolUse: [{
        matcher: "Bash",
        hooks: [{ type: "command", command: "/old/pwf hook claude PreToolUse", timeout: 3 }],
      }],
    },
    env: { N: "1" },
  },
  null,
  4,
) + "\n";

Deno.test("hooks print claude --merge then --remove round-trips another tool's settings", async () => {
  await inProject(async (dir) => {
    const merged = await runPwf(dir, ["hooks", "print", "claude", "--bin", BIN, "--merge"], {
      stdin: SETTINGS,
    });
    assertEquals(merged.code, 0, merged.stderr);
    assertEquals(merged.stderr, "");
    const v = JSON.parse(merged.stdout);
    assertEquals(Object.keys(v), ["model", "hooks", "env"]);
    assertEquals(v.hooks.Stop[0], { hooks: [{ type: "command", command: "say done" }] });
    assertEquals(v.hooks.PreToolUse.length, 1, "the old pwf entry is replaced, not kept");
    // The old shell-form line becomes Claude Code's exec form (no shell).
    assertEquals(v.hooks.PreToolUse[0].hooks[0].command, BIN);
    assertEquals(v.hooks.PreToolUse[0].hooks[0].args, ["hook", "claude", "PreToolUse"]);
    assertStringIncludes(merged.stdout, '\n    "model": "opus",\n'); // the file's own indentation
    const removed = await runPwf(dir, ["hooks", "print", "claude", "--remove"], {
      stdin: merged.stdout,
    });
    assertEquals(removed.code, 0, removed.stderr);
    const back = JSON.parse(removed.stdout);
    assertEquals(back.hooks, { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] });
    assertEquals(back.env, { N: "1" });
  });
});

Deno.test("hooks print --merge with invalid settings exits 2, one stderr line, nothing on stdout", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["hooks", "print", "gemini", "--merge"], {
      stdin: '{\n  "hooks": {"AfterTool": {}}\n}\n',
    });
    assertEquals(r.code, 2);
    assertEquals(r.stdout, "");
    assertEquals(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
    assertStringIncludes(r.stderr, '"hooks.AfterTool" is an object, not a list');
  });
});

Deno.test("hooks check reports missing and foreign entries with exit 1, a merged file with exit 0", async () => {
  await inProject(async (dir) => {
    const before = await runPwf(dir, ["hooks", "check", "claude", "--bin", BIN], {
      stdin: SETTINGS,
    });
    assertEquals(before.code, 1, before.stderr);
    assert(/^MISSING +SessionStart +not registered$/m.test(before.stdout), before.stdout);
    assert(/^OTHER-BIN +PreToolUse +runs another binary: \/old\/pwf/m.test(before.stdout));
    assertStringIncludes(before.stdout, "--merge would change this file");
    const merged = await runPwf(dir, ["hooks", "print", "claude", "--bin", BIN, "--merge"], {
      stdin: SETTINGS,
    });
    const after = await runPwf(dir, ["hooks", "check", "claude", "--bin", BIN, "--json"], {
      stdin: merged.stdout,
    });
    assertEquals(after.code, 0, after.stdout);
    const report = JSON.parse(after.stdout);
    assertEquals(report.schemaVersion, 1);
    assertEquals(report.mergeChanges, false);
    assert(report.events.every((e: { state: string }) => e.state === "ok"), after.stdout);
  });
});

Deno.test("hooks print plain --merge prints pwf's own file; --remove says to delete it (exit 2)", async () => {
  await inProject(async (dir) => {
    const merged = await runPwf(dir, ["hooks", "print", "plain", "--merge"], { stdin: "{}" });
    const print = await runPwf(dir, ["hooks", "print", "plain"]);
    assertEquals(merged.code, 0, merged.stderr);
    assertEquals(merged.stdout, print.stdout);
    const removed = await runPwf(dir, ["hooks", "print", "plain", "--remove"]);
    assertEquals(removed.code, 2);
    assertEquals(removed.stdout, "");
    assertStringIncludes(removed.stderr, "delete that file to uninstall");
  });
});

Deno.test("--remove --delete-if-empty prints nothing when only pwf's defaults are left; without the flag the file stays", async () => {
  await inProject(async (dir) => {
    for (const host of ["claude", "copilot", "mastra"]) {
      const merged = await runPwf(dir, ["hooks", "print", host, "--merge"], { stdin: "" });
      assertEquals(merged.code, 0, merged.stderr);
      const kept = await runPwf(dir, ["hooks", "print", host, "--remove"], {
        stdin: merged.stdout,
      });
      assertEquals(kept.code, 0, kept.stderr);
      assert(kept.stdout.trim().startsWith("{"), `${host}: ${kept.stdout}`);
      const gone = await runPwf(dir, ["hooks", "print", host, "--remove", "--delete-if-empty"], {
        stdin: merged.stdout,
      });
      assertEquals([gone.code, gone.stdout, gone.stderr], [0, "", ""], host);
    }
    // Anything of the user's left: printed as usual.
    const user = await runPwf(dir, ["hooks", "print", "claude", "--remove", "--delete-if-empty"], {
      stdin: SETTINGS,
    });
    assertStringIncludes(user.stdout, `"model": "opus"`);
    const alone = await runPwf(dir, ["hooks", "print", "claude", "--delete-if-empty"]);
    assertEquals(alone.code, 2);
    assertStringIncludes(alone.stderr, "--delete-if-empty goes with --remove");
  });
});

Deno.test(
  skipOnWindows("the install lines under test are POSIX sh (PowerShell's are never run here)", {
    name:
      "the documented merge line leaves no file behind when pwf refuses the settings, and fails",
    async fn() {
      const line = renderInstallSections().split("\n").find((l) =>
        l.startsWith("f=.claude/settings.json;") && l.includes("--merge")
      );
      assert(line, "no claude merge line");
      await inProject((dir) =>
        withPwfBin(async (bin) => {
          await Deno.mkdir(`${dir}/.claude`);
          await Deno.writeTextFile(`${dir}/.claude/settings.json`, "{ not json");
          const out = await new Deno.Command("sh", {
            args: ["-c", line],
            cwd: dir,
            env: { PATH: `${bin}:/usr/bin:/bin` },
            stderr: "piped",
          }).output();
          assert(out.code !== 0, "the line must fail");
          assertEquals((await Array.fromAsync(Deno.readDir(`${dir}/.claude`))).map((e) => e.name), [
            "settings.json",
          ]);
          assertEquals(await Deno.readTextFile(`${dir}/.claude/settings.json`), "{ not json");
          // And the line works on a fresh project: the file is made.
          await Deno.remove(`${dir}/.claude`, { recursive: true });
          const ok = await new Deno.Command("sh", {
            args: ["-c", line],
            cwd: dir,
            env: { PATH: `${bin}:/usr/bin:/bin` },
          }).output();
          assertEquals(ok.code, 0);
          const made = JSON.parse(await Deno.readTextFile(`${dir}/.claude/settings.json`));
          assertEquals(made.hooks.Stop[0].hooks[0].args, ["hook", "claude", "Stop"]);
        })
      );
    },
  }),
);

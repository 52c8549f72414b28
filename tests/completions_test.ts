import { skipOnWindows } from "./skip.ts";
import { COMMANDS } from "../lib/cli/commands.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";

const SHELLS = ["bash", "zsh", "fish", "powershell"];

Deno.test("completion scripts for bash, zsh, fish and powershell name every command and flag of the table", async () => {
  await inProject(async (dir) => {
    for (const shell of SHELLS) {
      const r = await runPwf(dir, ["completions", shell]);
      assertEquals(r.code, 0, r.stderr);
      assert(r.stdout.endsWith("\n"), `${shell}: no final newline`);
      for (const c of COMMANDS) {
        assert(new RegExp(`(^|[\\s'(])${c.name}([\\s')]|$)`).test(r.stdout), `${shell}: ${c.name}`);
        for (const f of c.flags) {
          const flag = shell === "fish" ? `-l ${f.name}` : `--${f.name}`;
          assertStringIncludes(r.stdout, flag, `${shell}: ${c.name} ${flag}`);
          for (const choice of f.choices ?? []) assertStringIncludes(r.stdout, choice);
        }
        for (const w of c.words ?? []) assertStringIncludes(r.stdout, w);
      }
      assert(COMMANDS.some((c) => c.name === "completions"), "completions is in the table");
    }
  });
});

Deno.test("completions without a shell, or with an unknown one, is a usage error", async () => {
  await inProject(async (dir) => {
    for (const args of [["completions"], ["completions", "tcsh"]]) {
      const r = await runPwf(dir, args);
      assertEquals(r.code, 2);
      assertEquals(r.stdout, "");
      assertStringIncludes(r.stderr, "bash, zsh, fish, powershell");
    }
  });
});

async function bashComplete(script: string, words: string[]): Promise<string[]> {
  const line = words.map((w) => `'${w}'`).join(" ");
  const program = `${script}\nCOMP_WORDS=(${line}); COMP_CWORD=${
    words.length - 1
  }; _pwf; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = await new Deno.Command("bash", {
    args: ["--norc", "--noprofile", "-c", program],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout).split("\n").filter((s) => s !== "").sort();
}

Deno.test(skipOnWindows(
  "there is no bash to load the script into (PowerShell users load `pwf completions powershell`)",
  {
    name: "bash completion completes commands, a flag's choices and a command's first words",
    async fn() {
      await inProject(async (dir) => {
        const script = (await runPwf(dir, ["completions", "bash"])).stdout;
        assertEquals(await bashComplete(script, ["pwf", "ver"]), ["version"]);
        assertEquals(await bashComplete(script, ["pwf", "--v"]), ["--version"]);
        assertEquals(
          await bashComplete(script, ["pwf", "init", "--template", ""]),
          ["analytics", "autonomous", "default"],
        );
        assertEquals(await bashComplete(script, ["pwf", "completions", "p"]), ["powershell"]);
        assertEquals(await bashComplete(script, ["pwf", "help", "comp"]), ["completions"]);
        assertEquals(await bashComplete(script, ["pwf", "status", "--j"]), ["--json"]);
      });
    },
  },
));

/**
 * Shell completions (issue 29): the scripts ask `pwf __complete`, so hosts,
 * events, statuses, plan ids and ledger events are completed from the pwf on
 * PATH and the project the shell is in. bash and fish are driven for real
 * (skipped with the reason where they are not installed); zsh's script is
 * syntax-checked; the PowerShell script has never been run here.
 * @module
 */

import { skipWhen } from "./skip.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf } from "./helpers.ts";
import { withPwfBin } from "./pwf_on_path.ts";

const SHELLS = ["bash", "zsh", "fish", "powershell"];

Deno.test("each completion script asks pwf __complete and registers pwf and pwf.exe", async () => {
  await inProject(async (dir) => {
    for (const shell of SHELLS) {
      const r = await runPwf(dir, ["completions", shell]);
      assertEquals(r.code, 0, r.stderr);
      assert(r.stdout.endsWith("\n"), `${shell}: no final newline`);
      assertStringIncludes(r.stdout, "__complete");
      assertStringIncludes(r.stdout, "pwf.exe");
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

Deno.test("pwf __complete prints word<TAB>description lines from the project, in the sandbox", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Billing"]);
    const r = await runPwf(dir, ["__complete", ":", "use"]);
    assertEquals([r.code, r.stderr, r.stdout], [0, "", `${id}\n`]);
    const phases = await runPwf(dir, ["__complete", ":", "phase"]);
    assertStringIncludes(phases.stdout, "1\tRequirements & Discovery (");
    // A question it cannot answer prints nothing and exits 0.
    for (const argv of [["__complete"], ["__complete", "nocolon"], ["__complete", ":", "nosuch"]]) {
      assertEquals((await runPwf(dir, argv)).stdout, "");
    }
  });
});

/** A project, and a directory holding a `pwf` that runs the artifact under the sandbox flags. */
function withPwfOnPath(fn: (bin: string, dir: string) => Promise<void>): Promise<void> {
  return inProject((dir) => withPwfBin((bin) => fn(bin, dir)));
}

/** Why a shell's test cannot run here. */
function notInstalled(shell: string): string {
  return Deno.build.os === "windows"
    ? `on Windows, ${shell} completion is not a Windows shell's (PowerShell's script is never run here)`
    : `${shell} is not installed here`;
}

function installed(shell: string): boolean {
  if (Deno.build.os === "windows") return false;
  try {
    return new Deno.Command(shell, { args: ["-c", "exit 0"] }).outputSync().success;
  } catch {
    return false;
  }
}

async function shellRun(shell: string, args: string[], cwd: string, bin: string): Promise<string> {
  const out = await new Deno.Command(shell, {
    args,
    cwd,
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: bin, XDG_CONFIG_HOME: bin, XDG_DATA_HOME: bin },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

const sorted = (text: string) => text.split("\n").filter((s) => s !== "").sort();

Deno.test(skipWhen(!installed("bash"), notInstalled("bash"), {
  name: "bash completion completes commands, hosts, events, statuses, plan ids and ledger events",
  async fn() {
    await withPwfOnPath(async (bin, dir) => {
      const id = await initPlan(dir, ["Billing"]);
      const script = (await runPwf(dir, ["completions", "bash"])).stdout;
      await Deno.writeTextFile(`${bin}/pwf.bash`, script);
      const complete = async (words: string[]) => {
        const line = words.map((w) => `'${w}'`).join(" ");
        const program = `source '${bin}/pwf.bash'; COMP_WORDS=(${line}); COMP_CWORD=${
          words.length - 1
        }; _pwf; printf '%s\\n' "\${COMPREPLY[@]}"`;
        return sorted(await shellRun("bash", ["--norc", "--noprofile", "-c", program], dir, bin));
      };
      assertEquals(await complete(["pwf", "ver"]), ["version"]);
      assertEquals(await complete(["pwf", "--v"]), ["--version"]);
      assertEquals(await complete(["pwf", "hooks", "print", "cl"]), ["claude"]);
      assertEquals(await complete(["pwf", "hook", "claude", "Pre"]), ["PreCompact", "PreToolUse"]);
      assertEquals(await complete(["pwf", "phase", "1", "in"]), ["in_progress"]);
      assertEquals(await complete(["pwf", "use", ""]), [id]);
      assertEquals(await complete(["pwf", "ledger", "append", "phase_"]), ["phase_complete"]);
      assertEquals(
        await complete(["pwf", "init", "--template", ""]),
        ["analytics", "autonomous", "default"],
      );
      assertEquals(await complete(["pwf", "status", "--j"]), ["--json"]);
    });
  },
}));

Deno.test(skipWhen(!installed("fish"), notInstalled("fish"), {
  name: "fish completion completes hosts, events, statuses and plan ids, with descriptions",
  async fn() {
    await withPwfOnPath(async (bin, dir) => {
      const id = await initPlan(dir, ["Billing"]);
      const script = (await runPwf(dir, ["completions", "fish"])).stdout;
      await Deno.writeTextFile(`${bin}/pwf.fish`, script);
      const complete = async (line: string) =>
        sorted(
          await shellRun(
            "fish",
            ["--no-config", "-c", `source '${bin}/pwf.fish'; complete -C '${line}'`],
            dir,
            bin,
          ),
        );
      assertEquals(await complete("pwf stat"), [
        "status\tshow the plan: goal, next step, mode, attestation and a phase table",
      ]);
      assertEquals(await complete("pwf hooks print cl"), ["claude\tClaude Code"]);
      const events = await complete("pwf hook codex Pre");
      assertEquals(events.map((l) => l.split("\t")[0]), ["PreCompact", "PreToolUse"]);
      assertEquals(await complete("pwf phase 2 comp"), ["complete"]);
      assertEquals(await complete("pwf use "), [id]);
    });
  },
}));

Deno.test(skipWhen(!installed("zsh"), notInstalled("zsh"), {
  name: "the zsh completion script is valid zsh",
  async fn() {
    await withPwfOnPath(async (bin, dir) => {
      await Deno.writeTextFile(`${bin}/_pwf`, (await runPwf(dir, ["completions", "zsh"])).stdout);
      await shellRun("zsh", ["-n", `${bin}/_pwf`], dir, bin);
    });
  },
}));

Deno.test("completion scripts never evaluate a candidate: they read lines, no eval or compgen -W", async () => {
  await inProject(async (dir) => {
    for (const shell of SHELLS) {
      const script = (await runPwf(dir, ["completions", shell])).stdout;
      for (const bad of ["eval ", "compgen -W", "Invoke-Expression"]) {
        assert(!script.includes(bad), `${shell}: ${bad}`);
      }
    }
  });
});

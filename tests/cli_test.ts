import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { COMMANDS } from "../lib/cli/commands.ts";

Deno.test("PLANNING_DISABLED=1 makes every command print nothing and exit 0", async () => {
  await inProject(async (dir) => {
    const env = { PLANNING_DISABLED: "1" };
    for (const c of COMMANDS) {
      const r = await runPwf(dir, [c.name], { env });
      assertEquals([r.code, r.stdout, r.stderr], [0, "", ""], c.name);
    }
    for (
      const args of [["init", "X"], ["bogus"], ["phase", "x", "y"], [
        "hook",
        "claude",
        "UserPromptSubmit",
      ]]
    ) {
      const r = await runPwf(dir, args, { env });
      assertEquals([r.code, r.stdout, r.stderr], [0, "", ""], args.join(" "));
    }
    await Deno.stat(`${dir}/.planning`).then(() => {
      throw new Error("nothing may be written when disabled");
    }, () => {});
  });
});

Deno.test("PLANNING_DISABLED other than exactly 1 does not disable", async () => {
  await inProject(async (dir) => {
    for (const v of ["true", "0", ""]) {
      const r = await runPwf(dir, ["version"], { env: { PLANNING_DISABLED: v } });
      assertStringIncludes(r.stdout, "pwf ");
    }
  });
});

Deno.test("an unknown command is one line naming it, exit 2, nothing written", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["frobnicate"]);
    assertEquals(r.code, 2);
    assertEquals(r.stdout, "");
    assertEquals(r.stderr.trim().split("\n").length, 1);
    assertStringIncludes(r.stderr, '"frobnicate"');
    await Deno.stat(`${dir}/.planning`).then(() => {
      throw new Error("nothing may be written");
    }, () => {});
  });
});

Deno.test("an unknown flag is one line naming it, exit 2", async () => {
  await inProject(async (dir) => {
    for (const c of COMMANDS.filter((c) => c.name !== "hook")) { // hooks always exit 0
      const r = await runPwf(dir, [c.name, "--no-such-flag"]);
      assertEquals(r.code, 2, c.name);
      assertEquals(r.stderr.trim().split("\n").length, 1, c.name);
      assertStringIncludes(r.stderr, "--no-such-flag", c.name);
    }
  });
});

Deno.test("status shows the phase table and --json has a schemaVersion", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["status"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "1/5 complete (20%)");
    assertStringIncludes(r.stdout, "in_progress  Build");
    assertEquals(r.stdout.includes("\x1b["), false, "no colour when not a terminal");
    const j = JSON.parse((await runPwf(dir, ["status", "--json"])).stdout);
    assertEquals([j.schemaVersion, j.id, j.counts.total, j.goal], [
      1,
      "p",
      5,
      "Ship the sample feature with tests.",
    ]);
  });
});

Deno.test("status without any plan exits 5 with a hint", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["status"]);
    assertEquals(r.code, 5);
    assertStringIncludes(r.stderr, "pwf init");
  });
});

Deno.test("use sets, shows and lists plans", async () => {
  await inProject(async (dir) => {
    const a = await initPlan(dir, ["Alpha"]);
    const b = await initPlan(dir, ["Beta", "--gated"]);
    assertEquals((await runPwf(dir, ["use"])).stdout, `${b}\n`);
    assertEquals((await runPwf(dir, ["use", a])).code, 0);
    assertEquals(await Deno.readTextFile(`${dir}/.planning/.active_plan`), `${a}\n`);
    const list = await runPwf(dir, ["use", "--list"]);
    assertStringIncludes(list.stdout, `*  ${a}`);
    assertStringIncludes(list.stdout, "gated");
    const j = JSON.parse((await runPwf(dir, ["use", "--list", "--json"])).stdout);
    assertEquals(j.plans.map((p: { id: string }) => p.id), [a, b]);
    // init leaves a gated plan unattested until the user approves it (issue 24)
    assertEquals(j.plans[1].attestation, "none");
    assertEquals((await runPwf(dir, ["attest", "--plan", b])).code, 0);
    const k = JSON.parse((await runPwf(dir, ["use", "--list", "--json"])).stdout);
    assertEquals(k.plans[1].attestation, "intact");
  });
});

Deno.test("use refuses an invalid id (exit 2) and a missing plan (exit 5)", async () => {
  await inProject(async (dir) => {
    assertEquals((await runPwf(dir, ["use", "../x"])).code, 2);
    assertEquals((await runPwf(dir, ["use", "ghost"])).code, 5);
  });
});

Deno.test("version and --version print the build line", async () => {
  await inProject(async (dir) => {
    for (const args of [["version"], ["--version"]]) {
      const r = await runPwf(dir, args);
      assertStringIncludes(r.stdout, "build: source)");
    }
    const j = JSON.parse((await runPwf(dir, ["version", "--json"])).stdout);
    assertEquals([j.schemaVersion, j.build], [1, "source"]);
  });
});

Deno.test("help lists every command and help <command> shows its flags", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["help"]);
    for (const c of COMMANDS) assertStringIncludes(r.stdout, `  ${c.name}`);
    const init = await runPwf(dir, ["help", "init"]);
    assertStringIncludes(init.stdout, "--template");
    assertEquals((await runPwf(dir, ["init", "--help"])).stdout, init.stdout);
  });
});

Deno.test("status never prints control characters from the plan (no terminal escape injection)", async () => {
  await inProject(async (dir) => {
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      SAMPLE_PLAN.replace("Ship the sample", "Ship \x1b[2J\x1b]0;pwned\x07 the sample").replace(
        "Phase 2: Build",
        "Phase 2: Bu\x1b[31mild",
      ),
    );
    for (const env of [{}, { NO_COLOR: "1" }]) {
      const r = await runPwf(dir, ["status"], { env });
      assertEquals(r.code, 0, r.stderr);
      assertEquals(r.stdout.includes("\x1b"), false);
      assertEquals(r.stdout.includes("\x07"), false);
      assertStringIncludes(r.stdout, "Ship \uFFFD[2J");
    }
    const lint = await runPwf(dir, ["lint"]);
    assertEquals(lint.stdout.includes("\x1b"), false);
  });
});

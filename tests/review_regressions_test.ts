import { skipUnlessSymlinks } from "./skip.ts";
/**
 * Regression tests for bugs found in the pre-release review; each test is
 * named after the bug it pins down.
 * @module
 */

import { assert, assertEquals } from "./assert.ts";
import { inProject, runPwf, writeText } from "./helpers.ts";
import { parseFrames } from "../lib/core/inject/framing.ts";

/** A plan of 39 phases with long lines, and a long progress log. */
async function bigPlan(dir: string): Promise<void> {
  const lines = [
    "# Big",
    "## Goal",
    "Ship it",
    "## Next Step",
    "go",
    "## Current Phase",
    "Phase 37",
  ];
  for (let n = 1; n < 40; n++) {
    lines.push(`### Phase ${n}: Title ${n}`);
    for (let k = 0; k < 20; k++) lines.push(`- [x] item ${k} ${"u".repeat(40)}`);
    lines.push(`- **Status:** ${n === 37 ? "in_progress" : n < 37 ? "complete" : "pending"}`);
  }
  await writeText(dir, ".planning/p/task_plan.md", lines.join("\n") + "\n");
  const progress = Array.from({ length: 100 }, (_, i) => `- line ${i} ${"x".repeat(300)}`);
  await writeText(dir, ".planning/p/progress.md", progress.join("\n") + "\n");
}

Deno.test("session-start at a small budget never cuts a frame open and stays within the budget", async () => {
  await inProject(async (dir) => {
    await bigPlan(dir);
    for (const budget of [1000, 1200, 1500, 2000, 2500, 3333]) {
      const r = await runPwf(dir, ["inject", "--context", "session-start"], {
        env: { PWF_MAX_INJECT_CHARS: String(budget) },
      });
      assertEquals(r.code, 0, r.stderr);
      assert(r.stdout.length <= budget, `budget ${budget}: ${r.stdout.length} chars`);
      const begins = r.stdout.split("\n").filter((l) => l.startsWith("===BEGIN-PWF-DATA")).length;
      const ends = r.stdout.split("\n").filter((l) => l.startsWith("===END-PWF-DATA")).length;
      assertEquals(begins, ends, `budget ${budget}`);
      assertEquals(parseFrames(r.stdout).length, begins, `budget ${budget}`);
    }
  });
});

Deno.test("ledger append after a ledger larger than 4 MiB still takes 1 + the highest tick", async () => {
  await inProject(async (dir) => {
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      "# T\n### Phase 1: A\n- **Status:** pending\n",
    );
    const records = Array.from(
      { length: 20000 },
      (_, i) =>
        JSON.stringify({
          tick: i + 1,
          ts: "2026-01-01T00:00:00Z",
          agent: "main",
          phase: "",
          event: "note",
          summary: "x".repeat(200),
          files: [],
        }),
    );
    await writeText(dir, ".planning/p/ledger-main.jsonl", records.join("\n") + "\n");
    const r = await runPwf(dir, ["ledger", "append", "note", "next", "--agent", "w2"]);
    assertEquals(r.code, 0, r.stderr);
    const line = await Deno.readTextFile(`${dir}/.planning/p/ledger-w2.jsonl`);
    assertEquals(JSON.parse(line).tick, 20001);
  });
});

Deno.test(skipUnlessSymlinks({
  name:
    "a symlinked .attestation or .mode gives the userprompt one notice line instead of a silent failure",
  fn: async () => {
    for (const name of [".attestation", ".mode"]) {
      await inProject(async (dir) => {
        await writeText(
          dir,
          ".planning/p/task_plan.md",
          "# T\n### Phase 1: A\n- **Status:** pending\n",
        );
        await writeText(dir, "outside.txt", "autonomous gate\n");
        await Deno.symlink(`${dir}/outside.txt`, `${dir}/.planning/p/${name}`);
        const r = await runPwf(dir, ["inject", "--context", "userprompt"]);
        assertEquals(r.code, 0, r.stderr);
        assertEquals(r.stdout.split("\n").filter((l) => l).length, 1, r.stdout);
        assert(r.stdout.includes(`refused ".planning/p/${name}"`), r.stdout);
        assert(!r.stdout.includes("BEGIN-PWF-DATA"), r.stdout);
        const h = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: "{}" });
        assertEquals(h.code, 0);
        const ctx = JSON.parse(h.stdout).hookSpecificOutput.additionalContext as string;
        assert(ctx.includes("refused") && ctx.includes("nothing injected"), ctx);
        const pre = await runPwf(dir, ["hook", "claude", "PreToolUse"], { stdin: "{}" });
        assertEquals([pre.code, pre.stdout], [0, ""]);
      });
    }
  },
}));

Deno.test(skipUnlessSymlinks({
  name:
    "doctor reports a symlinked .planning, .cache or plan file as FAIL lines instead of aborting",
  fn: async () => {
    const setups: ((dir: string) => Promise<void>)[] = [
      async (dir) => {
        await Deno.mkdir(`${dir}/elsewhere`);
        await Deno.symlink(`${dir}/elsewhere`, `${dir}/.planning`);
      },
      async (dir) => {
        await writeText(
          dir,
          ".planning/p/task_plan.md",
          "# T\n### Phase 1: A\n- **Status:** pending\n",
        );
        await Deno.mkdir(`${dir}/elsewhere`);
        await Deno.symlink(`${dir}/elsewhere`, `${dir}/.planning/.cache`);
      },
      async (dir) => {
        await writeText(
          dir,
          ".planning/p/task_plan.md",
          "# T\n### Phase 1: A\n- **Status:** pending\n",
        );
        await writeText(dir, "outside.txt", "autonomous\n");
        await Deno.symlink(`${dir}/outside.txt`, `${dir}/.planning/p/.mode`);
      },
    ];
    for (const setup of setups) {
      await inProject(async (dir) => {
        await setup(dir);
        const r = await runPwf(dir, ["doctor"]);
        assertEquals([r.code, r.stderr], [1, ""]);
        const lines = r.stdout.trimEnd().split("\n");
        assert(lines.every((l) => /^(PASS|WARN|FAIL) {2}\S/.test(l)), r.stdout);
        assert(lines.some((l) => l.startsWith("FAIL") && l.includes("symbolic link")), r.stdout);
        assert(lines.some((l) => l.startsWith("PASS  sandbox")), r.stdout);
        const j = await runPwf(dir, ["doctor", "--json"]);
        assertEquals(JSON.parse(j.stdout).ok, false);
      });
    }
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "a plan whose task_plan.md fails containment is reported as refused, not as missing",
  fn: async () => {
    await inProject(async (dir) => {
      await writeText(dir, "outside.md", "# SECRET\n");
      await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
      await Deno.symlink(`${dir}/outside.md`, `${dir}/.planning/p/task_plan.md`);
      await writeText(dir, ".planning/.active_plan", "p\n");
      for (const env of [{}, { PLAN_ID: "p" }]) {
        const r = await runPwf(dir, ["status"], { env });
        assertEquals([r.code, r.stdout], [5, ""]);
        assert(r.stderr.includes("symbolic link") && !r.stderr.includes("missing"), r.stderr);
        assert(!r.stderr.includes("SECRET"), r.stderr);
        const u = await runPwf(dir, ["inject", "--context", "userprompt"], { env });
        assertEquals(u.stdout.split("\n").filter((l) => l).length, 1, u.stdout);
        assert(u.stdout.includes("symbolic link") && !u.stdout.includes("SECRET"), u.stdout);
      }
    });
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "use --list still lists the other plans when one plan's .attestation is a symlink",
  fn: async () => {
    await inProject(async (dir) => {
      const plan = "# T\n### Phase 1: A\n- **Status:** complete\n";
      await writeText(dir, ".planning/good/task_plan.md", plan);
      await writeText(dir, ".planning/bad/task_plan.md", plan);
      await writeText(dir, "outside.txt", "x\n");
      await Deno.symlink(`${dir}/outside.txt`, `${dir}/.planning/bad/.attestation`);
      const r = await runPwf(dir, ["use", "--list", "--json"]);
      assertEquals(r.code, 0, r.stderr);
      assertEquals(JSON.parse(r.stdout).plans.map((p: { id: string }) => p.id), ["good"]);
      assert(
        r.stderr.includes('skipped plan "bad"') && r.stderr.includes("symbolic link"),
        r.stderr,
      );
    });
  },
}));

Deno.test("a lock path that is a directory is refused at once instead of waiting out the lock timeout", async () => {
  await inProject(async (dir) => {
    const plan = "# T\n## Current Phase\nPhase 1\n### Phase 1: A\n- **Status:** pending\n";
    await writeText(dir, ".planning/p/task_plan.md", plan);
    await Deno.mkdir(`${dir}/.planning/p/.pwf.lock`);
    const started = Date.now();
    const r = await runPwf(dir, ["phase", "1", "complete"]);
    assertEquals([r.code, r.stdout], [1, ""]);
    assert(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    assert(r.stderr.includes("is a directory"), r.stderr);
    assertEquals(await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`), plan);
    await Deno.remove(`${dir}/.planning/p/.pwf.lock`);
  });
});

Deno.test("heading closing hashes are dropped from phase titles, and a title ending in C# keeps its #", async () => {
  await inProject(async (dir) => {
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      "# Learn C#\n## Goal ##\nG\n### Phase 1: Alpha ##\n- **Status:** complete\n" +
        "### Phase 2 ###\n- **Status:** pending\n### Phase 3: Port to C#\n- **Status:** pending\n",
    );
    const r = await runPwf(dir, ["status", "--json"]);
    assertEquals(r.code, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assertEquals([s.title, s.goal], ["Learn C#", "G"]);
    assertEquals(s.phases.map((p: { title: string }) => p.title), ["Alpha", "", "Port to C#"]);
  });
});

Deno.test("a usage error that already points somewhere gets no second (see ...) hint", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["use", "../x"]);
    assertEquals([r.code, r.stdout], [2, ""]);
    assertEquals(r.stderr.split("(see ").length, 2, r.stderr);
    assertEquals(r.stderr.split("\n").length, 2, r.stderr);
  });
});

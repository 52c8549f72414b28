import { skipUnlessHardLinksCounted, skipUnlessSymlinks } from "./skip.ts";
import { assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";

const SECRET =
  "# Task Plan: SECRET-OUTSIDE\n\n## Goal\nTOPSECRET goal\n\n### Phase 1: Exfil\n- **Status:** in_progress\n";

/** An outside directory holding a secret plan; returns its path and a checker. */
async function outside(): Promise<
  { dir: string; unchanged: () => Promise<void>; cleanup: () => Promise<void> }
> {
  const p = await tempProject("pwf-outside-");
  await writeText(p.dir, "task_plan.md", SECRET);
  await writeText(p.dir, "secret.txt", "TOPSECRET\n");
  const before = await Array.fromAsync(Deno.readDir(p.dir), (e) => e.name);
  return {
    dir: p.dir,
    cleanup: p.cleanup,
    unchanged: async () => {
      assertEquals(await Deno.readTextFile(`${p.dir}/task_plan.md`), SECRET);
      assertEquals(await Deno.readTextFile(`${p.dir}/secret.txt`), "TOPSECRET\n");
      assertEquals(
        (await Array.fromAsync(Deno.readDir(p.dir), (e) => e.name)).sort(),
        before.sort(),
      );
    },
  };
}

async function everyCommandOutput(dir: string, env: Record<string, string> = {}): Promise<string> {
  let all = "";
  for (
    const args of [["resolve", "--json"], ["status", "--json"], ["use", "--list", "--json"], [
      "phase",
      "1",
      "complete",
    ]]
  ) {
    const r = await runPwf(dir, args, { env });
    all += r.stdout + r.stderr;
  }
  return all;
}

async function withOutside(fn: (dir: string, out: string) => Promise<void>): Promise<void> {
  const o = await outside();
  try {
    await inProject(async (dir) => {
      await fn(dir, o.dir);
      await o.unchanged();
    });
  } finally {
    await o.cleanup();
  }
}

Deno.test(skipUnlessSymlinks({
  name: "a symlinked plan directory pointing outside is never read or written",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await Deno.mkdir(`${dir}/.planning`);
      await Deno.symlink(out, `${dir}/.planning/evil`);
      const all = await everyCommandOutput(dir) +
        await everyCommandOutput(dir, { PLAN_ID: "evil" });
      assertNotIncludes(all, "TOPSECRET");
      const r = await runPwf(dir, ["resolve"], { env: { PLAN_ID: "evil" } });
      assertEquals(r.code, 5);
    });
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "a symlinked task_plan.md is refused",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
      await Deno.symlink(`${out}/task_plan.md`, `${dir}/.planning/p/task_plan.md`);
      assertNotIncludes(
        await everyCommandOutput(dir) + await everyCommandOutput(dir, { PLAN_ID: "p" }),
        "TOPSECRET",
      );
    });
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "a symlinked .active_plan is ignored and never written through",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
      await Deno.symlink(`${out}/secret.txt`, `${dir}/.planning/.active_plan`);
      assertNotIncludes(await everyCommandOutput(dir), "TOPSECRET");
      const r = await runPwf(dir, ["use", "p"]);
      assertEquals(r.code, 1);
      assertStringIncludes(r.stderr, "symbolic link");
    });
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "a symlinked lock file is refused and its target untouched",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
      await Deno.symlink(`${out}/secret.txt`, `${dir}/.planning/p/.pwf.lock`);
      const r = await runPwf(dir, ["phase", "2", "complete"]);
      assertEquals(r.code, 1);
      assertStringIncludes(r.stderr, "symbolic link");
      assertEquals(await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`), SAMPLE_PLAN);
      await Deno.remove(`${dir}/.planning/p/.pwf.lock`);
    });
  },
}));

Deno.test(skipUnlessSymlinks({
  name: "a .planning that is itself a symlink resolves nothing",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await Deno.mkdir(`${out}/p`);
      await Deno.copyFile(`${out}/task_plan.md`, `${out}/p/task_plan.md`);
      await Deno.symlink(out, `${dir}/.planning`);
      assertNotIncludes(await everyCommandOutput(dir), "TOPSECRET");
      const r = await runPwf(dir, ["init", "x"]);
      assertEquals(r.code, 1);
      await Deno.remove(`${out}/p`, { recursive: true });
      await Deno.remove(`${dir}/.planning`);
    });
  },
}));

Deno.test("PLAN_ID=../x is refused", async () => {
  await withOutside(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const r = await runPwf(dir, ["status"], { env: { PLAN_ID: "../x" } });
    assertEquals(r.code, 5);
    assertStringIncludes(r.stderr, "PLAN_ID");
  });
});

Deno.test(skipUnlessHardLinksCounted({
  name: "a hard-linked task_plan.md is refused",
  fn: async () => {
    await withOutside(async (dir, out) => {
      await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
      await Deno.link(`${out}/task_plan.md`, `${dir}/.planning/p/task_plan.md`);
      assertNotIncludes(await everyCommandOutput(dir, { PLAN_ID: "p" }), "TOPSECRET");
    });
  },
}));

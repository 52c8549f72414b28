/**
 * Issue 25: the plan follows the agent. pwf run below the project root (by a
 * person, or by a hook whose host keeps the agent's `cd`) uses the nearest
 * `.planning` up to four levels up, never one above the root a host names,
 * and says which one it uses; outside its reach a prompt gets one line with
 * the way back. The sandbox grants those `.planning` directories and nothing
 * else (docs/security.md).
 * @module
 */

import {
  assert,
  assertEquals,
  assertMatch,
  assertNotIncludes,
  assertStringIncludes,
} from "./assert.ts";
import {
  attestedPlan,
  initPlan,
  inProject,
  readText,
  runPwf,
  SAMPLE_PLAN,
  shownPath,
  tempProject,
  writeText,
} from "./helpers.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";

const DEPTHS = [1, 3] as const;

/** `a`, `a/b/c`: a subfolder `depth` levels below the project, created. */
async function subfolder(dir: string, depth: number): Promise<string> {
  const rel = ["a", "b", "c", "d", "e", "f"].slice(0, depth).join("/");
  await Deno.mkdir(`${dir}/${rel}`, { recursive: true });
  return `${dir}/${rel}`;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

/** The status header naming the `.planning` in use, `depth` levels up. */
function usingLine(dir: string, depth: number): string {
  const rel = `${"../".repeat(depth)}.planning`;
  const shown = (p: string) => Deno.build.os === "windows" ? p.replaceAll("/", "\\") : p;
  return `Using ${shown(rel)} (${depth} level${depth === 1 ? "" : "s"} up: ${
    shown(`${dir}/.planning`)
  })`;
}

for (const depth of DEPTHS) {
  Deno.test(`status from ${depth} level(s) down shows the project's plan and says which .planning`, async () => {
    await inProject(async (dir) => {
      const id = await initPlan(dir, ["Deep"]);
      await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
      const sub = await subfolder(dir, depth);
      const r = await runPwf(sub, ["status"]);
      assertEquals(r.code, 0, r.stderr);
      assertEquals(r.stdout.split("\n")[0], usingLine(dir, depth));
      assertStringIncludes(r.stdout, "Ship the sample feature with tests.");
      const j = JSON.parse((await runPwf(sub, ["status", "--json"])).stdout);
      assertEquals(
        j.planning,
        Deno.build.os === "windows" ? `${dir}\\.planning` : `${dir}/.planning`,
      );
      assertEquals(await exists(`${sub}/.planning`), false);
    });
  });

  Deno.test(`resolve from ${depth} level(s) down prints the plan directory as reached from there`, async () => {
    await inProject(async (dir) => {
      const id = await initPlan(dir);
      const sub = await subfolder(dir, depth);
      const r = await runPwf(sub, ["resolve"]);
      assertEquals(r.code, 0, r.stderr);
      const printed = r.stdout.trim();
      assertEquals(printed.replaceAll("\\", "/"), `${"../".repeat(depth)}.planning/${id}`);
      assert(
        await exists(`${sub}/${printed}/task_plan.md`),
        "the printed path opens from the subfolder",
      );
      const j = JSON.parse((await runPwf(sub, ["resolve", "--json"])).stdout);
      assertEquals([j.found, j.id, j.levelsUp], [true, id, depth]);
    });
  });

  Deno.test(`phase, attest, check, ledger and use from ${depth} level(s) down change the project's plan`, async () => {
    await inProject(async (dir) => {
      const id = await attestedPlan(dir, SAMPLE_PLAN);
      const other = await initPlan(dir, ["Other"]);
      const sub = await subfolder(dir, depth);
      assertEquals((await runPwf(sub, ["use", id])).code, 0);
      assertEquals((await runPwf(sub, ["use"])).stdout.trim(), id);
      assertEquals((await runPwf(dir, ["resolve"])).stdout.trim(), shownPath(`.planning/${id}`));
      const phase = await runPwf(sub, ["phase", "2", "complete"]);
      assertEquals(phase.code, 0, phase.stderr);
      assertMatch(await readText(dir, `.planning/${id}/task_plan.md`), /Build\n[^#]*complete/);
      const verify = await runPwf(sub, ["attest", "--verify"]);
      assertEquals(verify.code, 0, verify.stderr);
      const check = await runPwf(sub, ["check"]);
      assertEquals(check.code, 3, "phases 3 to 5 remain");
      const led = await runPwf(sub, ["ledger", "append", "progress", "from below", "--phase", "3"]);
      assertEquals(led.code, 0, led.stderr);
      assertStringIncludes(await readText(dir, `.planning/${id}/ledger-main.jsonl`), "from below");
      assertStringIncludes((await runPwf(sub, ["ledger", "summary"])).stdout, "entries: 1");
      assertEquals((await runPwf(sub, ["use", other])).code, 0);
      assertEquals((await runPwf(dir, ["resolve"])).stdout.trim(), shownPath(`.planning/${other}`));
      for (let i = 1; i <= depth; i++) {
        const d = `${dir}/${["a", "b", "c"].slice(0, i).join("/")}`;
        assertEquals(await exists(`${d}/.planning`), false, `no .planning made in ${d}`);
      }
    });
  });
}

Deno.test("init below an existing .planning refuses and names --nested; --nested starts a separate one", async () => {
  await inProject(async (dir) => {
    await initPlan(dir);
    const sub = await subfolder(dir, 2);
    const r = await runPwf(sub, ["init", "Second"]);
    assertEquals(r.code, 2);
    assertStringIncludes(
      r.stderr,
      `"${shownPath(`${dir}/.planning`)}" already holds this project's plans`,
    );
    assertStringIncludes(r.stderr, "pwf init --nested");
    assertEquals(r.stdout, "");
    assertEquals(await exists(`${sub}/.planning`), false);
    const nested = await runPwf(sub, ["init", "Second", "--nested", "--json"]);
    assertEquals(nested.code, 0, nested.stderr);
    const id = JSON.parse(nested.stdout).id;
    assert(await exists(`${sub}/.planning/${id}/task_plan.md`));
    assertEquals((await runPwf(sub, ["resolve"])).stdout.trim(), shownPath(`.planning/${id}`));
    assertEquals((await runPwf(dir, ["use", "--list", "--json"])).code, 0);
    assertNotIncludes(
      JSON.stringify(JSON.parse((await runPwf(dir, ["use", "--list", "--json"])).stdout)),
      id,
    );
  });
});

/** A Claude Code hook run in `cwd` with the project root `root` in CLAUDE_PROJECT_DIR. */
function claudeHook(cwd: string, event: string, root: string, payload = "{}") {
  return runPwf(cwd, ["hook", "claude", event], {
    stdin: payload,
    env: { CLAUDE_PROJECT_DIR: root },
  });
}

Deno.test("hooks fired from a subfolder of the host's project root frame, nudge and gate as from the root", async () => {
  await inProject(async (dir) => {
    await attestedPlan(dir, SAMPLE_PLAN);
    const sub = await subfolder(dir, 3);
    const prompt = await claudeHook(sub, "UserPromptSubmit", dir, '{"session_id":"s1"}');
    assertEquals([prompt.code, prompt.stderr], [0, ""]);
    assertStringIncludes(prompt.stdout, "Ship the sample feature with tests.");
    assertStringIncludes(prompt.stdout, "Phase 2");
    const tool = await claudeHook(sub, "PostToolUse", dir, '{"session_id":"s1"}');
    assertEquals([tool.code, tool.stderr], [0, ""]);
    assertStringIncludes(tool.stdout, "additionalContext");
    const stop = await claudeHook(sub, "Stop", dir, '{"session_id":"s1","stop_hook_active":false}');
    assertEquals(stop.code, 0);
    // Claude Code's blocked Stop: the reason as Stop's additionalContext.
    assertEquals(JSON.parse(stop.stdout).hookSpecificOutput.hookEventName, "Stop");
  });
});

Deno.test("a .planning above the host's project root is ignored by hooks and commands", async () => {
  const t = await tempProject();
  try {
    await attestedPlan(t.dir, SAMPLE_PLAN);
    const root = await subfolder(t.dir, 1);
    const sub = `${root}/src`;
    await Deno.mkdir(sub);
    for (const cwd of [root, sub]) {
      const prompt = await claudeHook(cwd, "UserPromptSubmit", root);
      assertEquals([prompt.code, prompt.stdout, prompt.stderr], [0, "", ""]);
      const stop = await claudeHook(cwd, "Stop", root, '{"stop_hook_active":false}');
      assertEquals([stop.code, stop.stdout], [0, ""]);
      const status = await runPwf(cwd, ["status"], { env: { CLAUDE_PROJECT_DIR: root } });
      assertEquals(status.code, 5, status.stdout);
    }
    // A person's shell names no root: there the nearest .planning up the tree is the plan.
    assertEquals((await runPwf(sub, ["status"])).code, 0);
  } finally {
    await t.cleanup();
  }
});

Deno.test("a hook that ran outside the host's project root says so in one line on the prompt, never blocks", async () => {
  const out = await tempProject("pwf-elsewhere-");
  try {
    await inProject(async (dir) => {
      await attestedPlan(dir, SAMPLE_PLAN);
      const deep = await subfolder(dir, 5);
      for (const cwd of [out.dir, deep]) {
        const prompt = await claudeHook(cwd, "UserPromptSubmit", dir);
        assertEquals([prompt.code, prompt.stderr], [0, ""]);
        const context: string = JSON.parse(prompt.stdout).hookSpecificOutput.additionalContext;
        assertEquals(context.trimEnd().split("\n").length, 1, context);
        assertStringIncludes(context, `cd "${dir}"`);
        const stop = await claudeHook(cwd, "Stop", dir, '{"stop_hook_active":false}');
        assertEquals([stop.code, stop.stdout], [0, ""]);
        const tool = await claudeHook(cwd, "PostToolUse", dir);
        assertEquals([tool.code, tool.stdout], [0, ""]);
      }
      assertEquals(await exists(`${out.dir}/.planning`), false);
    });
  } finally {
    await out.cleanup();
  }
});

Deno.test("more than four levels below the host's root, a nested .planning within reach is used", async () => {
  await inProject(async (dir) => {
    await initPlan(dir);
    const nested = await subfolder(dir, 2);
    const id = await initPlan(nested, ["Nested", "--nested"]);
    const deep = await subfolder(dir, 5);
    const r = await runPwf(deep, ["resolve"], { env: { CLAUDE_PROJECT_DIR: dir } });
    assertEquals(r.stdout.trim().replaceAll("\\", "/"), `../../../.planning/${id}`);
    const prompt = await claudeHook(deep, "UserPromptSubmit", dir);
    assertStringIncludes(prompt.stdout, "Nested");
    assertNotIncludes(prompt.stdout, "no plan visible");
  });
});

Deno.test("five levels down, beyond the search, a command finds no plan and creates nothing", async () => {
  await inProject(async (dir) => {
    await initPlan(dir);
    const deep = await subfolder(dir, 5);
    const r = await runPwf(deep, ["status"]);
    assertEquals(r.code, 5);
    assertEquals(await exists(`${deep}/.planning`), false);
  });
});

Deno.test("legacy root files are read only in the start directory, never above it", async () => {
  await inProject(async (dir) => {
    await Deno.mkdir(`${dir}/.planning`);
    await writeText(dir, "task_plan.md", SAMPLE_PLAN);
    assertEquals((await runPwf(dir, ["status"])).code, 0, "the root's own legacy plan");
    const sub = await subfolder(dir, 1);
    const r = await runPwf(sub, ["status"]);
    assertEquals(r.code, 5, r.stderr);
    assertStringIncludes(r.stderr, "no plan");
  });
});

/**
 * A probe under the sandbox's exact flags, started three levels down: every
 * file or directory outside a `.planning` on the way up (and one out of it by
 * `..`) can be neither read nor written; each ancestor's `.planning` can.
 */
Deno.test("the sandbox grants each ancestor's .planning up to four levels and nothing else", async () => {
  await inProject(async (dir) => {
    const sub = await subfolder(dir, 3);
    const probe = await Deno.makeTempFile({ prefix: "pwf-probe-", suffix: ".js" });
    try {
      await Deno.writeTextFile(probe, PROBE);
      const dirs = [sub, `${dir}/a/b`, `${dir}/a`, dir];
      for (const d of dirs) {
        await Deno.mkdir(`${d}/.planning`, { recursive: true });
        await Deno.writeTextFile(`${d}/secret.txt`, "x");
        await Deno.writeTextFile(`${d}/task_plan.md`, "x");
      }
      const cmd = new Deno.Command(Deno.execPath(), {
        args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, probe, JSON.stringify(dirs)],
        cwd: sub,
        stdout: "piped",
        stderr: "piped",
      });
      const o = await cmd.output();
      const got = JSON.parse(new TextDecoder().decode(o.stdout));
      const legacyHere = `read ${sub}/task_plan.md`;
      assertEquals(
        got.allowed.sort(),
        [
          ...dirs.flatMap((d) => [`read ${d}/.planning/f`, `write ${d}/.planning/f`]),
          legacyHere,
        ].sort(),
      );
      assertEquals(got.denied.length, dirs.length * 5 - 1 + 2, JSON.stringify(got.denied));
    } finally {
      await Deno.remove(probe);
    }
  });
});

/** Tries each access; prints which were allowed and which the sandbox denied (NotCapable). */
const PROBE = `
const dirs = JSON.parse(Deno.args[0]);
const allowed = [], denied = [];
function tryIt(label, f) {
  try { f(); allowed.push(label); } catch (e) {
    if (e instanceof Deno.errors.NotCapable) denied.push(label); else allowed.push(label + " " + e.name);
  }
}
for (const d of dirs) {
  tryIt("write " + d + "/.planning/f", () => Deno.writeTextFileSync(d + "/.planning/f", "x"));
  tryIt("read " + d + "/.planning/f", () => Deno.readTextFileSync(d + "/.planning/f"));
  tryIt("read " + d + "/secret.txt", () => Deno.readTextFileSync(d + "/secret.txt"));
  tryIt("write " + d + "/secret.txt", () => Deno.writeTextFileSync(d + "/secret.txt", "y"));
  tryIt("write " + d + "/new.txt", () => Deno.writeTextFileSync(d + "/new.txt", "y"));
  tryIt("read " + d + "/task_plan.md", () => Deno.readTextFileSync(d + "/task_plan.md"));
  tryIt("write " + d + "/task_plan.md", () => Deno.writeTextFileSync(d + "/task_plan.md", "y"));
}
const top = dirs[dirs.length - 1];
tryIt("read " + top + "/.planning/../secret.txt", () => Deno.readTextFileSync(top + "/.planning/../secret.txt"));
tryIt("list " + top, () => [...Deno.readDirSync(top)]);
console.log(JSON.stringify({ allowed, denied }));
`;

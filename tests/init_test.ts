import {
  assertEquals,
  assertMatch,
  assertNotIncludes,
  assertRejects,
  assertStringIncludes,
} from "./assert.ts";
import { initPlan, inProject, readText, runPwf, shownPath, today } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

Deno.test("init creates .planning/<today>-<slug>/ with three files and points .active_plan at it", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["init", "Backend Refactor"]);
    assertEquals(r.code, 0, r.stderr);
    const id = `${today()}-backend-refactor`;
    assertStringIncludes(r.stdout, id);
    assertStringIncludes(r.stdout, shownPath(`.planning/${id}/task_plan.md`));
    assertStringIncludes(r.stdout, `Active plan: ${id} (${shownPath(".planning/.active_plan")})`);
    for (const f of ["task_plan.md", "findings.md", "progress.md"]) {
      assertEquals((await Deno.stat(`${dir}/.planning/${id}/${f}`)).isFile, true, f);
    }
    assertEquals(await readText(dir, ".planning/.active_plan"), `${id}\n`);
    assertEquals(await readText(dir, ".planning/.gitignore"), ".cache/\n");
    assertMatch(
      await readText(dir, `.planning/${id}/task_plan.md`),
      /^# Task Plan: Backend Refactor\n/,
    );
  });
});

Deno.test(skipOnWindows("files have no POSIX permission bits (Deno reports no mode)", {
  name: "init makes the plan directory 0700 and its three files 0600",
  fn: async () => {
    await inProject(async (dir) => {
      const id = await initPlan(dir, ["Private"]);
      for (const f of ["task_plan.md", "findings.md", "progress.md"]) {
        assertEquals((await Deno.stat(`${dir}/.planning/${id}/${f}`)).mode! & 0o777, 0o600, f);
      }
      assertEquals((await Deno.stat(`${dir}/.planning/${id}`)).mode! & 0o777, 0o700);
    });
  },
}));

Deno.test("init twice the same day creates a -2 plan and never overwrites the first", async () => {
  await inProject(async (dir) => {
    const first = await initPlan(dir, ["Backend Refactor"]);
    await Deno.writeTextFile(`${dir}/.planning/${first}/task_plan.md`, "# mine\n");
    const second = await initPlan(dir, ["Backend Refactor"]);
    assertEquals(second, `${first}-2`);
    assertEquals(await readText(dir, `.planning/${first}/task_plan.md`), "# mine\n");
    assertEquals(await readText(dir, ".planning/.active_plan"), `${second}\n`);
  });
});

Deno.test("init --gated writes .mode, zeroes the gate counters, leaves attesting to the user and says so", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["init", "Gated Run", "--gated"]);
    assertEquals(r.code, 0, r.stderr);
    const id = `${today()}-gated-run`;
    const p = `.planning/${id}`;
    assertEquals(await readText(dir, `${p}/.mode`), "autonomous gate\n");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
    assertStringIncludes(r.stdout, 'then run "pwf attest" to approve it');
    assertNotIncludes(r.stdout, "PLAN_ID");
    await assertRejects(() => Deno.stat(`${dir}/${p}/.attestation`));
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    const bytes = await Deno.readFile(`${dir}/${p}/task_plan.md`);
    const hash = Array.from(
      new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
      (b) => b.toString(16).padStart(2, "0"),
    ).join("");
    assertEquals(await readText(dir, `${p}/.attestation`), `${hash}\n`);
  });
});

Deno.test("init --autonomous writes .mode autonomous", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Solo", "--autonomous"]);
    assertEquals(await readText(dir, `.planning/${id}/.mode`), "autonomous\n");
  });
});

Deno.test("init without a name makes an untitled-<6hex> plan", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, []);
    assertMatch(id, new RegExp(`^${today()}-untitled-[0-9a-f]{6}$`));
  });
});

Deno.test("init --template analytics uses the analytics plan", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Churn", "--template", "analytics"]);
    assertStringIncludes(
      await readText(dir, `.planning/${id}/task_plan.md`),
      "### Phase 1: Data Discovery",
    );
  });
});

Deno.test("parallel init of the same name gives distinct plans", async () => {
  await inProject(async (dir) => {
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => runPwf(dir, ["init", "Same", "--json"])),
    );
    for (const r of runs) assertEquals(r.code, 0, r.stderr);
    const ids = new Set(runs.map((r) => JSON.parse(r.stdout).id));
    assertEquals(ids.size, 6);
  });
});

Deno.test("init with a bad template is a usage error and writes nothing", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["init", "X", "--template", "nope"]);
    assertEquals(r.code, 2);
    assertEquals(r.stderr.trim().split("\n").length, 1);
    assertStringIncludes(r.stderr, "--template");
    await Deno.stat(`${dir}/.planning`).then(() => {
      throw new Error(".planning must not exist");
    }, () => {});
  });
});

Deno.test("a fresh gated plan says it is not attested and names pwf attest in status and in the hook notice", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Notice", "--gated"]);
    const status = await runPwf(dir, ["status"]);
    assertStringIncludes(
      status.stdout,
      'not attested: hooks show nothing until you review it and run "pwf attest"',
    );
    const hook = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: JSON.stringify({ session_id: "s1", prompt: "go" }),
    });
    assertStringIncludes(hook.stdout, "is not attested");
    assertStringIncludes(hook.stdout, 'run \\"pwf attest\\"');
  });
});

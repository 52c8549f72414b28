/**
 * Ids stay unique across live and archived plans, and a session whose plan
 * is archived is told once and never moved (issue 24).
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, writeText } from "./helpers.ts";

Deno.test("init, archive --force three rounds of the same name: distinct ids, no clash, one row per id", async () => {
  await inProject(async (dir) => {
    const ids: string[] = [];
    for (let round = 0; round < 3; round++) {
      const id = await initPlan(dir, ["Same"]);
      ids.push(id);
      const r = await runPwf(dir, ["archive", "--force"]);
      assertEquals(r.code, 0, r.stderr);
      assertStringIncludes(r.stdout, `Archived ${id}`);
    }
    assertEquals(new Set(ids).size, 3, ids.join());
    const list = JSON.parse((await runPwf(dir, ["use", "--list", "--all", "--json"])).stdout);
    const listed = list.plans.map((p: { id: string }) => p.id);
    assertEquals([...listed].sort(), [...ids].sort());
  });
});

Deno.test("archive never fails on a name the archive already holds: it archives under the next free name and says so", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Clash"]);
    await writeText(dir, `.planning/.archive/${id}/task_plan.md`, "# old\n");
    const r = await runPwf(dir, ["archive", id, "--force"]);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, `archived as ${id}-2`);
    assertStringIncludes(r.stdout, `pwf unarchive ${id}-2`);
    assertEquals(
      await Deno.readTextFile(`${dir}/.planning/.archive/${id}/task_plan.md`),
      "# old\n",
    );
  });
});

Deno.test("use --list --all shows an archive that shares a live plan's id by its path, never one id twice", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Twice"]);
    await writeText(dir, `.planning/.archive/${id}/task_plan.md`, "# old\n## Goal\nG\n");
    const list = JSON.parse((await runPwf(dir, ["use", "--list", "--all", "--json"])).stdout);
    const listed: string[] = list.plans.map((p: { id: string }) => p.id);
    assertEquals(listed.length, new Set(listed).size, listed.join());
    assert(listed.includes(`.archive/${id}`), listed.join());
  });
});

const PROMPT = (sid: string) =>
  JSON.stringify({ session_id: sid, hook_event_name: "UserPromptSubmit", prompt: "go" });

Deno.test("a session whose plan is archived is told once, is not moved to another plan, and gets it back on unarchive", async () => {
  await inProject(async (dir) => {
    const mine = await initPlan(dir, ["Mine"]);
    const first = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: PROMPT("s1"),
    });
    assertStringIncludes(first.stdout, "Mine");
    const other = await initPlan(dir, ["Other", "--gated"]);
    assertEquals((await runPwf(dir, ["archive", mine, "--force"])).code, 0);
    const told = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: PROMPT("s1") });
    assertStringIncludes(told.stdout, `plan \\"${mine}\\" was archived`);
    assertStringIncludes(told.stdout, `pwf unarchive ${mine}`);
    assertNotIncludes(told.stdout, other);
    const later = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: PROMPT("s1"),
    });
    assertEquals(later.stdout, "", "told once");
    const stop = await runPwf(dir, ["hook", "claude", "Stop"], {
      stdin: JSON.stringify({ session_id: "s1", stop_hook_active: false }),
    });
    assertNotIncludes(stop.stdout, "block", "not moved to the other, gated plan");
    assertEquals((await runPwf(dir, ["unarchive", mine])).code, 0);
    const back = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: PROMPT("s1") });
    assertStringIncludes(back.stdout, "Mine");
  });
});

/**
 * Issue 26 item 6: a burst of new sessions must not evict the binding of a
 * session that keeps firing. Bindings were pruned least recently modified
 * first, but a fire re-stamped its binding only once a day, so a session
 * bound an hour ago was the "least recently used" after 64 new sessions and
 * silently switched to the plan `.active_plan` names. Every fire now marks
 * its binding used (docs/storage.md "Sessions").
 */

import { MAX_BINDINGS } from "../lib/core/session/binding.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

async function plan(dir: string, id: string): Promise<void> {
  await writeText(
    dir,
    `.planning/${id}/task_plan.md`,
    SAMPLE_PLAN.replace("Ship the sample feature with tests.", `Goal of plan ${id}.`),
  );
}

/** One Claude Code UserPromptSubmit fire (in process); its context. */
async function prompt(dir: string, session: string): Promise<string> {
  const r = await runInProcess(dir, ["hook", "claude", "UserPromptSubmit"], {
    stdin: JSON.stringify({
      session_id: session,
      hook_event_name: "UserPromptSubmit",
      prompt: "go",
    }),
  });
  assertEquals(r.code, 0, r.stderr);
  return r.stdout === "" ? "" : String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
}

Deno.test("a session that keeps firing keeps its plan through a burst of 3 x MAX_BINDINGS new sessions", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    assertStringIncludes(await prompt(dir, "sess-live"), "Goal of plan p1.");
    await writeText(dir, ".planning/.active_plan", "p2\n");
    for (let i = 0; i < 3 * MAX_BINDINGS; i++) {
      assertStringIncludes(await prompt(dir, `sess-new-${i}`), "Goal of plan p2.");
      if (i % 10 === 9) {
        const live = await prompt(dir, "sess-live");
        assertStringIncludes(live, "Goal of plan p1.", `after ${i + 1} new sessions`);
        assert(!live.includes("Goal of plan p2."), `after ${i + 1} new sessions: p2 injected`);
      }
    }
    const files = await Array.fromAsync(Deno.readDir(`${dir}/.planning/.cache/bindings`));
    assert(files.length <= MAX_BINDINGS, `${files.length} binding files`);
  });
});

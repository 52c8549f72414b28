/**
 * Issue 26 item 7: a prompt payload over the 1 MiB stdin cap used to be read
 * as `{}` (the cut JSON did not parse), so that prompt lost its session id
 * and injected the plan `.active_plan` names instead of the session's own.
 * The cut payload now keeps every top-level field that ends before the cut.
 */

import { STDIN_CAP } from "../lib/hosts/payload.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";

async function plan(dir: string, id: string): Promise<void> {
  await writeText(
    dir,
    `.planning/${id}/task_plan.md`,
    SAMPLE_PLAN.replace("Ship the sample feature with tests.", `Goal of plan ${id}.`),
  );
}

async function prompt(dir: string, session: string, text: string): Promise<string> {
  const payload = JSON.stringify({
    session_id: session,
    cwd: dir,
    hook_event_name: "UserPromptSubmit",
    prompt: text,
  });
  const r = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: payload });
  assertEquals(r.code, 0, r.stderr);
  return r.stdout === "" ? "" : String(JSON.parse(r.stdout).hookSpecificOutput.additionalContext);
}

Deno.test("a prompt payload over 1 MiB keeps its session id and injects the session's own plan", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p2\n");
    assertStringIncludes(await prompt(dir, "sess-big", "hello"), "Goal of plan p2.");
    // .active_plan moves on; the session stays bound to p2.
    await writeText(dir, ".planning/.active_plan", "p1\n");
    for (const size of [STDIN_CAP - 100, STDIN_CAP + 1, 3 * STDIN_CAP]) {
      // Multi-byte characters, so the cut may fall inside one.
      const context = await prompt(dir, "sess-big", "é€x".repeat(Math.ceil(size / 6)));
      assertStringIncludes(context, "Goal of plan p2.", `a ${size}-byte prompt`);
      assert(!context.includes("Goal of plan p1."), `a ${size}-byte prompt carries p1`);
    }
  });
});

/**
 * The catch-up reads and parses task_plan.md at most once, and not at all
 * when the caller (session-start, which read and parsed it for the frame)
 * passes its read: the summary is the same, and comes from the caller's
 * bytes even when the file changed since (tests/catchup_read_test.ts).
 */
import { assert, assertEquals } from "./assert.ts";
import { inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { catchupSummary } from "../lib/core/catchup/summary.ts";
import { parsePlan } from "../lib/core/plan/parse.ts";
import { gatherCatchupInput } from "../lib/catchup/input.ts";
import { planRef } from "../lib/session/plan_ref.ts";

Deno.test("the catch-up reuses the caller's read of the plan and never reads it again", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/progress.md", "# Progress\n- started\n");
    const plan = planRef(dir, "p");
    const now = new Date(0);
    const fresh = gatherCatchupInput(plan, { why: "test" }, now);
    assertEquals(fresh.parsed, parsePlan(SAMPLE_PLAN));

    const mtimeMs = (await Deno.stat(`${dir}/.planning/p/task_plan.md`)).mtime!.getTime();
    const read = { text: SAMPLE_PLAN, truncated: false, mtimeMs };
    const known = { ...read, parsed: parsePlan(SAMPLE_PLAN) };
    const reused = gatherCatchupInput(plan, { why: "test" }, now, known);
    assert(reused.parsed === known.parsed, "the caller's parse was not reused");
    assertEquals(catchupSummary(reused), catchupSummary(fresh));

    // The file changes after the caller's read: the catch-up still shows the caller's bytes.
    await writeText(dir, ".planning/p/task_plan.md", "# Other\n");
    const kept = gatherCatchupInput(plan, { why: "test" }, now, known);
    assert(kept.parsed === known.parsed, "the plan was read again");
    assertEquals(catchupSummary(kept), catchupSummary(fresh));
  });
});

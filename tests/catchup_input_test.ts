/**
 * The catch-up parses task_plan.md at most once, and not at all when the
 * caller (session-start, which parsed it for the view) passes the parse of
 * exactly the text read; the summary is the same either way.
 */
import { assert, assertEquals } from "./assert.ts";
import { inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { catchupSummary } from "../lib/core/catchup/summary.ts";
import { parsePlan } from "../lib/core/plan/parse.ts";
import { gatherCatchupInput } from "../lib/catchup/input.ts";
import { planRef } from "../lib/session/plan_ref.ts";

Deno.test("the catch-up reuses the caller's parse of the same plan text and reparses a changed one", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/progress.md", "# Progress\n- started\n");
    const plan = planRef(dir, "p");
    const now = new Date(0);
    const fresh = gatherCatchupInput(plan, "test", now);
    assertEquals(fresh.parsed, parsePlan(SAMPLE_PLAN));

    const known = { text: SAMPLE_PLAN, parsed: parsePlan(SAMPLE_PLAN) };
    const reused = gatherCatchupInput(plan, "test", now, known);
    assert(reused.parsed === known.parsed, "the caller's parse was not reused");
    assertEquals(catchupSummary(reused), catchupSummary(fresh));

    const stale = { text: `${SAMPLE_PLAN}\n`, parsed: parsePlan("# Other\n") };
    const reparsed = gatherCatchupInput(plan, "test", now, stale);
    assert(reparsed.parsed !== stale.parsed, "a parse of other text was used");
    assertEquals(catchupSummary(reparsed), catchupSummary(fresh));
  });
});

/**
 * Copilot CLI 1.0.102 fired userPromptSubmitted before sessionStart in 3 of 5
 * measured runs (docs/hosts.md): pwf's per-turn state must not depend on
 * that order.
 * @module
 */

import { assertEquals, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf } from "./helpers.ts";

const NUDGE = "You changed files: record what you did in";

for (
  const order of [
    ["sessionStart", "userPromptSubmitted"],
    ["userPromptSubmitted", "sessionStart"],
  ]
) {
  Deno.test(`copilot: ${order.join(" before ")}: the post-tool nudge comes once per turn`, async () => {
    await inProject(async (dir) => {
      await initPlan(dir, ["Order"]);
      const payload = JSON.stringify({ sessionId: "s-1", cwd: dir, prompt: "go" });
      const fire = (event: string) => runPwf(dir, ["hook", "copilot", event], { stdin: payload });
      const tool = JSON.stringify({ sessionId: "s-1", toolName: "create", toolArgs: "{}" });
      const post = () => runPwf(dir, ["hook", "copilot", "postToolUse"], { stdin: tool });
      await post(); // an edit of an earlier turn leaves the once-per-turn marker set
      for (const e of order) assertEquals((await fire(e)).code, 0);
      assertStringIncludes((await post()).stdout, NUDGE);
      assertEquals(JSON.parse((await post()).stdout), {}, "second edit of the turn: silent");
      await fire("userPromptSubmitted");
      assertStringIncludes((await post()).stdout, NUDGE, "a new turn nudges again");
    });
  });
}

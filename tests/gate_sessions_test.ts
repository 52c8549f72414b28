/**
 * The gate counts consecutive blocks per session (issue 26 item 10): another
 * session's allowed stop never resets this session's count, so the cap holds
 * for each session; and a tampered plan never releases a gated Stop.
 * @module
 */

import { assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";

async function gated(dir: string): Promise<void> {
  await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
  await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
  await writeText(dir, ".planning/p/.attestation", `${await sha256Hex(SAMPLE_PLAN)}\n`);
}

/** Claude Code's blocked Stop: the reason as Stop's additionalContext. */
const BLOCKED = '"hookEventName":"Stop","additionalContext"';

function stop(dir: string, session: string, active = false) {
  return runPwf(dir, ["hook", "claude", "Stop"], {
    stdin: JSON.stringify({ session_id: session, stop_hook_active: active }),
    env: { PWF_GATE_CAP: "3" },
  });
}

Deno.test("another session's allowed stops never reset this session's block count: the cap holds per session", async () => {
  await inProject(async (dir) => {
    await gated(dir);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await stop(dir, "sess-A");
      outcomes.push(a.stdout.includes(BLOCKED) ? "block" : "allow");
      // Session B stops in between, allowed (already continuing), which resets only B's count.
      assertNotIncludes((await stop(dir, "sess-B", true)).stdout, BLOCKED);
      await runPwf(dir, ["ledger", "append", "note", `work ${i}`]);
    }
    assertEquals(outcomes.slice(0, 4), ["block", "block", "block", "allow"]);
  });
});

Deno.test("each session starts its own count: a new session is blocked while another sits at the cap", async () => {
  await inProject(async (dir) => {
    await gated(dir);
    for (let i = 0; i < 3; i++) {
      assertStringIncludes((await stop(dir, "sess-A")).stdout, "gate block");
      await runPwf(dir, ["ledger", "append", "note", `work ${i}`]);
    }
    assertStringIncludes((await stop(dir, "sess-B")).stdout, "gate block 1/3");
  });
});

Deno.test("a hand edit that marks every phase complete in an attested gated plan does not release the Stop", async () => {
  await inProject(async (dir) => {
    await gated(dir);
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      SAMPLE_PLAN.replace(/in_progress|pending/g, "complete"),
    );
    const r = await stop(dir, "sess-C");
    assertStringIncludes(r.stdout, BLOCKED);
    assertStringIncludes(r.stdout, "changed since it was attested");
    assertStringIncludes(r.stdout, "pwf attest");
  });
});

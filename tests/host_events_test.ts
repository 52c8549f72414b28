/**
 * Issue 30 item 2: the events hosts gained never harm. A forked session is
 * framed like a resumed one; Codex's compaction is restored by the next
 * prompt, once; no compaction event blocks, on any host; a Stop with no plan
 * says nothing, on any host.
 */

import { findEvent, HOSTS } from "../lib/hosts/mod.ts";
import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const SESSION = "0b7f3c1e-5a8d-4e21-9c3f-2d6b8a9e4f10";

/** One clock for every fire, so two frames of one tier compare equal. */
const NOW = new Date(Date.now() + 60_000);

function fire(dir: string, host: string, event: string, payload: Record<string, unknown> = {}) {
  return runInProcess(dir, ["hook", host, event], {
    stdin: JSON.stringify({ session_id: SESSION, ...payload }),
    now: NOW,
  });
}

/** The context a Claude-shaped answer carries ("" for none). */
function contextOf(stdout: string): string {
  return stdout ? JSON.parse(stdout).hookSpecificOutput.additionalContext : "";
}

Deno.test("claude: a SessionStart with source fork gets the same frame as one with source resume", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await fire(dir, "claude", "SessionStart", { source: "startup" }); // binds the session
    const resume = await fire(dir, "claude", "SessionStart", { source: "resume" });
    const fork = await fire(dir, "claude", "SessionStart", { source: "fork" });
    assertEquals([fork.code, fork.stderr], [0, ""]);
    assertStringIncludes(contextOf(fork.stdout), "Ship the sample feature with tests.");
    assertEquals(contextOf(fork.stdout), contextOf(resume.stdout));
  });
});

Deno.test("codex: after PostCompact the next prompt carries the session-start frame once, later prompts the prompt frame", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    // The first fire binds the session; both frames below then name it the same way.
    const plain = contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout);
    const start = contextOf(
      (await fire(dir, "codex", "SessionStart", { source: "startup" })).stdout,
    );
    assert(start !== plain, "the session-start frame differs from the prompt frame");
    const post = await fire(dir, "codex", "PostCompact", { trigger: "auto" });
    assertEquals([post.code, post.stdout, post.stderr], [0, "", ""]);
    const first = contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout);
    assertEquals(first, start);
    const second = contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout);
    assertEquals(second, plain);
  });
});

Deno.test("codex: a SessionStart after PostCompact takes the marker, so the plan is not injected twice", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const plain = contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout);
    await fire(dir, "codex", "PostCompact", { trigger: "manual" });
    const start = await fire(dir, "codex", "SessionStart", { source: "compact" });
    assertStringIncludes(contextOf(start.stdout), "Ship the sample feature with tests.");
    assertEquals(contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout), plain);
  });
});

Deno.test("codex: PostCompact in another session leaves this session's prompt frame alone", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const plain = contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout);
    await fire(dir, "codex", "PostCompact", { session_id: "another-session" });
    assertEquals(contextOf((await fire(dir, "codex", "UserPromptSubmit")).stdout), plain);
  });
});

/** Every host's compaction event (any op), by name. */
const COMPACTION = HOSTS.flatMap((h) =>
  h.events.filter((e) => /compact|compress/i.test(e.name)).map((e) => ({ host: h, event: e }))
);

Deno.test("no compaction event of any host blocks, stops or cancels, even with a gated plan mid-phase", async () => {
  assert(COMPACTION.length >= 7, COMPACTION.map((c) => c.event.name).join(", "));
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Gate", "--gated"]);
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    for (const { host, event } of COMPACTION) {
      const r = await fire(dir, host.name, event.name, { trigger: "auto" });
      const what = `${host.name} ${event.name}`;
      assertEquals(r.code, 0, what);
      for (const word of ['"decision"', '"continue"', '"cancel"', '"block"', "stopReason"]) {
        assertNotIncludes(r.stdout, word, what);
      }
      // Nor does the host's answer to a blocked result ever carry a block for these events.
      const answer = host.respond(event, { context: "x", block: "reason" });
      assertNotIncludes(answer, '"block"', what);
      assertEquals(host.exitCode?.(event, { context: "", block: "reason" }) ?? 0, 0, what);
    }
  });
});

Deno.test("a Stop with no plan says nothing on any host: no notice, no stderr (no .planning, empty .planning)", async () => {
  for (const planning of [false, true]) {
    await inProject(async (dir) => {
      if (planning) await Deno.mkdir(`${dir}/.planning`);
      for (const host of HOSTS) {
        for (const event of host.events.filter((e) => e.op === "stop")) {
          const r = await fire(dir, host.name, event.name, { stop_hook_active: false });
          const quiet = host.respond(event, { context: "", block: null });
          const what = `${host.name} ${event.name} (.planning: ${planning})`;
          assertEquals([r.code, r.stdout, r.stderr], [0, quiet, ""], what);
          assert(quiet === "" || quiet === "{}\n", `${what}: ${quiet}`);
        }
      }
    });
  }
});

Deno.test("findEvent() knows Codex's PostCompact", () => {
  const codex = HOSTS.find((h) => h.name === "codex")!;
  assertEquals(findEvent(codex, "PostCompact")?.op, "postcompact");
});

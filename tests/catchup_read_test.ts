// deno-lint-ignore-file no-sync-fn-in-async-fn -- the test stands in for the sync file API pwf uses
/**
 * Issue 26 item 11: in a session-start fire the catch-up read task_plan.md a
 * second time, so an edited, unattested plan swapped in between the two
 * reads reached the model inside the catch-up frame, right after a plan
 * frame headed "attested". The catch-up now shows the bytes the frame was
 * read from: one read of task_plan.md per fire.
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { attestedPlan, inProject, SAMPLE_PLAN } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const EDITED = SAMPLE_PLAN.replace("### Phase 2: Build", "### Phase 2: UNATTESTED-EDIT")
  .replace(
    "### Phase 1: Discovery\n- **Status:** complete",
    "### Phase 1: Discovery\n- **Status:** pending",
  );

/**
 * Run `fn` with task_plan.md replaced (temp file + rename, as an editor
 * saves) as soon as the handle of its first open is closed (the rename
 * waits for the close: Windows refuses to rename over an open file), so
 * that read got the old bytes and every later open gets the new ones.
 * Returns how many times it was opened.
 */
async function swappedAfterFirstOpen(file: string, text: string, fn: () => Promise<void>) {
  const orig = Deno.openSync;
  let opens = 0;
  Deno.openSync = (path, options) => {
    const handle = orig(path, options);
    if (String(path).replaceAll("\\", "/").endsWith("/task_plan.md") && opens++ === 0) {
      const close = handle.close.bind(handle);
      handle.close = () => {
        close();
        Deno.writeTextFileSync(`${file}.swap`, text);
        Deno.renameSync(`${file}.swap`, file);
      };
    }
    return handle;
  };
  try {
    await fn();
  } finally {
    Deno.openSync = orig;
  }
  return opens;
}

Deno.test("a session-start fire's catch-up shows the plan bytes its frame shows, not an edit swapped in between", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN, []);
    const file = `${dir}/.planning/${id}/task_plan.md`;
    let context = "";
    const opens = await swappedAfterFirstOpen(file, EDITED, async () => {
      const r = await runInProcess(dir, ["hook", "claude", "SessionStart"], {
        stdin: JSON.stringify({
          session_id: "s1",
          hook_event_name: "SessionStart",
          source: "startup",
        }),
      });
      assertEquals(r.code, 0, r.stderr);
      context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
    });
    assertEquals(opens, 1, "task_plan.md opened more than once in one fire");
    assertStringIncludes(context, "SESSION CATCH-UP");
    assertStringIncludes(context, "1/5 complete");
    assert(!context.includes("UNATTESTED-EDIT"), "the swapped-in edit reached the model");
    assert(!context.includes("0/5 complete"), "the catch-up counted the swapped-in edit");
  });
});

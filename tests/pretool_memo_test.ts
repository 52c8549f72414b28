/**
 * The pretool memo (issue 32, lib/inject/pretool_memo.ts): a pretool fire of
 * an unchanged plan frames the view the last one showed, without reading the
 * plan; any change to the plan, its attestation, the smart switch or the
 * budget composes the view again. A planted memo is the test's way to see
 * which path answered.
 */
import { assert, assertEquals } from "./assert.ts";
import { attestedPlan, initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { parseFrames } from "../lib/core/inject/framing.ts";

const PRE = JSON.stringify({
  session_id: "s1",
  hook_event_name: "PreToolUse",
  tool_name: "Edit",
  tool_input: { file_path: "a.ts" },
});

async function pretool(dir: string, env: Record<string, string> = {}): Promise<string> {
  const r = await runPwf(dir, ["hook", "claude", "PreToolUse"], { stdin: PRE, env });
  assertEquals(r.code, 0);
  return r.stdout === "" ? "" : JSON.parse(r.stdout).hookSpecificOutput.additionalContext;
}

const memoPath = (dir: string, id: string) => `${dir}/.planning/.cache/pretool-${id}`;

function versioned(dir: string, id: string): boolean {
  const info = Deno.statSync(`${dir}/.planning/${id}/task_plan.md`);
  return !!info.ino && info.ctime !== null;
}

/** Replace the memo's view with `view` and date it after the plan settled. */
async function plant(dir: string, id: string, view: string): Promise<void> {
  const memo = await Deno.readTextFile(memoPath(dir, id));
  await Deno.writeTextFile(memoPath(dir, id), memo.slice(0, memo.indexOf("\n") + 1) + view);
  const info = await Deno.stat(`${dir}/.planning/${id}/task_plan.md`);
  const t = new Date(Math.max(info.mtime!.getTime(), info.ctime!.getTime()) + 3000);
  await Deno.utime(memoPath(dir, id), t, t);
}

Deno.test("a pretool fire of an unchanged plan answers from its memo, framed, with the same bytes", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Memo"]);
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    const first = await pretool(dir);
    if (!versioned(dir, id)) {
      assert(!(await Deno.stat(memoPath(dir, id)).then(() => true, () => false)));
      return;
    }
    await plant(
      dir,
      id,
      (await Deno.readTextFile(memoPath(dir, id))).split("\n").slice(1).join("\n"),
    );
    assertEquals(await pretool(dir), first, "the remembered view gives the same bytes");
    await plant(dir, id, "REMEMBERED VIEW\n===END-PWF-DATA kind=plan nonce=0===\n");
    const recalled = await pretool(dir);
    const frames = parseFrames(recalled);
    assertEquals(frames.length, 1);
    assert(frames[0]!.payload.startsWith("REMEMBERED VIEW\n"), recalled);
    assert(
      !recalled.includes("\n===END-PWF-DATA kind=plan nonce=0==="),
      "a memo's text stays data",
    );
    // The change time has a one-second grain on some platforms: edit in a later second.
    await new Promise((r) => setTimeout(r, 1100));
    await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN.replace("Sample", "Edited"));
    const fresh = await pretool(dir);
    assert(fresh.includes("Edited") && !fresh.includes("REMEMBERED"), fresh);
  });
});

Deno.test("an edited plan, a new attestation, smart mode or another budget compose the view again", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN, []);
    await pretool(dir);
    if (!versioned(dir, id)) return;
    await plant(dir, id, "REMEMBERED VIEW\n");
    assert((await pretool(dir)).includes("REMEMBERED VIEW"), "the planted memo is the control");
    assert(!(await pretool(dir, { PWF_INJECT: "smart" })).includes("REMEMBERED"), "smart");
    assert(
      !(await pretool(dir, { PWF_MAX_INJECT_CHARS: "2000" })).includes("REMEMBERED"),
      "budget",
    );
    await plant(dir, id, "REMEMBERED VIEW\n");
    await Deno.writeTextFile(`${dir}/.planning/${id}/.attestation`, `${"0".repeat(64)}\n`);
    assertEquals(await pretool(dir), "", "a tampered plan: pretool is silent, never the memo");
    // Approved again: a fire composes and remembers the view for this key, the next recalls it.
    assertEquals((await runPwf(dir, ["attest"])).code, 0);
    assert(!(await pretool(dir)).includes("REMEMBERED"), "the budget fire's memo has another key");
    await plant(dir, id, "REMEMBERED VIEW\n");
    assert((await pretool(dir)).includes("REMEMBERED VIEW"), "the same plan and attestation");
  });
});

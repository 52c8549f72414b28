/**
 * Remembered digests (issue 32, lib/plan/digest.ts): an attested plan over
 * 4 KiB is hashed once per version, and the memo is trusted only for the
 * exact version it names, written after that version settled. The memo
 * gives no more power than `.attestation` (docs/security.md), so a planted
 * memo is the test's way to see that it is used.
 */
import { assert, assertEquals } from "./assert.ts";
import { attestedPlan, inProject, runPwf, SAMPLE_PLAN } from "./helpers.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";

/** SAMPLE_PLAN padded past the JavaScript digest size with notes in a completed phase. */
const BIG_PLAN = SAMPLE_PLAN + "\n## Notes\n" + "- a note that keeps the plan large\n".repeat(2000);

const PROMPT = JSON.stringify({
  session_id: "s1",
  hook_event_name: "UserPromptSubmit",
  prompt: "go",
});
const WRONG = "0".repeat(64);

/** Whether this platform names file versions (inode and change time), so memos are kept. */
function stampsVersions(path: string): boolean {
  const info = Deno.statSync(path);
  return !!info.ino && info.ctime !== null;
}

const memoPath = (dir: string, id: string) => `${dir}/.planning/.cache/sha256-${id}-task_plan.md`;

async function prompt(dir: string): Promise<string> {
  const r = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: PROMPT });
  assertEquals(r.code, 0);
  return r.stdout;
}

/** Make a memo look written `afterMs` after the plan's last change. */
function age(dir: string, id: string, afterMs: number): void {
  const info = Deno.statSync(`${dir}/.planning/${id}/task_plan.md`);
  const changed = Math.max(info.mtime!.getTime(), info.ctime!.getTime());
  const t = new Date(changed + afterMs);
  Deno.utimeSync(memoPath(dir, id), t, t);
}

Deno.test("a large attested plan's digest is remembered for its version and reused once settled", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, BIG_PLAN, []);
    const plan = `${dir}/.planning/${id}/task_plan.md`;
    assert((await prompt(dir)).includes("attested sha256="), "an intact plan is shown as attested");
    if (!stampsVersions(plan)) {
      // Without inode and change time no version can be named: nothing is remembered.
      assert(!(await exists(memoPath(dir, id))), "no memo where versions cannot be told apart");
      return;
    }
    const memo = await Deno.readTextFile(memoPath(dir, id));
    assert(memo.endsWith(` ${await sha256Hex(new TextEncoder().encode(BIG_PLAN))}\n`), memo);
    // A planted wrong digest for this very version, settled: the fire believes it (it is the
    // memo that decides), which is why the memo is no more trusted than .attestation itself.
    await Deno.writeTextFile(memoPath(dir, id), memo.replace(/[0-9a-f]{64}\n$/, `${WRONG}\n`));
    age(dir, id, 3000);
    assert(
      (await prompt(dir)).includes(`actual=${WRONG}`),
      "a settled memo of this version is used",
    );
  });
});

Deno.test("a memo written less than three seconds after the plan changed is not trusted", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, BIG_PLAN, []);
    await prompt(dir);
    if (!stampsVersions(`${dir}/.planning/${id}/task_plan.md`)) return;
    const memo = await Deno.readTextFile(memoPath(dir, id));
    await Deno.writeTextFile(memoPath(dir, id), memo.replace(/[0-9a-f]{64}\n$/, `${WRONG}\n`));
    age(dir, id, 2999);
    const out = await prompt(dir);
    assert(
      out.includes("attested sha256=") && !out.includes(WRONG),
      "an unsettled memo is hashed again",
    );
  });
});

Deno.test("an edit that keeps the plan's size and modification time is still seen as tampering", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, BIG_PLAN, []);
    const plan = `${dir}/.planning/${id}/task_plan.md`;
    await prompt(dir);
    if (stampsVersions(plan)) age(dir, id, 3000);
    const before = await Deno.stat(plan);
    // The change time has a one-second grain on some platforms: edit in a later second.
    await new Promise((r) => setTimeout(r, 1100));
    await Deno.writeTextFile(plan, BIG_PLAN.replace("Sample", "Simple"));
    await Deno.utime(plan, before.atime!, before.mtime!);
    assertEquals((await Deno.stat(plan)).size, before.size);
    const out = await prompt(dir);
    assert(out.includes("PLAN TAMPERED"), out.slice(0, 300));
  });
});

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

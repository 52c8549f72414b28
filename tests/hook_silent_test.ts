/**
 * Issue 16 items 4 and 5: silent fires compute nothing, and receipts are
 * appended, not rewritten.
 */

import { COMPACT_BYTES, readReceipts, RING_SIZE } from "../lib/inject/receipts.ts";
import { assert, assertEquals } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const RING = ".planning/.cache/receipts-claude-PreToolUse.jsonl";

async function lastOutcome(dir: string, file: string): Promise<string> {
  const lines = (await Deno.readTextFile(`${dir}/${file}`)).trim().split("\n");
  return JSON.parse(lines.at(-1)!).outcome;
}

Deno.test("pretool in an autonomous mode returns after reading .mode: even a tampered plan is never read or hashed", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
    await writeText(dir, ".planning/p/.attestation", `${"0".repeat(64)}\n`); // does not match
    const r = await runPwf(dir, ["hook", "claude", "PreToolUse"], { stdin: "{}" });
    assertEquals([r.code, r.stdout, r.stderr], [0, "", ""]);
    // Evaluating the plan would have found it TAMPERED ("refused"): it was not evaluated.
    assertEquals(await lastOutcome(dir, RING), "silent");
    const prompt = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: "{}" });
    assert(prompt.stdout.includes("TAMPERED"), "the prompt tier still evaluates the plan");
  });
});

Deno.test("an event whose host drops the context (Codex PreCompact) computes nothing", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const codex = await runInProcess(dir, ["hook", "codex", "PreCompact"], { stdin: "{}" });
    assertEquals([codex.code, codex.stdout], [0, ""]);
    assertEquals(
      await lastOutcome(dir, ".planning/.cache/receipts-codex-PreCompact.jsonl"),
      "silent",
    );
    const claude = await runInProcess(dir, ["hook", "claude", "PreCompact"], { stdin: "{}" });
    assert(claude.stdout.includes("compaction"), "Claude's PreCompact still gets its reminder");
    assertEquals(
      await lastOutcome(dir, ".planning/.cache/receipts-claude-PreCompact.jsonl"),
      "injected",
    );
  });
});

Deno.test("receipts are appended in place until the file passes COMPACT_BYTES, then compacted to the last RING_SIZE; readers see at most RING_SIZE per event", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const path = `${dir}/${RING}`;
    await runInProcess(dir, ["hook", "claude", "PreToolUse"], { stdin: "{}" });
    const first = await Deno.stat(path);
    let appended = 1;
    for (;;) {
      const before = await Deno.readTextFile(path);
      await runInProcess(dir, ["hook", "claude", "PreToolUse"], { stdin: "{}" });
      const after = await Deno.readTextFile(path);
      const st = await Deno.stat(path);
      if (after.startsWith(before)) {
        // Appended: same file (inode where the OS has one), old bytes untouched.
        if (first.ino !== null) assertEquals(st.ino, first.ino, "rewritten instead of appended");
        appended++;
        assert(st.size <= COMPACT_BYTES + 512, `grew past the compaction size: ${st.size}`);
        continue;
      }
      // Compacted: exactly the last RING_SIZE receipts, the newest last; only once the new
      // receipt would have taken the file past COMPACT_BYTES (receipts differ in length by
      // platform: durations, paths).
      const lines = after.trim().split("\n");
      const newest = (lines.at(-1) ?? "").length + 1;
      assert(
        before.length + newest > COMPACT_BYTES,
        `compacted early at ${before.length} + ${newest} bytes`,
      );
      assertEquals(lines.length, RING_SIZE);
      assertEquals(lines.slice(0, -1), before.trim().split("\n").slice(-(RING_SIZE - 1)));
      break;
    }
    assert(appended > RING_SIZE, `only ${appended} fires appended before compaction`);
    await runInProcess(dir, ["hook", "claude", "PreToolUse"], { stdin: "{}" });
    assertEquals(readReceipts(dir).filter((r) => r.event === "PreToolUse").length, RING_SIZE);
  });
});

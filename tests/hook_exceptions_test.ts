/**
 * Issue 16 item 5: no exceptions on the normal path. A NotFound thrown by a
 * containment lstat and caught costs ~0.5 ms the first time in a process (the
 * error class, its stack, the code that builds them), and a typical fire used
 * to throw three or four of them for files that are usually absent (`.mode`,
 * `.attestation`, `.planning/sessions`, the turn marker). Every claude tier
 * runs here in process (the same run() main.ts calls) on the files on disk,
 * with every function of the Deno namespace wrapped to record each error it
 * throws or rejects with; a fire in the steady state of a typical project
 * (after one warm-up round has created the receipts and the binding) must
 * record none.
 */

import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { assertEquals } from "./assert.ts";
import { SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

/** One session's order of events: posttool twice (the second is silent), a stop at the end. */
const ROUND = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUse",
  "PreCompact",
  "UserPromptSubmit",
  "PreToolUse",
  "Stop",
];

const payload = (event: string) =>
  JSON.stringify({
    session_id: "s",
    hook_event_name: event,
    prompt: "go",
    tool_name: "Edit",
    tool_input: { file_path: "src/a.ts" },
  });

/**
 * Run `fn` with every function of the Deno namespace recording the errors it
 * throws or rejects with (`name(first argument): ErrorName`).
 */
async function recordingThrows(fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const ns = Deno as unknown as Record<string, unknown>;
  const saved = new Map<string, unknown>();
  const note = (k: string, a: unknown[], e: unknown) =>
    seen.push(`${k}(${String(a[0])}): ${e instanceof Error ? e.name : String(e)}`);
  for (const k of Object.keys(ns)) {
    const f = ns[k];
    if (typeof f !== "function" || /^[A-Z]/.test(k) || k === "exit") continue;
    const orig = f as (...a: unknown[]) => unknown;
    saved.set(k, f);
    ns[k] = function (this: unknown, ...a: unknown[]) {
      let r: unknown;
      try {
        r = orig.apply(this, a);
      } catch (e) {
        note(k, a, e);
        throw e;
      }
      if (r instanceof Promise) {
        return r.catch((e) => {
          note(k, a, e);
          throw e;
        });
      }
      return r;
    };
  }
  try {
    await fn();
  } finally {
    for (const [k, f] of saved) ns[k] = f;
  }
  return seen;
}

async function normalFiresThrowNothing(setup: (dir: string) => Promise<void>): Promise<void> {
  const p = await tempProject("pwf-throws-");
  try {
    await setup(p.dir);
    const fire = (event: string) =>
      runInProcess(p.dir, ["hook", "claude", event], { stdin: payload(event) });
    for (const event of ROUND) await fire(event); // first fires create receipts and the binding
    const thrown: string[] = [];
    for (const event of ROUND) {
      const seen = await recordingThrows(async () => {
        const r = await fire(event);
        assertEquals(r.code, 0, r.stderr);
      });
      thrown.push(...seen.map((s) => `${event}: ${s.replaceAll(p.dir, "<project>")}`));
    }
    assertEquals(thrown, [], "errors thrown on the normal path of a hook fire");
  } finally {
    await p.cleanup();
  }
}

Deno.test("normal hook fires of every claude tier throw no error (interactive plan, no attestation, no findings.md)", async () => {
  await normalFiresThrowNothing(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/progress.md", "# Progress\n- started\n");
    await writeText(dir, ".planning/.active_plan", "p\n");
  });
});

Deno.test("normal hook fires of every claude tier throw no error (gated, attested plan with all three files)", async () => {
  await normalFiresThrowNothing(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(dir, ".planning/p/progress.md", "# Progress\n- started\n");
    await writeText(dir, ".planning/p/findings.md", "# Findings\n");
    await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
    await writeText(dir, ".planning/p/.attestation", attestationText(await sha256Hex(SAMPLE_PLAN)));
  });
});

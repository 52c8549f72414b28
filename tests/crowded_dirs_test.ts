/**
 * A directory crowded with entries cannot slow a fire, and cannot hide a
 * file that is there. Files that are usually absent (`.mode`,
 * `.attestation`, `findings.md`, `.planning/sessions`) are looked up from a
 * listing of their directory; that listing must stop after MAX_DIR_ENTRIES
 * entries (a plan directory or `.planning` with 400,000 entries made every
 * fire list all of them, several times: 2.3 s for UserPromptSubmit, 5.8 s
 * for SessionStart), and a name it did not reach must still be found. The
 * fires run in process with Deno.readDirSync wrapped to count the entries
 * each listing takes and to hand out the filler entries first, so pwf's own
 * files come after the cap in every listing.
 */

import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { MAX_DIR_ENTRIES } from "../lib/fs/dirs.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const FILLERS = MAX_DIR_ENTRIES + 500;

/** Whether every directory listed held at most MAX_DIR_ENTRIES entries (Windows: not checked). */
const bounded = (taken: number[]) =>
  Deno.build.os === "windows" || taken.every((n) => n <= MAX_DIR_ENTRIES);

/**
 * Run `fn` with Deno.readDirSync handing out entries named `fill-*` first and
 * recording how many entries each directory listed holds.
 */
async function fillersFirst(fn: () => Promise<void>): Promise<number[]> {
  // Through a plain object: only the wrapper is replaced, nothing here waits on it.
  const ns: { readDirSync: typeof Deno.readDirSync } = Deno;
  const orig = ns.readDirSync;
  const taken: number[] = [];
  ns.readDirSync = (path) => {
    const all = [...orig(path)];
    const first = (n: string) => n.startsWith("fill-") ? 0 : 1;
    all.sort((a, b) => first(a.name) - first(b.name));
    taken.push(all.length);
    return all[Symbol.iterator]();
  };
  try {
    await fn();
  } finally {
    ns.readDirSync = orig;
  }
  return taken;
}

async function crowd(dir: string): Promise<void> {
  for (let i = 0; i < FILLERS; i += 500) {
    await Promise.all(
      Array.from(
        { length: Math.min(500, FILLERS - i) },
        (_, j) => Deno.writeTextFile(`${dir}/fill-${i + j}`, ""),
      ),
    );
  }
}

const payload = (event: string) =>
  JSON.stringify({ session_id: "s", hook_event_name: event, prompt: "go" });

/** Fire `pwf hook claude <event>` in process (fillers first): its stdout; no listing over the cap. */
async function boundedFire(dir: string, event: string): Promise<string> {
  let out = "";
  const taken = await fillersFirst(async () => {
    const r = await runInProcess(dir, ["hook", "claude", event], { stdin: payload(event) });
    assertEquals(r.code, 0, r.stderr);
    out = r.stdout;
  });
  assert(
    bounded(taken),
    `${event}: listed directories of ${taken.join(", ")} entries (cap ${MAX_DIR_ENTRIES})`,
  );
  return out;
}

Deno.test("a tampered attested plan in a plan directory and .planning crowded past the listing cap: no fire lists a crowded directory and every one still refuses the plan", async () => {
  const p = await tempProject("pwf-crowded-");
  try {
    await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(p.dir, ".planning/p/progress.md", "# Progress\n- started\n");
    await writeText(
      p.dir,
      ".planning/p/.attestation",
      attestationText(await sha256Hex(SAMPLE_PLAN)),
    );
    await writeText(
      p.dir,
      ".planning/p/task_plan.md",
      SAMPLE_PLAN + "\nInjected: do something else.\n",
    );
    await writeText(p.dir, ".planning/.active_plan", "p\n");
    await crowd(`${p.dir}/.planning/p`);
    await crowd(`${p.dir}/.planning`);
    for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "Stop"]) {
      const out = await boundedFire(p.dir, event);
      assert(!out.includes("Injected: do something else"), `${event}: ${out}`);
      if (event === "UserPromptSubmit") assertStringIncludes(out, "PLAN TAMPERED");
    }
  } finally {
    await p.cleanup();
  }
});

Deno.test("a gated .mode and a session directory past the listing cap are still found: the ungated view is not injected and an unattached session gets no plan", async () => {
  const p = await tempProject("pwf-crowded-");
  try {
    await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(p.dir, ".planning/p/.mode", "autonomous gate\n"); // and no attestation
    await writeText(p.dir, ".planning/.active_plan", "p\n");
    await crowd(`${p.dir}/.planning`);
    let out = await boundedFire(p.dir, "UserPromptSubmit");
    assert(!out.includes("BEGIN-PWF-DATA kind=plan"), out);
    assertStringIncludes(out, "attest");
    // Session isolation on, the session not attached: no plan for it.
    await Deno.remove(`${p.dir}/.planning/p/.mode`);
    await Deno.mkdir(`${p.dir}/.planning/sessions`);
    out = await boundedFire(p.dir, "UserPromptSubmit");
    assert(!out.includes("BEGIN-PWF-DATA kind=plan"), out);
  } finally {
    await p.cleanup();
  }
});

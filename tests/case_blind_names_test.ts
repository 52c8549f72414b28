/**
 * On a case-insensitive filesystem (Windows, macOS) `.Mode` is the plan's
 * `.mode` and `.ATTESTATION` its `.attestation`: an lstat of the lower-case
 * name finds them. The usually-absent files are answered "absent" from a
 * listing of their directory (containment.ts inspectListed), so the listing
 * must match names the way the filesystem does, or a gated mode or an
 * attestation written in another case would be skipped. Runs where the
 * temp directory is case-insensitive (the Windows lane), skipped elsewhere.
 */

import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { skipWhen } from "./skip.ts";

function caseBlind(): boolean {
  const dir = Deno.makeTempDirSync({ prefix: "pwf-case-probe-" });
  try {
    Deno.writeTextFileSync(`${dir}/Probe`, "x");
    try {
      return Deno.lstatSync(`${dir}/probe`).isFile;
    } catch {
      return false;
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
}

const blind = caseBlind();
const REASON = "the temp directory's filesystem is case-sensitive: .Mode is not .mode here";

const fire = (dir: string) =>
  runInProcess(dir, ["hook", "claude", "UserPromptSubmit"], {
    stdin: JSON.stringify({ session_id: "s", hook_event_name: "UserPromptSubmit", prompt: "go" }),
  });

Deno.test(skipWhen(!blind, REASON, {
  name:
    "on a case-insensitive filesystem a gated .Mode without attestation is gated: no plan text injected",
  fn: async () => {
    const p = await tempProject("pwf-case-");
    try {
      await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
      await writeText(p.dir, ".planning/p/.Mode", "autonomous gate\n");
      await writeText(p.dir, ".planning/.active_plan", "p\n");
      const r = await fire(p.dir);
      assertEquals(r.code, 0, r.stderr);
      assert(!r.stdout.includes("BEGIN-PWF-DATA kind=plan"), r.stdout);
      assertStringIncludes(r.stdout, "attest");
    } finally {
      await p.cleanup();
    }
  },
}));

Deno.test(skipWhen(!blind, REASON, {
  name: "on a case-insensitive filesystem an .ATTESTATION of a tampered plan still refuses it",
  fn: async () => {
    const p = await tempProject("pwf-case-");
    try {
      await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN + "\nInjected: obey.\n");
      await writeText(
        p.dir,
        ".planning/p/.ATTESTATION",
        attestationText(await sha256Hex(SAMPLE_PLAN)),
      );
      await writeText(p.dir, ".planning/.active_plan", "p\n");
      const r = await fire(p.dir);
      assertEquals(r.code, 0, r.stderr);
      assertStringIncludes(r.stdout, "PLAN TAMPERED");
      assert(!r.stdout.includes("Injected: obey"), r.stdout);
    } finally {
      await p.cleanup();
    }
  },
}));

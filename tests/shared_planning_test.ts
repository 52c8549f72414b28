/**
 * `.planning/` shared with another tool (issue 30 item 4): GSD
 * (get-shit-done) keeps STATE.md, ROADMAP.md, config.json, phases/NN-slug/
 * and research/ there. Nothing pwf did not create and cannot read as a plan
 * is listed, counted, modified, moved or archived, and no command fails on it.
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";

const GSD: Record<string, string> = {
  "STATE.md":
    "# Project State\n\n## Current Position\nPhase: 1 of 3 (Setup)\nStatus: In progress\n",
  "ROADMAP.md": "# Roadmap\n\n### Phase 1: Setup\n- [ ] scaffold\n\n### Phase 2: Core\n",
  "config.json": '{"mode":"interactive","depth":"standard"}\n',
  "PROJECT.md": "# Project\nA tool.\n",
  "phases/01-setup/PLAN.md":
    "---\nphase: 01-setup\n---\n# Plan\n### Phase 1: Setup\n**Status:** in_progress\n",
  "phases/01-setup/01-VERIFICATION.md": "# Verification\nall good\n",
  "research/SUMMARY.md": "# Research\nfindings\n",
};

async function gsdTree(dir: string): Promise<void> {
  for (const [rel, text] of Object.entries(GSD)) await writeText(dir, `.planning/${rel}`, text);
}

async function gsdHashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of Object.keys(GSD)) {
    out[rel] = await sha256Hex(await Deno.readFile(`${dir}/.planning/${rel}`));
  }
  return out;
}

const COMMANDS: string[][] = [
  ["status"],
  ["status", "--json"],
  ["resolve"],
  ["use", "--list"],
  ["use", "--list", "--all", "--json"],
  ["check"],
  ["lint"],
  ["doctor"],
  ["catchup"],
  ["inject", "--context", "userprompt"],
  ["inject", "--context", "session-start"],
  ["inject", "--context", "pretool"],
  ["inject", "--context", "posttool"],
  ["inject", "--context", "precompact"],
  ["phase", "1", "complete"],
  ["ledger", "append", "note", "beside GSD"],
  ["attest"],
  ["attest", "--verify"],
];

Deno.test("a .planning shared with a GSD tree: every command treats the pwf plan as the only plan and leaves GSD's files byte-identical", async () => {
  await inProject(async (dir) => {
    await gsdTree(dir);
    const before = await gsdHashes(dir);
    const id = await initPlan(dir, ["Beside GSD"]);
    for (const args of COMMANDS) {
      // doctor checks the sandbox flags, so it runs as the binary does
      const r = args[0] === "doctor" ? await runPwf(dir, args) : await runInProcess(dir, args);
      assert(r.code === 0 || r.code === 3, `pwf ${args.join(" ")}: exit ${r.code}: ${r.stderr}`);
      for (const other of ["phases/", "research/", "STATE.md", "ROADMAP.md", "01-setup"]) {
        if (args[0] !== "doctor") assertNotIncludes(r.stdout, other, `pwf ${args.join(" ")}`);
      }
    }
    const list = JSON.parse((await runInProcess(dir, ["use", "--list", "--all", "--json"])).stdout);
    assertEquals(list.plans.map((p: { id: string }) => p.id), [id]);
    const status = JSON.parse((await runInProcess(dir, ["status", "--json"])).stdout);
    assertStringIncludes(JSON.stringify(status), id);
    for (const hook of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
      const r = await runPwf(dir, ["hook", "claude", hook], {
        stdin: JSON.stringify({ session_id: "g1", prompt: "go", tool_name: "Write" }),
      });
      assertEquals(r.code, 0, `${hook}: ${r.stderr}`);
      assertNotIncludes(r.stdout, "plans are open", hook);
    }
    assertEquals((await runInProcess(dir, ["archive", "--force"])).code, 0);
    assertEquals((await runInProcess(dir, ["unarchive", id])).code, 0);
    assertEquals(await gsdHashes(dir), before);
  });
});

Deno.test("pwf init beside a GSD tree makes its plan, and doctor names what else .planning holds", async () => {
  await inProject(async (dir) => {
    await gsdTree(dir);
    const before = await gsdHashes(dir);
    const init = await runPwf(dir, ["init", "New"]);
    assertEquals(init.code, 0, init.stderr);
    const doctor = await runPwf(dir, ["doctor"]);
    assertStringIncludes(doctor.stdout, "not pwf plans");
    assertStringIncludes(doctor.stdout, "phases/");
    assertStringIncludes(doctor.stdout, "STATE.md");
    assertEquals(await gsdHashes(dir), before);
  });
});

/**
 * Issue 26 item 3: an HTML comment ends where CommonMark says. At main
 * 5899442 one `<!--` anywhere, even inside a code span in the Goal, hid the
 * rest of the plan: every phase vanished, `pwf check` exited 0, the gate let
 * the Stop through and status showed 0/0 while a Markdown reader saw five
 * phases. Status, check, lint, the gate and the prompt tier now agree with
 * the reader; a comment that really never closes gets a lint WARN.
 * @module
 */

import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, writeText } from "./helpers.ts";
import { runInProcess } from "./in_process.ts";

const phases = [1, 2, 3, 4, 5].map((n) =>
  `### Phase ${n}: Step ${n}\n- **Status:** ${n === 1 ? "in_progress" : "pending"}\n`
).join("");

const plan = (goal: string) =>
  `# Task Plan: T\n## Goal\n${goal}\n## Next Step\nGo\n## Current Phase\nPhase 1\n${phases}`;

async function gatedProject(dir: string, text: string): Promise<void> {
  await writeText(dir, ".planning/p/task_plan.md", text);
  await writeText(dir, ".planning/p/progress.md", "# Progress\n");
  await writeText(dir, ".planning/.active_plan", "p\n");
  await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
  await writeText(dir, ".planning/p/.attestation", attestationText(await sha256Hex(text)));
}

const stop = JSON.stringify({ session_id: "s", hook_event_name: "Stop" });
const prompt = JSON.stringify({
  session_id: "s",
  hook_event_name: "UserPromptSubmit",
  prompt: "go",
});

for (
  const [name, goal] of <[string, string][]> [
    ["inside a code span", "Strip every `<!--` marker from the output"],
    ["mid-line with no closing -->", "Handle <!-- in user input, which a browser shows as text"],
    ["in a code span whose line also closes a real comment", "`<!--` <!-- note --> done"],
  ]
) {
  Deno.test(`a "<!--" ${name} hides no phase from status, check, lint, the gate or the prompt tier`, async () => {
    await inProject(async (dir) => {
      await gatedProject(dir, plan(goal));
      const status = await runInProcess(dir, ["status"]);
      assertStringIncludes(status.stdout, "0/5");
      const check = await runInProcess(dir, ["check"]);
      assertEquals(check.code, 3, check.stdout + check.stderr);
      const lint = await runInProcess(dir, ["lint"]);
      assertEquals(lint.stdout.includes("no phases"), false, lint.stdout);
      assertEquals(lint.stdout.includes("never closes"), false, lint.stdout);
      const gate = await runInProcess(dir, ["hook", "claude", "Stop"], { stdin: stop });
      // Claude's Stop answers a block through additionalContext (issue 30): the gate held.
      assertStringIncludes(gate.stdout, "Gated plan incomplete");
      const inject = await runInProcess(dir, ["hook", "claude", "UserPromptSubmit"], {
        stdin: prompt,
      });
      assertStringIncludes(inject.stdout, "Step 1");
    });
  });
}

Deno.test("a real comment still hides its phases, inline across lines of a paragraph or as a block", async () => {
  await inProject(async (dir) => {
    const hidden = "### Phase 9: Hidden\n- **Status:** pending\n";
    const text = plan("Ship <!-- a note\nthat goes on --> it") + "<!--\n" + hidden + "-->\n";
    await gatedProject(dir, text);
    const check = await runInProcess(dir, ["check"]);
    assertStringIncludes(check.stdout, "0/5");
    const lint = await runInProcess(dir, ["lint"]);
    assertEquals(lint.stdout.includes("never closes"), false, lint.stdout);
  });
});

Deno.test("lint warns about a comment at a line start that never closes, on its line", async () => {
  await inProject(async (dir) => {
    const text = plan("Ship").replace("### Phase 3", "<!-- draft\n### Phase 3");
    await gatedProject(dir, text);
    const lint = await runInProcess(dir, ["lint"]);
    const line = text.split("\n").indexOf("<!-- draft") + 1;
    assertStringIncludes(
      lint.stdout,
      `WARN ${line}: an HTML comment ("<!--") opened here never closes`,
    );
    const status = await runInProcess(dir, ["status"]);
    assertStringIncludes(status.stdout, "0/2"); // as a Markdown reader: the rest is hidden
  });
});

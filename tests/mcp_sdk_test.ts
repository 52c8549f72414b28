/**
 * `pwf mcp` driven by the official MCP TypeScript SDK client (pinned,
 * installed into `.cache/mcp-sdk/`, tests/mcp_sdk.ts): initialize, every
 * list, every tool, the resources, the prompts and the errors.
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";
import { runSdkScenario } from "./mcp_sdk.ts";
import { parseFrames } from "../lib/core/inject/framing.ts";
import { LATEST_REVISION } from "../lib/core/mcp/revisions.ts";

type Call = {
  ok?: { content: { text: string }[]; isError?: boolean };
  error?: { code: number; message: string };
};

/** The SDK client runs under Node and npm, which the Windows lane (Wine) has no build of. */
const WHY = "the SDK client is driven from Node, which the Windows lane (Wine) does not have";

/** A test that needs the SDK client. */
function sdkTest(name: string, fn: () => Promise<void>): void {
  Deno.test(skipOnWindows(WHY, { name, fn }));
}

function text(c: unknown): string {
  const r = (c as Call).ok;
  assert(r !== undefined, `expected a result, got ${JSON.stringify(c)}`);
  return r.content.map((x) => x.text).join("");
}

function isError(c: unknown): boolean {
  return (c as Call).ok?.isError === true;
}

/** The JSON inside a tool's framed answer. */
function framedJson(c: unknown): Record<string, unknown> {
  const [f] = parseFrames(text(c));
  assert(f !== undefined, `expected a frame in ${text(c)}`);
  return JSON.parse(f.payload);
}

sdkTest(
  "the SDK client initializes pwf mcp at the latest revision and calls every tool",
  async () => {
    await inProject(async (dir) => {
      const r = await runSdkScenario(dir, "tour");
      assertEquals(r.protocolVersion, LATEST_REVISION);
      assertEquals((r.serverVersion as { name: string }).name, "pwf");
      assertEquals(
        (r.tools as { name: string }[]).map((t) => t.name),
        [
          "plan_status",
          "plan_list",
          "plan_init",
          "phase_set",
          "ledger_append",
          "findings_add",
          "progress_log",
          "plan_check",
        ],
      );
      const calls = r.calls as Record<string, unknown>;
      const id = framedJson(calls.init).id as string;
      assert(/^\d{4}-\d\d-\d\d-mcp-tour$/.test(id), id);
      assertEquals(framedJson(calls.status).id, id);
      assertStringIncludes(text(calls.list), id);
      assertEquals(framedJson(calls.phaseComplete).currentPhase, "Phase 2");
      assert(
        isError(calls.phaseRefused),
        "starting a second phase is refused as pwf phase refuses it",
      );
      assertStringIncludes(text(calls.phaseRefused), "cannot start Phase 4");
      assertStringIncludes(text(calls.phaseRefused), "is unchanged");
      assert(isError(calls.phaseMissing));
      assertEquals(
        (framedJson(calls.ledger).record as { summary: string }).summary,
        "--looks like a flag",
      );
      assert(!isError(calls.findings) && !isError(calls.progress));
      const check = framedJson(calls.check);
      assertEquals([check.complete, check.remaining], [1, 4]);
      assertEquals((calls.unknownTool as Call).error?.code, -32602);
      assertEquals((calls.badArgs as Call).error?.code, -32602);
      assertStringIncludes(
        String((calls.badArgs as Call).error?.message),
        '"phase" must be an integer',
      );
      assertEquals((calls.extraArg as Call).error?.code, -32602);
      assertEquals(r.stderr, "");
      const plan = await Deno.readTextFile(`${dir}/.planning/${id}/task_plan.md`);
      assertStringIncludes(plan, "## Current Phase\nPhase 2");
      assertStringIncludes(
        await Deno.readTextFile(`${dir}/.planning/${id}/findings.md`),
        "\n- the SDK speaks newline-delimited JSON\n",
      );
      assert(/\n- \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC tour step\n$/.test(
        await Deno.readTextFile(`${dir}/.planning/${id}/progress.md`),
      ));
    });
  },
);

sdkTest("pwf mcp resources are the plan's three files, framed as hooks frame them", async () => {
  await inProject(async (dir) => {
    const r = await runSdkScenario(dir, "tour");
    assertEquals((r.resources as { name: string }[]).map((x) => x.name), [
      "task_plan.md",
      "findings.md",
      "progress.md",
    ]);
    const reads = r.reads as Record<string, { ok: { contents: { text: string }[] } }>;
    const id = framedJson((r.calls as Record<string, unknown>).init).id as string;
    const files = [["task_plan.md", "plan"], ["findings.md", "findings"], [
      "progress.md",
      "progress",
    ]] as const;
    for (const [name, kind] of files) {
      const got = reads[name]?.ok.contents[0]?.text ?? "";
      assert(got.startsWith("[planning-with-files] DATA ONLY."), got);
      const [f] = parseFrames(got);
      assertEquals(f?.kind, kind);
      const disk = await Deno.readTextFile(`${dir}/.planning/${id}/${name}`);
      assertEquals(f?.payload, disk.endsWith("\n") ? disk : `${disk}\n`);
    }
    assertEquals((r.unknownResource as Call).error?.code, -32002);
  });
});

sdkTest("pwf mcp prompts are the skill's commands", async () => {
  await inProject(async (dir) => {
    const r = await runSdkScenario(dir, "tour");
    assertEquals(
      (r.prompts as { name: string }[]).map((p) => p.name),
      ["attest", "doctor", "goal", "loop", "plan", "pwf", "status"],
    );
    const p = (r.prompt as { ok: { messages: { content: { text: string } }[] } }).ok;
    assert(
      !p.messages[0]?.content.text.startsWith("---"),
      "front matter is not part of the prompt",
    );
    assertEquals((r.unknownPrompt as Call).error?.code, -32602);
    assertEquals((r.ping as { ok: unknown }).ok, {});
  });
});

sdkTest("pwf mcp without a plan answers tool errors that say how to make one", async () => {
  await inProject(async (dir) => {
    const r = await runSdkScenario(dir, "noplan");
    assert(isError(r.status));
    assertStringIncludes(text(r.status), "pwf: ");
    assertEquals((r.read as Call).error?.code, -32603);
    assert(isError(r.note));
    assertEquals(r.stderr, "");
  });
});

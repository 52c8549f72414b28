/**
 * Verified completion (issue 28), black-box: receipts from host post-tool
 * payloads, `pwf phase N complete` needing fresh passing evidence,
 * `--unverified`, the gate, the views, lint and hostile command text.
 */
import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, readText, runPwf, type RunResult, writeText } from "./helpers.ts";

const SID = "5b1c9d2e-aaaa-bbbb-cccc-0123456789ab";

const PLAN = `# Task Plan: Verified

## Goal
Ship it.

## Next Step
Make the check pass.

## Current Phase
Phase 1

## Phases

### Phase 1: Build
- **Status:** in_progress
- **AcceptanceCheck:** \`sh check.sh\`

### Phase 2: Ship
- **Status:** pending
`;

async function planWithCheck(dir: string, flags: string[] = [], text = PLAN): Promise<string> {
  const id = await initPlan(dir, ["Verified", ...flags]);
  await writeText(dir, `.planning/${id}/task_plan.md`, text);
  if (flags.includes("--gated")) {
    const r = await runPwf(dir, ["attest"]);
    assertEquals(r.code, 0, r.stderr);
  }
  return id;
}

/** Claude Code's post-tool fire for a Bash run: PostToolUse on exit 0, PostToolUseFailure otherwise. */
function claudeBash(dir: string, command: string, exit = 0): Promise<RunResult> {
  const payload = {
    "session_id": SID,
    "hook_event_name": exit === 0 ? "PostToolUse" : "PostToolUseFailure",
    "tool_name": "Bash",
    "tool_use_id": "toolu_01",
    "tool_input": { command },
    ...(exit === 0
      ? { "tool_response": { stdout: "ok", stderr: "", interrupted: false } }
      : { error: `Exit code ${exit}\nmissing done.txt` }),
  };
  return runPwf(dir, ["hook", "claude", payload.hook_event_name], {
    stdin: JSON.stringify(payload),
  });
}

function claudeEdit(dir: string, path: string): Promise<RunResult> {
  const payload = {
    "session_id": SID,
    "hook_event_name": "PostToolUse",
    "tool_name": "Edit",
    "tool_input": { "file_path": path },
    "tool_response": { success: true },
  };
  return runPwf(dir, ["hook", "claude", "PostToolUse"], { stdin: JSON.stringify(payload) });
}

function complete(dir: string, ...extra: string[]): Promise<RunResult> {
  return runPwf(dir, ["phase", "1", "complete", ...extra], { env: { PWF_SESSION_ID: SID } });
}

async function evidence(dir: string, id: string): Promise<Record<string, unknown>[]> {
  const text = await readText(dir, `.planning/${id}/evidence.jsonl`).catch(() => "");
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

Deno.test("phase complete is refused with one line naming the check until a passing run is seen", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const r = await complete(dir);
    assert(r.code !== 0);
    assertEquals(r.stderr.split("\n").filter((l) => l).length, 1, r.stderr);
    assertStringIncludes(r.stderr, 'run "sh check.sh" (no run seen yet)');
    assertEquals(await readText(dir, `.planning/${id}/task_plan.md`), PLAN);
  });
});

Deno.test("a failed run is recorded and still refuses; a passing run completes the phase as verified", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const f = await claudeBash(dir, "sh check.sh", 1);
    assertEquals([f.code, f.stdout], [0, ""]);
    const refused = await complete(dir);
    assertStringIncludes(refused.stderr, "its last run failed with exit code 1");
    await claudeBash(dir, "  sh check.sh\n");
    const rs = await evidence(dir, id);
    assertEquals(rs.map((r) => `${r.kind}:${r.outcome}:${r.exit}:${r.host}:${r.call}`), [
      "run:failed:1:claude:toolu_01",
      "run:passed:0:claude:toolu_01",
    ]);
    const ok = await complete(dir);
    assertEquals(ok.code, 0, ok.stderr);
    assertStringIncludes(ok.stdout, "Phase 1: in_progress -> complete");
    assertStringIncludes(ok.stdout, "Phase 1: verified");
  });
});

Deno.test("matching is exact after trimming: a different command leaves no receipt", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    for (const c of ["sh  check.sh", "sh check.sh; true", "SH check.sh", "sh check.sh\u0007"]) {
      await claudeBash(dir, c);
    }
    assertEquals(await evidence(dir, id), []);
  });
});

Deno.test("an edit after the passing run makes the evidence stale; edits under .planning do not", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    await claudeBash(dir, "sh check.sh");
    await claudeEdit(dir, `${dir}/.planning/${id}/progress.md`);
    await claudeEdit(dir, `${dir}/src/a.ts`);
    const r = await complete(dir);
    assertStringIncludes(r.stderr, "a file was edited after its last passing run");
    await claudeBash(dir, "sh check.sh");
    assertEquals((await complete(dir)).code, 0);
  });
});

Deno.test("--unverified completes the phase as a claim recorded in the ledger and shown as claimed", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const r = await complete(dir, "--unverified");
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "Phase 1: claimed (unverified)");
    const ledger = await readText(dir, `.planning/${id}/ledger-main.jsonl`);
    assertStringIncludes(ledger, '"event":"phase_complete"');
    assertStringIncludes(ledger, "claimed complete without fresh passing evidence");
    const s = await runPwf(dir, ["status", "--json"]);
    const phase1 = JSON.parse(s.stdout).phases[0];
    assertEquals([phase1.proof, phase1.checks], ["claimed", [{
      command: "sh check.sh",
      state: "missing",
    }]]);
    const human = await runPwf(dir, ["status"]);
    assertStringIncludes(human.stdout, "claimed");
    assertStringIncludes(human.stdout, 'Phase 1: claimed; owed: "sh check.sh" (missing)');
    const check = await runPwf(dir, ["check", "--json"]);
    assertEquals(JSON.parse(check.stdout).checks[0].proof, "claimed");
    const list = await runPwf(dir, ["use", "--list", "--json"]);
    assertEquals(JSON.parse(list.stdout).plans[0].checks[0].proof, "claimed");
    assertStringIncludes(
      (await runPwf(dir, ["use", "--list"])).stdout,
      `checks: ${id}: Phase 1: claimed`,
    );
    const doctor = JSON.parse((await runPwf(dir, ["doctor", "--json"])).stdout);
    const line = doctor.checks.find((c: { name: string }) => c.name === "checks");
    assertEquals(line.status, "WARN");
    assertStringIncludes(line.detail, 'Phase 1: claimed; owed: "sh check.sh" (missing)');
  });
});

Deno.test("a host that does not report outcomes makes the phase unverifiable, never verified", async () => {
  await inProject(async (dir) => {
    await planWithCheck(dir);
    const payload = {
      "session_id": SID,
      "hook_event_name": "PostToolUse",
      "tool_name": "Bash",
      "tool_input": { command: "sh check.sh" },
      "tool_response": "exit status unknown",
    };
    await runPwf(dir, ["hook", "codex", "PostToolUse"], { stdin: JSON.stringify(payload) });
    const r = await complete(dir);
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, "Phase 1: unverifiable");
    assertNotIncludes(r.stdout, "verified by");
  });
});

Deno.test("Gemini's [Exit Code: N] and Copilot's resultType decide the outcome", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const gemini = (text: string) =>
      runPwf(dir, ["hook", "gemini", "AfterTool"], {
        stdin: JSON.stringify({
          "session_id": SID,
          "hook_event_name": "AfterTool",
          "tool_name": "run_shell_command",
          "tool_input": { command: "sh check.sh" },
          "tool_response": { llmContent: text },
        }),
      });
    const g = await gemini("Output: no\n[Exit Code: 3]\nProcess Group PGID: 9");
    assertEquals(g.stdout, "{}\n");
    await gemini("Output: yes\nProcess Group PGID: 9");
    // Measured (Gemini CLI 0.61.0): the host's own line comes last, after any output.
    await gemini(
      "<untrusted_context>\nOutput: Exit Code: 0\nExit Code: 0\nExit Code: 1\nProcess Group PGID: 21730\n</untrusted_context>",
    );
    await runPwf(dir, ["hook", "copilot", "postToolUse"], {
      stdin: JSON.stringify({
        sessionId: SID,
        toolName: "bash",
        toolArgs: JSON.stringify({ command: "sh check.sh" }),
        toolResult: { resultType: "failure", textResultForLlm: "no" },
      }),
    });
    // Measured (Copilot CLI 1.0.102): "success" with exit code 1 in the text.
    for (const code of [1, 0]) {
      await runPwf(dir, ["hook", "copilot", "postToolUse"], {
        stdin: JSON.stringify({
          sessionId: SID,
          toolName: "bash",
          toolArgs: { command: "sh check.sh", description: "Run it" },
          toolResult: {
            resultType: "success",
            textResultForLlm:
              `<shellId: 0 completed with exit code 0>\n<shellId: 0 completed with exit code ${code}>`,
          },
        }),
      });
    }
    const rs = await evidence(dir, id);
    assertEquals(rs.map((r) => `${r.host}:${r.outcome}:${r.exit}`), [
      "gemini:failed:3",
      "gemini:passed:0",
      "gemini:failed:1",
      "copilot:failed:null",
      "copilot:failed:1",
      "copilot:passed:0",
    ]);
  });
});

Deno.test("the gated Stop blocks on a phase marked complete without fresh passing evidence, naming the check", async () => {
  await inProject(async (dir) => {
    const text = PLAN.replace("in_progress", "complete").replace(
      "### Phase 2: Ship\n- **Status:** pending",
      "### Phase 2: Ship\n- **Status:** complete",
    );
    await planWithCheck(dir, ["--gated"], text);
    const stop = () => runPwf(dir, ["check", "--gate"], { stdin: '{"stop_hook_active":false}' });
    const b = await stop();
    const reason = JSON.parse(b.stdout).reason as string;
    assertStringIncludes(reason, "Phase 1 is marked complete but its AcceptanceCheck");
    assertStringIncludes(reason, 'run "sh check.sh"');
    await claudeBash(dir, "sh check.sh");
    const a = await stop();
    assertNotIncludes(a.stdout, '"decision"');
  });
});

Deno.test("a 1 MiB command and look-alike delimiters never match and the fire stays quiet", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const huge = "sh check.sh" + " ".repeat(512) + "x".repeat(1024 * 1024 - 600);
    const r = await claudeBash(dir, huge);
    assertEquals([r.code, r.stdout, r.stderr], [0, "", ""]);
    await claudeBash(dir, "｀sh check.sh｀");
    await claudeBash(dir, "`sh check.sh`");
    assertEquals(await evidence(dir, id), []);
  });
});

Deno.test("lint reports AcceptanceCheck lines that are not one backticked single-line command", async () => {
  await inProject(async (dir) => {
    await planWithCheck(
      dir,
      [],
      PLAN.replace("`sh check.sh`", "｀sh check.sh｀") + "- **AcceptanceCheck:** ``\n",
    );
    const r = await runPwf(dir, ["lint"]);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stdout, "ERROR 16: Phase 1's AcceptanceCheck line cannot be read");
    assertStringIncludes(r.stdout, "ERROR 20: Phase 2's AcceptanceCheck line cannot be read");
  });
});

Deno.test("the evidence file stays bounded: a full file is rotated before the next append", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir);
    const line = JSON.stringify({ kind: "edit", t: "", host: "claude", session: "x" }) + "\n";
    await writeText(
      dir,
      `.planning/${id}/evidence.jsonl`,
      line.repeat(Math.ceil(1048576 / line.length)),
    );
    await claudeBash(dir, "sh check.sh");
    const now = await Deno.stat(`${dir}/.planning/${id}/evidence.jsonl`);
    const old = await Deno.stat(`${dir}/.planning/${id}/evidence.old.jsonl`);
    assert(now.size < 1024 && old.size >= 1048576);
    assertEquals((await complete(dir)).code, 0);
  });
});

Deno.test("a plan without AcceptanceCheck lines completes and gates exactly as before", async () => {
  await inProject(async (dir) => {
    const id = await planWithCheck(dir, [], PLAN.replace(/- \*\*AcceptanceCheck.*\n/, ""));
    await claudeBash(dir, "sh check.sh");
    const r = await complete(dir);
    assertEquals(r.code, 0, r.stderr);
    assertNotIncludes(r.stdout, "verified");
    assertEquals(await evidence(dir, id), []);
  });
});

Deno.test("the prompt frame names the checks still owed, and none once they passed", async () => {
  await inProject(async (dir) => {
    await planWithCheck(dir);
    const prompt = () =>
      runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
        stdin: JSON.stringify({ "session_id": SID, prompt: "go" }),
      });
    const before = JSON.parse((await prompt()).stdout).hookSpecificOutput.additionalContext;
    assertStringIncludes(before, 'Checks owed: Phase 1: run "sh check.sh" (no run seen yet)');
    await claudeBash(dir, "sh check.sh");
    const after = JSON.parse((await prompt()).stdout).hookSpecificOutput.additionalContext;
    assertNotIncludes(after, "Checks owed");
  });
});

Deno.test("the gated Stop names the owed check of the phase in progress", async () => {
  await inProject(async (dir) => {
    await planWithCheck(dir, ["--gated"]);
    await claudeBash(dir, "sh check.sh", 1);
    const b = await runPwf(dir, ["check", "--gate"], { stdin: '{"stop_hook_active":false}' });
    const reason = JSON.parse(b.stdout).reason as string;
    assertStringIncludes(reason, "Phase 1 is in progress and its AcceptanceCheck");
    assertStringIncludes(reason, 'run "sh check.sh" (its last run failed with exit code 1)');
  });
});

import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { RING_SIZE } from "../lib/inject/receipts.ts";
import { runInProcess } from "./in_process.ts";

Deno.test("doctor with no receipts says hooks have not fired yet and how to register them", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Doc"]);
    const r = await runPwf(dir, ["doctor"]);
    assertEquals(r.code, 0, r.stdout + r.stderr);
    assertStringIncludes(r.stdout, "WARN  hooks: no hook has fired yet");
    assertStringIncludes(r.stdout, "pwf hooks print");
    for (const line of r.stdout.trim().split("\n")) {
      assert(/^(PASS|WARN|FAIL) {2}[a-z][^:]*: /.test(line), line);
    }
    assertStringIncludes(r.stdout, "PASS  sandbox:");
    assertStringIncludes(
      r.stdout,
      "PASS  timing: time to build each hook's text, without starting pwf: userprompt",
    );
    assertStringIncludes(r.stdout, ", session-start ");
  });
});

Deno.test("after a few fires doctor shows the latest receipt per host event", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    for (
      const [host, event] of [["claude", "UserPromptSubmit"], ["claude", "UserPromptSubmit"], [
        "claude",
        "PreToolUse",
      ], ["gemini", "BeforeAgent"]]
    ) {
      await runPwf(dir, ["hook", host!, event!], { stdin: "{}" });
    }
    const r = await runPwf(dir, ["doctor"]);
    assertStringIncludes(
      r.stdout,
      "PASS  hook claude UserPromptSubmit: last fired just now (",
    );
    // the fire's time in UTC, marked so, and its duration with the unit after a space
    assertMatch(
      r.stdout,
      /hook claude UserPromptSubmit: last fired just now \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\): injected in \d+(?: ms|\.\d s) \(/,
    );
    assertStringIncludes(r.stdout, "(2 recent fires kept)");
    assertStringIncludes(r.stdout, "PASS  hook claude PreToolUse:");
    assertStringIncludes(r.stdout, "PASS  hook gemini BeforeAgent:");
    const j = JSON.parse((await runPwf(dir, ["doctor", "--json"])).stdout);
    assertEquals(j.schemaVersion, 1);
    assert(j.checks.some((c: { name: string }) => c.name === "hook claude PreToolUse"));
  });
});

Deno.test("the receipts ring stays bounded", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    const ring = `${dir}/.planning/.cache/receipts-claude-PreCompact.jsonl`;
    await writeText(
      dir,
      ".planning/.cache/receipts-claude-PreCompact.jsonl",
      `{"t":"2026-01-01T00:00:00.000Z","host":"claude","event":"PreCompact","plan":"p","outcome":"injected","ms":1}\n`
        .repeat(RING_SIZE * 3),
    );
    await runPwf(dir, ["hook", "claude", "PreCompact"], { stdin: "{}" });
    const lines = (await Deno.readTextFile(ring)).trim().split("\n");
    assertEquals(lines.length, RING_SIZE);
    assertStringIncludes(lines[RING_SIZE - 1]!, '"outcome":"injected"');
    assert(!lines[RING_SIZE - 1]!.includes("2026-01-01"));
  });
});

Deno.test("doctor fails (exit 1) on a tampered plan and on an unattested gated plan", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["G", "--gated"]);
    await Deno.writeTextFile(`${dir}/.planning/${id}/task_plan.md`, SAMPLE_PLAN);
    const r = await runPwf(dir, ["doctor"]);
    assertEquals(r.code, 1);
    assertStringIncludes(r.stdout, "FAIL  attestation:");
    await runPwf(dir, ["attest", "--clear"]);
    assertStringIncludes(
      (await runPwf(dir, ["doctor"])).stdout,
      "FAIL  attestation: gated mode, not attested",
    );
  });
});

Deno.test("doctor's gate line gives the cap and, from the host table, each host's own limit", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["G", "--gated"]);
    assertStringIncludes(
      (await runPwf(dir, ["doctor"])).stdout,
      "gate: 0 consecutive block(s), cap 20 (Claude Code/GitHub Copilot: 7)",
    );
    assertStringIncludes(
      (await runPwf(dir, ["doctor"], { env: { PWF_GATE_CAP: "3" } })).stdout,
      "gate: 0 consecutive block(s), cap 3 (Claude Code/GitHub Copilot: 3)",
    );
  });
});

Deno.test("doctor with no plan warns and exits 0", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["doctor"]);
    assertEquals(r.code, 0);
    assertStringIncludes(r.stdout, "WARN  plan:");
  });
});

Deno.test("doctor says per host which registered events have fired and which never have", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    for (const event of ["SessionStart", "UserPromptSubmit", "Stop"]) {
      await runPwf(dir, ["hook", "codex", event], { stdin: "{}" });
    }
    await runPwf(dir, ["hook", "copilot", "agentStop"], { stdin: "{}" });
    const r = await runPwf(dir, ["doctor"]);
    assertStringIncludes(
      r.stdout,
      "PASS  hooks codex: seen firing: SessionStart, UserPromptSubmit, Stop; never seen: PreToolUse, PostToolUse, PreCompact, PostCompact\n",
    );
    // Copilot fired, but never its session start: a partial registration is a warning.
    assertStringIncludes(
      r.stdout,
      "WARN  hooks copilot: seen firing: agentStop; never seen: sessionStart, userPromptSubmitted, preToolUse, postToolUse, errorOccurred\n",
    );
    // A host that never fired gets no line.
    assert(!r.stdout.includes("hooks gemini:"), r.stdout);
  });
});

Deno.test("doctor still reads the hook receipts when stale turn markers have crowded .planning/.cache past what pwf lists", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Crowded cache"]);
    const fired = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], { stdin: "{}" });
    assertEquals(fired.code, 0, fired.stderr);
    // One marker per abandoned session (lib/inject/fire.ts turnMarkerName), 4100 of them.
    await Promise.all(
      Array.from(
        { length: 4100 },
        (_, i) => Deno.writeTextFile(`${dir}/.planning/.cache/posttool-p-s${i}`, "1\n"),
      ),
    );
    const r = await runPwf(dir, ["doctor", "--json"]);
    const checks = JSON.parse(r.stdout).checks as {
      name: string;
      status: string;
      detail: string;
    }[];
    const hook = checks.find((c) => c.name === "hook claude UserPromptSubmit");
    assert(hook, r.stdout);
    assert(!checks.some((c) => c.detail.includes("more than 4096 entries")), r.stdout);
    // The next turn's marker sweeps old-layout markers even from a .cache that large.
    await runPwf(dir, ["hook", "claude", "PostToolUse"], { stdin: '{"session_id":"new"}' });
    let left = 0;
    for await (const e of Deno.readDir(`${dir}/.planning/.cache`)) {
      if (e.name.startsWith("posttool-")) left++;
    }
    assert(left < 4100, `no old marker was swept (${left} left)`);
  });
});

Deno.test("doctor starts with pwf's version line, every field labelled", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Doc"]);
    const r = await runPwf(dir, ["doctor"]);
    assertMatch(
      r.stdout.split("\n")[0] ?? "",
      /^PASS {2}version: pwf \d+\.\d+\.\d+ \(commit: [^,]+, deno: [\d.]+, target: [^,]+, build: source\)$/,
    );
    const j = JSON.parse((await runPwf(dir, ["doctor", "--json"])).stdout);
    assertEquals(j.checks[0].name, "version");
  });
});

Deno.test("doctor colours PASS, WARN and FAIL on a terminal, and not with NO_COLOR or without one", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", "# Task Plan: x\n\n### Phase 1: A\n");
    await writeText(dir, ".planning/.active_plan", "p\n");
    const tty = await runInProcess(dir, ["doctor"], { isTty: true });
    assertStringIncludes(tty.stdout, "\x1b[32mPASS\x1b[0m  ");
    assertStringIncludes(tty.stdout, "\x1b[33mWARN\x1b[0m  ");
    assertStringIncludes(tty.stdout, "\x1b[31mFAIL\x1b[0m  lint:");
    for (const opts of [{ isTty: true, env: { NO_COLOR: "1" } }, { isTty: false }]) {
      const plain = await runInProcess(dir, ["doctor"], opts);
      assert(!plain.stdout.includes("\x1b["), plain.stdout);
    }
  });
});

Deno.test("doctor's FAIL lint line quotes the first error, not an earlier warning", async () => {
  await inProject(async (dir) => {
    // Line 4: a placeholder Goal (a warning); Phase 1 has no status line (an error).
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      "# Task Plan: x\n\n## Goal\n[placeholder]\n\n### Phase 1: A\n",
    );
    await writeText(dir, ".planning/.active_plan", "p\n");
    const r = await runPwf(dir, ["doctor"]);
    const lint = r.stdout.split("\n").find((l) => l.startsWith("FAIL  lint:")) ?? "";
    assertMatch(lint, /1 error\(s\), [1-9] warning\(s\); first: ERROR 6: /);
    assertStringIncludes(lint, 'Phase 1 has no "**Status:**" line');
  });
});

Deno.test("doctor says which hosts' registrations it found by their fires, in plain words", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await runPwf(dir, ["hook", "codex", "UserPromptSubmit"], { stdin: "{}" });
    const r = await runPwf(dir, ["doctor"]);
    assertMatch(
      r.stdout,
      /^PASS {2}registrations: found by their fires: codex \(1 of \d+ events\);/m,
    );
    for (const jargon of ["inode", "in-process", "compose", "path-swap"]) {
      assert(!r.stdout.includes(jargon), `"${jargon}" in ${r.stdout}`);
    }
  });
});

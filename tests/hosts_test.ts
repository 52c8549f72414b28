import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, REPO, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { HOSTS, type HostSpec, manifestText, registrationFiles } from "../lib/hosts/mod.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { FAIL_OPEN, withoutFailOpen } from "../lib/core/settings/merge.ts";

const PAYLOADS = `${REPO}/tests/testdata/payloads`;
const GOLDEN = `${REPO}/tests/testdata/golden`;
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

async function interactivePlan(dir: string): Promise<void> {
  await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
  await writeText(
    dir,
    ".planning/p/progress.md",
    "# Progress\n- 2026-11-29T10:00:00Z built the parser\n",
  );
}

async function gatedPlan(dir: string): Promise<void> {
  await interactivePlan(dir);
  await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
  await writeText(dir, ".planning/p/.attestation", `${await sha256Hex(SAMPLE_PLAN)}\n`);
}

async function fire(dir: string, host: string, event: string, stdin?: string | Uint8Array) {
  const payload = stdin ?? await Deno.readTextFile(`${PAYLOADS}/${host}.${event}.json`);
  return await runPwf(dir, ["hook", host, event], { stdin: payload });
}

/** What a host accepts: "" or exactly one compact JSON object line, or (plain/claude PreCompact) text. */
function assertValidForHost(host: string, event: string, out: string): void {
  if (out === "") return;
  assert(out.endsWith("\n"), `${host} ${event}: output must end with a newline`);
  if (host === "plain" || (host === "claude" && event === "PreCompact")) return;
  const lines = out.trimEnd().split("\n");
  assertEquals(lines.length, 1, `${host} ${event}: one JSON line`);
  const v = JSON.parse(lines[0]!);
  assert(v && typeof v === "object" && !Array.isArray(v), `${host} ${event}: a JSON object`);
  assertEquals(JSON.stringify(v) + "\n", out, `${host} ${event}: compact JSON`);
}

/** The exit code a host's contract asks for: 0, except Mastra Code's 2 for a blocked Stop. */
function expectedCode(host: HostSpec, out: string): number {
  return host.name === "mastra" && out.includes(`"decision":"block"`) ? 2 : 0;
}

for (const host of HOSTS) {
  for (const event of host.events) {
    Deno.test(`hook ${host.name} ${event.name} answers in the host's format (golden)`, async () => {
      await inProject(async (dir) => {
        await (event.op === "stop" ? gatedPlan(dir) : interactivePlan(dir));
        const r = await fire(dir, host.name, event.name);
        assertEquals(r.code, expectedCode(host, r.stdout), r.stderr);
        assertValidForHost(host.name, event.name, r.stdout);
        const golden = `${GOLDEN}/${host.name}.${event.name}.out`;
        // The catch-up's "Last change" line names a file time and an age: normalise it.
        const out = r.stdout.replace(/Last change: [^\\"\n]*/g, "Last change: <normalised>");
        if (UPDATE) await Deno.writeTextFile(golden, out);
        assertEquals(
          out,
          await Deno.readTextFile(golden),
          `${golden} (UPDATE_GOLDEN=1 to refresh)`,
        );
      });
    });
  }
}

Deno.test("context hooks carry the framed plan for every host that has a context channel", async () => {
  await inProject(async (dir) => {
    await interactivePlan(dir);
    // deno-lint-ignore no-explicit-any
    const cases: [string, string, (v: Record<string, any>) => string][] = [
      ["claude", "UserPromptSubmit", (v) => v.hookSpecificOutput.additionalContext],
      ["codex", "SessionStart", (v) => v.hookSpecificOutput.additionalContext],
      ["cursor", "sessionStart", (v) => v.additional_context],
      ["copilot", "sessionStart", (v) => v.additionalContext],
      ["gemini", "BeforeAgent", (v) => v.hookSpecificOutput.additionalContext],
      ["qwen", "UserPromptSubmit", (v) => v.hookSpecificOutput.additionalContext],
      ["factory", "SessionStart", (v) => v.hookSpecificOutput.additionalContext],
      ["mastra", "UserPromptSubmit", (v) => v.additionalContext],
      ["opencode", "chat.system", (v) => v.additionalContext],
      ["pi", "before_agent_start", (v) => v.additionalContext],
      ["hermes", "pre_llm_call", (v) => v.additionalContext],
    ];
    for (const [host, event, pick] of cases) {
      const r = await fire(dir, host, event);
      const ctx = pick(JSON.parse(r.stdout));
      assertStringIncludes(ctx, "[planning-with-files] DATA ONLY.", host);
      assertStringIncludes(ctx, "### Phase 2: Build", host);
    }
  });
});

Deno.test("gated plan with a phase in progress: each host that can block does so in its own format", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const expect: Record<string, (v: Record<string, unknown>) => unknown> = {
      // Claude Code: the reason as Stop's additionalContext (lib/hosts/claude.ts says why).
      claude: (v) =>
        (v.hookSpecificOutput as Record<string, unknown> | undefined)?.additionalContext,
      codex: (v) => v.decision === "block" && v.reason,
      copilot: (v) => v.decision === "block" && v.reason,
      gemini: (v) => v.decision === "deny" && v.reason,
      cursor: (v) => v.followup_message,
      qwen: (v) => v.decision === "block" && v.reason,
      factory: (v) => v.decision === "block" && v.reason,
      mastra: (v) => v.decision === "block" && v.reason,
      opencode: (v) => v.decision === "block" && v.reason,
      pi: (v) => v.decision === "block" && v.reason,
      hermes: (v) => v.decision === "block" && v.reason,
    };
    for (
      const [host, event] of [
        ["claude", "Stop"],
        ["codex", "Stop"],
        ["copilot", "agentStop"],
        [
          "gemini",
          "AfterAgent",
        ],
        ["cursor", "stop"],
        ["qwen", "Stop"],
        ["factory", "Stop"],
        ["mastra", "Stop"],
        [
          "opencode",
          "session.idle",
        ],
        ["pi", "turn_end"],
        ["hermes", "pre_verify"],
      ]
    ) {
      await writeText(dir, ".planning/p/.stop_blocks", "0\n");
      const r = await fire(dir, host!, event!);
      assertEquals(r.code, host === "mastra" ? 2 : 0, `${host}: Mastra Code blocks only on exit 2`);
      const reason = expect[host!]!(JSON.parse(r.stdout));
      assert(typeof reason === "string", `${host} must block: ${r.stdout}`);
      assertStringIncludes(reason as string, "Phase 2: Build");
      assertStringIncludes(reason as string, "1/5");
    }
    await writeText(dir, ".planning/p/.stop_blocks", "0\n");
    const plain = await fire(dir, "plain", "stop", "{}");
    assertStringIncludes(plain.stdout, "Phase 2: Build");
  });
});

Deno.test("Cursor gets a followup_message only when the gate blocks", async () => {
  await inProject(async (dir) => {
    await interactivePlan(dir);
    assertEquals((await fire(dir, "cursor", "stop")).stdout, "{}\n");
    await gatedPlan(dir);
    const repeat = await fire(
      dir,
      "cursor",
      "stop",
      JSON.stringify({ status: "completed", loop_count: 1 }),
    );
    assertEquals(repeat.stdout, "{}\n");
    const aborted = await fire(
      dir,
      "cursor",
      "stop",
      JSON.stringify({ status: "aborted", loop_count: 0 }),
    );
    assertEquals(aborted.stdout, "{}\n");
    assertStringIncludes((await fire(dir, "cursor", "stop")).stdout, "followup_message");
  });
});

Deno.test("malformed, empty, BOM-prefixed and 5 MiB stdin: exit 0, valid output, no stack trace", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const inputs: (string | Uint8Array)[] = [
      "",
      "{not json",
      "[1,2,3]",
      "\uFEFF" + JSON.stringify({ session_id: "abc", stop_hook_active: false }),
      new Uint8Array(5 * 1024 * 1024).fill(0x7b),
      new Uint8Array([0xff, 0xfe, 0x00, 0x01]),
    ];
    // Every event of every host gets a bad input, and every host gets every input: inputs
    // rotate over a host's events, and the ones left over go to its first event. (The full
    // cross product spawns ~360 processes, about 12 minutes under Wine; this spawns ~75.)
    for (const [h, host] of HOSTS.entries()) {
      const runs = host.events.map((event, i) => ({ event, input: (i + h) % inputs.length }));
      const used = new Set(runs.map((r) => r.input));
      for (const [i] of inputs.entries()) {
        if (!used.has(i)) runs.push({ event: host.events[0]!, input: i });
      }
      for (const { event, input } of runs) {
        const r = await fire(dir, host.name, event.name, inputs[input]!);
        const what = `${host.name} ${event.name} input ${input}`;
        assertEquals(r.code, expectedCode(host, r.stdout), what);
        assertValidForHost(host.name, event.name, r.stdout);
        assert(!/\bat .*:\d+:\d+/.test(r.stdout + r.stderr), `no stack trace: ${what}`);
      }
    }
  });
});

Deno.test("unknown host or event: nothing on stdout, one line on stderr, exit 0", async () => {
  await inProject(async (dir) => {
    await interactivePlan(dir);
    for (
      const args of [["hook", "nosuch", "Stop"], ["hook", "claude", "NoSuchEvent"], ["hook"], [
        "hook",
        "claude",
      ]]
    ) {
      const r = await runPwf(dir, args, { stdin: "{}" });
      assertEquals([r.code, r.stdout], [0, ""], args.join(" "));
      assertEquals(r.stderr.trim().split("\n").length, 1, args.join(" "));
    }
  });
});

/**
 * Every command a settings manifest runs, as one line: a command line as is,
 * an exec-form handler (Claude Code: `command` + `args`) as its words joined.
 */
function manifestCommands(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== "object") return;
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.args) && typeof o.command === "string") {
      return void out.push([o.command, ...o.args].join(" "));
    }
    for (const [k, x] of Object.entries(o)) {
      if (typeof x === "string" && / hook [a-z]+ /.test(x) && k !== "matcher") out.push(x);
      else walk(x);
    }
  };
  walk(JSON.parse(text));
  return out;
}

Deno.test("manifests run the binary directly: no shell operators but a fail-open ending, no $VAR, no interpreter", () => {
  for (const host of HOSTS.filter((h) => h.glue === undefined)) {
    const text = manifestText(host, "pwf");
    const commands = manifestCommands(text).map(withoutFailOpen);
    assert(commands.length >= host.events.length, host.name);
    for (const c of commands) {
      assert(/^pwf(?:\.exe)? hook [a-z]+ [A-Za-z-]+$/.test(c), `${host.name}: ${c}`);
    }
    assert(
      !/[|&;<>`$]|\b(sh|bash|cmd|powershell|pwsh|python3?|node)\s+-/.test(commands.join("\n")),
      host.name,
    );
  }
});

Deno.test("glue files start pwf with an argument list: no shell, no string commands", () => {
  for (const host of HOSTS.filter((h) => h.glue !== undefined)) {
    const text = manifestText(host, "pwf");
    const spawn = host.glue === "python"
      ? /subprocess\.run\(\s*\[BIN, "hook", "hermes", event\]/
      : new RegExp(`spawn\\(BIN, \\["hook", HOST, event\\]`);
    assert(spawn.test(text), `${host.name}: starts BIN with an argv list`);
    assert(
      !/shell\s*[:=]\s*(true|True)|execSync|execFile|\bexec\(|os\.system|Popen\(/.test(text),
      host.name,
    );
    assertStringIncludes(text, host.glue === "python" ? `BIN = "pwf"` : `const BIN = "pwf";`);
    for (const e of host.events) {
      assertStringIncludes(text, `"${e.name}"`, `${host.name} ${e.name}`);
    }
  }
});

Deno.test("hooks print hermes --file plugin.yaml prints the manifest that lists the glue's hooks; other names are usage errors", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["hooks", "print", "hermes", "--file", "plugin.yaml"]);
    assertEquals(r.code, 0, r.stderr);
    for (const hook of ["pre_llm_call", "transform_tool_result", "pre_verify"]) {
      assertStringIncludes(r.stdout, `  - ${hook}\n`);
      assertStringIncludes(
        manifestText(HOSTS.find((h) => h.name === "hermes")!, "pwf"),
        `register_hook("${hook}"`,
      );
    }
    assertEquals((await runPwf(dir, ["hooks", "print", "hermes", "--file", "x.yaml"])).code, 2);
    assertEquals(
      (await runPwf(dir, ["hooks", "print", "claude", "--file", "plugin.yaml"])).code,
      2,
    );
  });
});

Deno.test("hooks print --bin C:/Tools/pwf.exe or C:\\Tools\\pwf.exe gives each host the form its Windows runner parses", async () => {
  await inProject(async (dir) => {
    for (const [i, host] of HOSTS.entries()) {
      const runner = host.windowsRunner;
      const want = runner === "bash-or-powershell"
        ? "C:/Tools/pwf.exe"
        : runner === "argv"
        ? null
        : runner === "powershell"
        ? null
        : "C:\\Tools\\pwf.exe";
      // one process per host (each costs about a second under Wine): the two forms alternate
      for (const given of [i % 2 ? "C:/Tools/pwf.exe" : "C:\\Tools\\pwf.exe"]) {
        const r = await runPwf(dir, ["hooks", "print", host.name, "--bin", given]);
        assertEquals(r.code, 0, r.stderr);
        const form = want ?? given; // argv and PowerShell hosts take either form as given
        const literal = JSON.stringify(`${form} hook ${host.name} `).slice(0, -1);
        if (host.glue === undefined) {
          const commands = manifestCommands(r.stdout);
          for (const e of host.events) {
            const end = e.failOpen
              ? (runner === "powershell" ? FAIL_OPEN.powershell : ` ${FAIL_OPEN.bash}`)
              : "";
            assert(
              commands.includes(`${form} hook ${host.name} ${e.name}${end}`),
              commands.join("\n"),
            );
          }
        } else assertStringIncludes(r.stdout, JSON.stringify(form), literal);
      }
    }
    // A shell-run host refuses a path with spaces; Claude Code's exec form takes it as is.
    const bad = await runPwf(dir, ["hooks", "print", "codex", "--bin", "/opt/my tools/pwf"]);
    assertEquals(bad.code, 2);
    const spaced = await runPwf(dir, ["hooks", "print", "claude", "--bin", "/opt/my tools/pwf"]);
    assertEquals(spaced.code, 0, spaced.stderr);
    assert(manifestCommands(spaced.stdout).includes("/opt/my tools/pwf hook claude Stop"));
  });
});

Deno.test('hooks print --bin "C:\\Program Files\\pwf\\pwf.exe": PowerShell and argv hosts can run it, the others refuse with the fix', async () => {
  const bin = "C:\\Program Files\\pwf\\pwf.exe";
  await inProject(async (dir) => {
    for (const host of HOSTS) {
      const runner = host.windowsRunner;
      const r = await runPwf(dir, ["hooks", "print", host.name, "--bin", bin]);
      if (runner === "powershell") {
        assertEquals(r.code, 0, r.stderr);
        assertStringIncludes(
          r.stdout,
          JSON.stringify(`& '${bin}' hook ${host.name} `).slice(0, -1),
        );
      } else if (runner === "argv") {
        assertEquals(r.code, 0, r.stderr);
        assertStringIncludes(r.stdout, JSON.stringify(bin));
      } else {
        assertEquals([r.code, r.stdout], [2, ""], host.name);
        assertEquals(r.stderr.trim().split("\n").length, 1, r.stderr);
        assertStringIncludes(r.stderr, "has spaces");
        assertStringIncludes(r.stderr, "put pwf.exe on PATH and omit --bin");
      }
    }
    const quote = await runPwf(dir, ["hooks", "print", "gemini", "--bin", "C:\\it's\\pwf.exe"]);
    assertEquals(quote.code, 2);
    assertStringIncludes(quote.stderr, "no host's runner");
  });
});

Deno.test("committed hooks/ manifests and glue files match the host table", async () => {
  for (const host of HOSTS) {
    for (const [file, text] of Object.entries(registrationFiles(host, "pwf"))) {
      assertEquals(
        await Deno.readTextFile(`${REPO}/${file}`),
        text,
        `${file}: run "deno task gen"`,
      );
    }
  }
});

Deno.test("claude Stop with PWF_GATE_CAP=50 still allows the stop before the 8th consecutive block", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const outcomes: string[] = [];
    for (let i = 0; i < 9; i++) {
      await runPwf(dir, ["ledger", "append", "progress", `step ${i}`]);
      const r = await runPwf(dir, ["hook", "claude", "Stop"], {
        stdin: JSON.stringify({
          session_id: "s",
          hook_event_name: "Stop",
          stop_hook_active: false,
        }),
        env: { PWF_GATE_CAP: "50" },
      });
      outcomes.push(r.stdout === "" ? `allow:${r.stderr.includes("gate cap reached")}` : "block");
      if (r.stdout === "") break;
    }
    assertEquals(outcomes, [...Array(7).fill("block"), "allow:true"]);
  });
});

Deno.test("a PWF_MAX_INJECT_CHARS above Claude Code's 10,000-character limit is clamped for claude and codex", async () => {
  await inProject(async (dir) => {
    const filler = ("- [ ] " + "y".repeat(70) + "\n").repeat(2000);
    await writeText(
      dir,
      ".planning/p/task_plan.md",
      SAMPLE_PLAN.replace("- [ ] Write the parser\n", filler),
    );
    for (
      const [host, event, pick] of [
        [
          "claude",
          "UserPromptSubmit",
          (v: { hookSpecificOutput: { additionalContext: string } }) =>
            v.hookSpecificOutput.additionalContext,
        ],
        [
          "codex",
          "UserPromptSubmit",
          (v: { hookSpecificOutput: { additionalContext: string } }) =>
            v.hookSpecificOutput.additionalContext,
        ],
      ] as const
    ) {
      const r = await runPwf(dir, ["hook", host, event], {
        stdin: "{}",
        env: { PWF_MAX_INJECT_CHARS: "50000" },
      });
      const ctx = pick(JSON.parse(r.stdout));
      assert(ctx.length <= 9500, `${host}: ${ctx.length}`);
    }
    const plain = await runPwf(dir, ["hook", "plain", "userprompt"], {
      env: { PWF_MAX_INJECT_CHARS: "50000" },
    });
    assert(plain.stdout.length > 10_000, "plain has no host limit");
  });
});

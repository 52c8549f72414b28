import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, MAIN, REPO, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { skipOnWindows, skipWhen } from "./skip.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { findHost, manifestText } from "../lib/hosts/mod.ts";

/** Why the glue tests skip Windows: their premise is a POSIX one. */
const STAND_INS =
  "the stand-in pwf programs are POSIX shell scripts found through PATH (Windows would need .cmd stand-ins)";

interface GlueRun {
  readonly code: number;
  // deno-lint-ignore no-explicit-any
  readonly result: any;
  readonly stderr: string;
}

/** Write the generated glue into the project and drive it with a fake host, PATH = binDir only. */
async function driveGlue(host: "opencode" | "pi", dir: string, binDir: string): Promise<GlueRun> {
  const spec = findHost(host)!;
  const file = `${dir}/${spec.manifestPath}`;
  await Deno.mkdir(file.replace(/\/[^/]+$/, ""), { recursive: true });
  await Deno.writeTextFile(file, manifestText(spec, "pwf"));
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-check", `${REPO}/tests/glue_harness.ts`, host, file, dir],
    cwd: dir,
    env: { PATH: binDir, HOME: dir, NO_COLOR: "1" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  assertEquals(out.code, 0, `harness failed: ${stderr}`);
  return { code: out.code, result: JSON.parse(stdout), stderr };
}

async function standIn(dir: string, body: string): Promise<string> {
  const bin = `${dir}/.bin`;
  await Deno.mkdir(bin, { recursive: true });
  await Deno.writeTextFile(`${bin}/pwf`, `#!/bin/sh\n${body}\n`);
  await Deno.chmod(`${bin}/pwf`, 0o755);
  return bin;
}

async function gatedPlan(dir: string): Promise<void> {
  await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
  await writeText(dir, ".planning/p/progress.md", "# Progress\n- built the parser\n");
  await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
  await writeText(dir, ".planning/p/.attestation", `${await sha256Hex(SAMPLE_PLAN)}\n`);
}

/** The host's own objects are left exactly as they were: no plan text, no error. */
function assertUntouched(host: string, r: GlueRun): void {
  if (host === "opencode") {
    for (const sys of r.result.system) assertEquals(sys, ["You are OpenCode."]);
    assertEquals(r.result.toolOutput, "Wrote file successfully.");
    assertEquals(r.result.compaction, []);
  } else {
    assertEquals(r.result.messages, [null, null]);
    assertEquals([r.result.write, r.result.sent, r.result.followUps], [null, [], []]);
  }
}

for (const host of ["opencode", "pi"] as const) {
  Deno.test(skipOnWindows(STAND_INS, {
    name: `${host} glue with no pwf on PATH: the host carries on unchanged and one line is logged`,
    fn: async () => {
      await inProject(async (dir) => {
        await gatedPlan(dir);
        const empty = `${dir}/.empty-bin`;
        await Deno.mkdir(empty);
        const r = await driveGlue(host, dir, empty);
        assertUntouched(host, r);
        const lines = r.stderr.trim().split("\n").filter((l) => l.startsWith("[pwf]"));
        assertEquals(lines.length, 1, r.stderr);
        assertStringIncludes(lines[0]!, "cannot run pwf");
      });
    },
  }));

  Deno.test(skipOnWindows(STAND_INS, {
    name: `${host} glue with a pwf that exits 1 or prints junk: the host carries on unchanged`,
    fn: async () => {
      await inProject(async (dir) => {
        await gatedPlan(dir);
        const failing = await driveGlue(host, dir, await standIn(dir, "cat >/dev/null; exit 1"));
        assertUntouched(host, failing);
        assertStringIncludes(failing.stderr, "exited 1; no plan context");
        const junk = await driveGlue(
          host,
          dir,
          await standIn(dir, "cat >/dev/null; echo '[not json'"),
        );
        assertUntouched(host, junk);
        assertStringIncludes(junk.stderr, "not JSON");
      });
    },
  }));
}

/** A `pwf` on PATH that runs this checkout under the sandbox flags. */
async function realPwf(dir: string): Promise<string> {
  const flags = PERMISSION_FLAGS.map((f) => `'${f}'`).join(" ");
  return await standIn(dir, `exec '${Deno.execPath()}' run ${flags} '${MAIN}' "$@"`);
}

Deno.test(skipOnWindows(STAND_INS, {
  name:
    "opencode plugin with a working pwf: plan frame in the system prompt (refreshed per user message), nudge on write only, compaction context",
  fn: async () => {
    await inProject(async (dir) => {
      await gatedPlan(dir);
      const r = await driveGlue("opencode", dir, await realPwf(dir));
      const [first, second, third] = r.result.system;
      assertEquals(first.length, 2, "one pwf entry after OpenCode's own");
      assertStringIncludes(first[1], "===BEGIN-PWF-DATA kind=plan");
      assertStringIncludes(first[1], "### Phase 2: Build");
      assertEquals(second, first, "same text on every request of a turn (prompt cache stays warm)");
      assertStringIncludes(third[1], "===BEGIN-PWF-DATA kind=plan");
      assertStringIncludes(
        r.result.toolOutput,
        "Wrote file successfully.\n\n[planning-with-files]",
      );
      assertStringIncludes(r.result.toolOutput, "progress.md");
      assertEquals(r.result.readOutput, "contents");
      assertEquals(r.result.compaction.length, 1);
      assertStringIncludes(r.result.compaction[0], "compaction");
      assertStringIncludes(r.stderr, "[pwf] advisory (OpenCode cannot block a stop)");
      assertStringIncludes(r.stderr, "Phase 2: Build");
    });
  },
}));

Deno.test(skipOnWindows(STAND_INS, {
  name:
    "pi extension with a working pwf: hidden plan message, write nudge appended, compaction reminder queued, gate block sent as a follow-up",
  fn: async () => {
    await inProject(async (dir) => {
      await gatedPlan(dir);
      const r = await driveGlue("pi", dir, await realPwf(dir));
      assertEquals(r.result.registered, [
        "before_agent_start",
        "input",
        "session_before_compact",
        "session_start",
        "tool_result",
        "turn_end",
      ]);
      const [first, second] = r.result.messages;
      assertEquals([first.message.customType, first.message.display], ["pwf", false]);
      assertStringIncludes(first.message.content, "===BEGIN-PWF-DATA kind=plan");
      assert(second !== null, "the second prompt gets the userprompt view");
      assertStringIncludes(second.message.content, "### Phase 2: Build");
      assertEquals(r.result.write.content[0], { type: "text", text: "Wrote a.ts" });
      assertStringIncludes(r.result.write.content[1].text, "progress.md");
      assertEquals(r.result.read, null);
      assertEquals(r.result.sent.length, 1);
      assertEquals(r.result.sent[0].o, { deliverAs: "nextTurn" });
      assertEquals(
        r.result.followUps.length,
        1,
        "only the final turn (no tool calls) asks the gate",
      );
      assertStringIncludes(r.result.followUps[0].t, "Phase 2: Build");
      assertEquals(r.result.followUps[0].o, { deliverAs: "followUp" });
    });
  },
}));

const PYTHON = await (async () => {
  try {
    const out = await new Deno.Command("python3", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .output();
    return out.success;
  } catch {
    return false;
  }
})();

/** Load the generated Hermes plugin in Python with a fake ctx and call each hook, PATH = binDir. */
async function driveHermes(dir: string, binDir: string) {
  const spec = findHost("hermes")!;
  const pkg = `${dir}/.hermes/plugins/pwf`;
  await Deno.mkdir(pkg, { recursive: true });
  await Deno.writeTextFile(`${pkg}/__init__.py`, manifestText(spec, "pwf"));
  const script = `
import importlib.util, json, logging, sys
logging.basicConfig(stream=sys.stderr, format="%(message)s")
spec = importlib.util.spec_from_file_location("pwf_plugin", sys.argv[1])
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
hooks = {}
class Ctx:
    def register_hook(self, name, fn): hooks[name] = fn
mod.register(Ctx())
print(json.dumps({
  "registered": sorted(hooks),
  "first": hooks["pre_llm_call"](session_id="s1", user_message="go", is_first_turn=True, model="m", platform="cli"),
  "later": hooks["pre_llm_call"](session_id="s1", user_message="more", is_first_turn=False),
  "write": hooks["transform_tool_result"](tool_name="write_file", args={"path": "a.py"}, result="ok", session_id="s1"),
  "read": hooks["transform_tool_result"](tool_name="read_file", args={}, result="ok", session_id="s1"),
  "verify": hooks["pre_verify"](session_id="s1", attempt=1, coding=True),
}))
`;
  const out = await new Deno.Command("python3", {
    args: ["-c", script, `${pkg}/__init__.py`],
    cwd: dir,
    env: { PATH: `${binDir}:/usr/bin:/bin`, HOME: dir },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assertEquals(out.code, 0, stderr);
  return { result: JSON.parse(new TextDecoder().decode(out.stdout)), stderr };
}

Deno.test(
  skipWhen(
    Deno.build.os === "windows" || !PYTHON,
    PYTHON ? `on Windows, ${STAND_INS}` : "python3 (Hermes's runtime) is not installed",
    {
      name:
        "hermes plugin: plan context from pre_llm_call, nudge on write_file, Claude-shaped block at pre_verify; pwf missing or failing leaves Hermes unchanged",
      fn: async () => {
        await inProject(async (dir) => {
          await gatedPlan(dir);
          const ok = await driveHermes(dir, await realPwf(dir));
          assertEquals(ok.result.registered, [
            "pre_llm_call",
            "pre_verify",
            "transform_tool_result",
          ]);
          assertStringIncludes(ok.result.first.context, "===BEGIN-PWF-DATA kind=plan");
          assertStringIncludes(ok.result.later.context, "### Phase 2: Build");
          assertStringIncludes(ok.result.write, "ok\n\n[planning-with-files]");
          assertEquals(ok.result.read, null);
          assertEquals(ok.result.verify.decision, "block");
          assertStringIncludes(ok.result.verify.reason, "Phase 2: Build");
          const none = {
            registered: ["pre_llm_call", "pre_verify", "transform_tool_result"],
            first: null,
            later: null,
            write: null,
            read: null,
            verify: null,
          };
          const failing = await driveHermes(dir, await standIn(dir, "cat >/dev/null; exit 1"));
          assertEquals(failing.result, none);
          assertStringIncludes(failing.stderr, "exited 1; no plan context");
          const empty = `${dir}/.empty-bin`;
          await Deno.mkdir(empty);
          const missing = await driveHermes(dir, empty);
          assertEquals(missing.result, none);
          assertStringIncludes(missing.stderr, "cannot run pwf");
        });
      },
    },
  ),
);

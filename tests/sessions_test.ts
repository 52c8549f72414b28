/**
 * Issue 17: many plans, many sessions. Each session keeps its own plan, pwf
 * never guesses between open plans, finished plans retire.
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, readText, REPO, runPwf, SAMPLE_PLAN, shownPath, writeText } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { skipOnWindows } from "./skip.ts";
import { bindingFileName, MAX_BINDINGS } from "../lib/core/session/binding.ts";
import { PRUNE_TO, readBinding } from "../lib/session/bindings.ts";
import { resolvePlan } from "../lib/session/resolve.ts";
import { STDIN_DEADLINE_MS } from "../lib/hosts/payload.ts";

const BINDINGS = ".planning/.cache/bindings";

/** A plan whose goal line names it, so each injection shows whose plan it carries. */
function planText(name: string, finished = false): string {
  const text = SAMPLE_PLAN.replace("Ship the sample feature with tests.", `Goal of plan ${name}.`);
  return finished ? text.replace(/in_progress|pending/g, "complete") : text;
}

async function plan(dir: string, id: string, finished = false): Promise<void> {
  await writeText(dir, `.planning/${id}/task_plan.md`, planText(id, finished));
}

/** One Claude Code hook fire for a session; returns the model-bound context ("" for none). */
async function fire(
  dir: string,
  session: string,
  event: "UserPromptSubmit" | "SessionStart" | "PreToolUse",
  extra: Record<string, unknown> = {},
  env: Record<string, string> = {},
): Promise<string> {
  const payload = { "session_id": session, cwd: dir, "hook_event_name": event, ...extra };
  const r = await runPwf(dir, ["hook", "claude", event], {
    stdin: JSON.stringify(payload),
    env,
  });
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "", `hook ${event} for ${session} wrote to stderr`);
  if (r.stdout === "") return "";
  return String(JSON.parse(r.stdout).hookSpecificOutput?.additionalContext ?? "");
}

/** Sessions A's and B's binding files as they are on disk (contents, or why they cannot be read). */
async function bindingFiles(dir: string): Promise<string> {
  const lines = [];
  for (const s of ["sess-A", "sess-B"]) {
    const path = `${dir}/${BINDINGS}/${bindingFileName(s)}`;
    const text = await Deno.readTextFile(path).catch((e) => `unreadable: ${e}`);
    lines.push(`  ${s} (${bindingFileName(s)}): ${text.trim()}`);
  }
  return lines.join("\n");
}

function assertCarries(context: string, id: string, other: string, what: string): void {
  assertStringIncludes(context, `Goal of plan ${id}.`, what);
  assert(!context.includes(`Goal of plan ${other}.`), `${what}: carries ${other}'s plan too`);
}

Deno.test("two sessions keep their own plans over 50 interleaved fires while another process switches .active_plan; /clear and compaction keep the binding", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    // Session A binds to p1 (from .active_plan), then .active_plan moves and session B binds to p2.
    const first = await fire(dir, "sess-A", "SessionStart", { source: "startup" });
    assertCarries(first, "p1", "p2", "A's first fire");
    assertStringIncludes(first, `This session's plan is "p1"`);
    assertStringIncludes(first, "--plan p1");
    assertStringIncludes(first, "pwf use <id> --session sess-A");
    assertEquals((await runPwf(dir, ["use", "p2"])).code, 0);
    assertCarries(await fire(dir, "sess-B", "UserPromptSubmit", { prompt: "go" }), "p2", "p1", "B");

    const switcher = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        ...PERMISSION_FLAGS,
        `${REPO}/tests/use_switcher.ts`,
        "p1",
        "p2",
      ],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const seen = new Set<string>();
    let latePayloads = 0;
    const before = await bindingFiles(dir);
    try {
      for (let i = 0; i < 25; i++) {
        // One fire of each session at the same time, while the switcher rewrites .active_plan.
        let [a, b] = await Promise.all([
          fire(dir, "sess-A", "UserPromptSubmit", { prompt: `a${i}` }),
          fire(dir, "sess-B", "UserPromptSubmit", { prompt: `b${i}` }),
        ]);
        // A fire whose payload came after the hook's stdin deadline saw no session id (its
        // context has no switch hint naming the session) and resolved as a terminal would: in
        // the Windows lane a loaded machine can delay the pipe write that long. That is the
        // deadline working, not a binding answer: fire that session again, alone. A hook that
        // never sees session ids still fails below, and such late fires must stay rare.
        const late = (ctx: string, s: string) => !ctx.includes(`pwf use <id> --session ${s}`);
        if (late(a, "sess-A")) {
          latePayloads++;
          a = await fire(dir, "sess-A", "UserPromptSubmit", { prompt: `a${i}` });
        }
        if (late(b, "sess-B")) {
          latePayloads++;
          b = await fire(dir, "sess-B", "UserPromptSubmit", { prompt: `b${i}` });
        }
        const carried = (ctx: string, id: string, other: string) =>
          ctx.includes(`Goal of plan ${id}.`) && !ctx.includes(`Goal of plan ${other}.`);
        const now = await bindingFiles(dir);
        if (!carried(a, "p1", "p2") || !carried(b, "p2", "p1") || now !== before) {
          // Say what the bindings were and are, and what pwf resolves for each session now.
          const why = [`fire ${i}: the sessions' bindings before the loop:`, before, "now:", now];
          for (const s of ["sess-A", "sess-B"]) {
            const r = await runPwf(dir, ["resolve", "--json"], { env: { PWF_SESSION_ID: s } });
            why.push(`pwf resolve --json for ${s} (exit ${r.code}): ${r.stdout}${r.stderr}`);
          }
          for (const [s, ctx] of [["sess-A", a], ["sess-B", b]] as const) {
            // The switch hint names the session the hook saw: none when its payload came too late.
            if (!ctx.includes(`pwf use <id> --session ${s}`)) {
              why.push(
                `${s}'s fire saw no session id: its payload was not read within the hook's ${STDIN_DEADLINE_MS} ms stdin deadline`,
              );
            }
          }
          const receipts = await readText(
            dir,
            ".planning/.cache/receipts-claude-UserPromptSubmit.jsonl",
          )
            .catch((e) => String(e));
          why.push(`the last receipts: ${receipts.trim().split("\n").slice(-4).join("\n")}`);
          why.push(`A's context: ${a}`, `B's context: ${b}`);
          assertCarries(a, "p1", "p2", `fire ${i} of session A\n${why.join("\n")}`);
          assertCarries(b, "p2", "p1", `fire ${i} of session B\n${why.join("\n")}`);
          assertEquals(now, before, `fire ${i} rewrote a binding\n${why.join("\n")}`);
        }
        seen.add((await readText(dir, ".planning/.active_plan")).trim());
      }
    } finally {
      await Deno.mkdir(`${dir}/.planning/.cache`, { recursive: true });
      await Deno.writeTextFile(`${dir}/.planning/.cache/stop-switcher`, "");
    }
    assert(latePayloads <= 5, `${latePayloads} of 50 fires saw no session id (stdin deadline)`);
    const out = await switcher.output();
    const dec = new TextDecoder();
    assertEquals(out.code, 0, dec.decode(out.stderr));
    const switches = Number(dec.decode(out.stdout).trim());
    assert(switches >= 2, `the third process switched .active_plan only ${switches} times`);
    assertEquals(seen.size, 2, `.active_plan was seen as ${[...seen].join(", ")} between fires`);
    await Deno.remove(`${dir}/.planning/.cache/stop-switcher`);

    // /clear and compaction start the same session again: still its plan, whatever .active_plan says.
    for (const pointer of ["p2", "p1"]) {
      await writeText(dir, ".planning/.active_plan", `${pointer}\n`);
      for (const source of ["clear", "compact"]) {
        assertCarries(await fire(dir, "sess-A", "SessionStart", { source }), "p1", "p2", source);
        assertCarries(await fire(dir, "sess-B", "SessionStart", { source }), "p2", "p1", source);
      }
    }
  });
});

Deno.test("Claude Code's /clear starts a new session id: it keeps the plan of the session before it in the same process only", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    const proc = (pid: string) => ({ CLAUDE_PID: pid });
    await fire(dir, "before-clear", "SessionStart", { source: "startup" }, proc("4242"));
    await fire(dir, "other-proc", "SessionStart", { source: "startup" }, proc("7777"));
    await writeText(dir, ".planning/.active_plan", "p2\n");
    const cleared = await fire(
      dir,
      "after-clear",
      "SessionStart",
      { source: "clear" },
      proc("4242"),
    );
    assertCarries(cleared, "p1", "p2", "the session after /clear");
    assertCarries(
      await fire(dir, "after-clear", "UserPromptSubmit", { prompt: "x" }, proc("4242")),
      "p1",
      "p2",
      "its next prompt",
    );
    // Another process's /clear, and a startup in the same process, do not take it over.
    assertCarries(
      await fire(dir, "clear-elsewhere", "SessionStart", { source: "clear" }, proc("5555")),
      "p2",
      "p1",
      "other process",
    );
    assertCarries(
      await fire(dir, "fresh", "SessionStart", { source: "startup" }, proc("4242")),
      "p2",
      "p1",
      "startup",
    );
  });
});

Deno.test("pwf use in a session's shell switches that session only; .active_plan and the other session stay", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    await fire(dir, "sess-A", "UserPromptSubmit", { prompt: "x" });
    await fire(dir, "sess-B", "UserPromptSubmit", { prompt: "x" });
    // Claude Code exports the session id to the agent's shell as CLAUDE_CODE_SESSION_ID.
    const sw = await runPwf(dir, ["use", "p2"], { env: { CLAUDE_CODE_SESSION_ID: "sess-B" } });
    assertEquals(sw.code, 0, sw.stderr);
    assertStringIncludes(sw.stdout, "Session sess-B now uses plan p2");
    assertEquals(await readText(dir, ".planning/.active_plan"), "p1\n");
    assertCarries(await fire(dir, "sess-B", "UserPromptSubmit", { prompt: "y" }), "p2", "p1", "B");
    assertCarries(await fire(dir, "sess-A", "UserPromptSubmit", { prompt: "y" }), "p1", "p2", "A");
    // Commands in that shell follow the session too; PWF_SESSION_ID works for any host.
    const r = await runPwf(dir, ["resolve", "--json"], { env: { PWF_SESSION_ID: "sess-B" } });
    assertEquals([JSON.parse(r.stdout).id, JSON.parse(r.stdout).source], ["p2", "session"]);
    const shown = await runPwf(dir, ["use"], { env: { PWF_SESSION_ID: "sess-B" } });
    assertEquals(shown.stdout, "p2\n");
    // --active sets the project default even from a session's shell.
    await runPwf(dir, ["use", "p2", "--active"], { env: { PWF_SESSION_ID: "sess-A" } });
    assertEquals(await readText(dir, ".planning/.active_plan"), "p2\n");
    assertCarries(await fire(dir, "sess-A", "UserPromptSubmit", { prompt: "z" }), "p1", "p2", "A");
  });
});

Deno.test("three open plans and nothing chosen: hooks inject a bounded notice naming them, commands exit 5 with the list", async () => {
  await inProject(async (dir) => {
    for (const id of ["alpha", "beta", "gamma"]) await plan(dir, id);
    const env = { PWF_MAX_INJECT_CHARS: "1000" };
    const text = await fire(dir, "s1", "UserPromptSubmit", { prompt: "go" }, env);
    assertStringIncludes(text, "3 plans are open");
    assertStringIncludes(text, "alpha, beta, gamma");
    assertStringIncludes(text, "--plan <id>");
    assert(
      !text.includes("BEGIN-PWF-DATA"),
      "no plan may be injected when pwf would have to guess",
    );
    assert(text.length <= 1000, `notice of ${text.length} characters exceeds the budget`);
    assertEquals(await fire(dir, "s1", "PreToolUse", { tool_name: "Bash" }), "");
    for (const args of [["status"], ["resolve"], ["phase", "2", "complete"], ["check"]]) {
      const r = await runPwf(dir, args);
      assertEquals(r.code, 5, `pwf ${args.join(" ")}: ${r.stderr}`);
      assertStringIncludes(r.stderr, "alpha, beta, gamma");
    }
    // The refusal made no binding: choosing afterwards is still possible.
    const made = await Array.fromAsync(Deno.readDir(`${dir}/${BINDINGS}`)).catch(() => []);
    assertEquals(made.length, 0, "a refusal must not bind the session");
    // Many open plans: the list is cut and counted, the notice stays in budget.
    for (let i = 0; i < 12; i++) {
      await plan(dir, `extra-${String(i).padStart(2, "0")}-${"x".repeat(70)}`);
    }
    const many = await fire(dir, "s1", "UserPromptSubmit", { prompt: "go" }, env);
    assertStringIncludes(many, "15 plans are open");
    assertStringIncludes(many, "pwf archive <id>");
    assert(/Open: alpha, beta, .* and 1[0-9] more; nothing injected\.\n$/.test(many), many);
    assert(many.length <= 1000, `notice of ${many.length} characters exceeds the budget`);
  });
});

Deno.test("one open plan beside finished and archived ones: the open one is used", async () => {
  await inProject(async (dir) => {
    await plan(dir, "done-1", true);
    await plan(dir, "open-1");
    await writeText(dir, `.planning/.archive/old-1/task_plan.md`, planText("old-1"));
    await Deno.utime(`${dir}/.planning/open-1/task_plan.md`, 1000, 1000);
    const r = await runPwf(dir, ["resolve", "--json"]);
    assertEquals([r.code, JSON.parse(r.stdout).id, JSON.parse(r.stdout).source], [
      0,
      "open-1",
      "only_open",
    ]);
    assertCarries(
      await fire(dir, "s1", "UserPromptSubmit", { prompt: "x" }),
      "open-1",
      "done-1",
      "fire",
    );
    const list = await runPwf(dir, ["use", "--list", "--json"]);
    const rows = JSON.parse(list.stdout).plans as { id: string; state: string }[];
    assertEquals(rows.map((p) => [p.id, p.state]), [["done-1", "finished"], ["open-1", "open"]]);
  });
});

/** Every file under .planning with its bytes (what "changes nothing" compares). */
async function snapshot(dir: string): Promise<string> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    for await (const e of Deno.readDir(`${dir}/${rel}`)) {
      if (e.isDirectory) await walk(`${rel}/${e.name}`);
      else out.push(`${rel}/${e.name}=${await Deno.readTextFile(`${dir}/${rel}/${e.name}`)}`);
    }
  }
  await walk(".planning");
  return out.sort().join("\n");
}

Deno.test("archive refuses an unfinished plan without --force and changes nothing; with it the plan leaves resolution and listing; unarchive brings it back", async () => {
  await inProject(async (dir) => {
    await plan(dir, "keep");
    await plan(dir, "retire");
    await writeText(dir, ".planning/.active_plan", "retire\n");
    const before = await snapshot(dir);
    const no = await runPwf(dir, ["archive", "retire"]);
    assertEquals(no.code, 3, no.stderr);
    assertStringIncludes(no.stderr, "--force");
    assertEquals(await snapshot(dir), before);

    const yes = await runPwf(dir, ["archive", "retire", "--force"]);
    assertEquals(yes.code, 0, yes.stderr);
    assertEquals(await readText(dir, ".planning/.archive/retire/task_plan.md"), planText("retire"));
    const r = await runPwf(dir, ["resolve", "--json"]);
    assertEquals([JSON.parse(r.stdout).id, JSON.parse(r.stdout).source], ["keep", "only_open"]);
    const ids = async (args: string[]) =>
      (JSON.parse((await runPwf(dir, ["use", "--list", "--json", ...args])).stdout).plans as {
        id: string;
        state: string;
      }[]).map((p) => `${p.id}:${p.state}`);
    assertEquals(await ids([]), ["keep:open"]);
    assertEquals(await ids(["--all"]), ["keep:open", "retire:archived"]);
    const useArchived = await runPwf(dir, ["use", "retire"]);
    assertEquals(useArchived.code, 5);
    assertStringIncludes(
      useArchived.stderr,
      `it is archived; "pwf unarchive retire" brings it back`,
    );
    assertEquals((await runPwf(dir, ["resolve"], { env: { PLAN_ID: "retire" } })).code, 5);

    const back = await runPwf(dir, ["unarchive", "retire"]);
    assertEquals(back.code, 0, back.stderr);
    assertEquals(await ids([]), ["keep:open", "retire:open"]);
    assertEquals(await readText(dir, ".planning/retire/task_plan.md"), planText("retire"));
    // A finished plan needs no --force; with no ID, archive takes the plan this terminal resolves.
    await writeText(dir, ".planning/retire/task_plan.md", planText("retire", true));
    const implicit = await runPwf(dir, ["archive"], { env: { PLAN_ID: "retire" } });
    assertEquals(implicit.code, 0, implicit.stderr);
    assertEquals(await ids(["--all"]), ["keep:open", "retire:archived"]);
  });
});

Deno.test("a hook fire during archive and unarchive sees the whole plan or none of it, never a half-moved one", async () => {
  await inProject(async (dir) => {
    await plan(dir, "moving");
    await plan(dir, "other");
    const fires = (async () => {
      const outs: string[] = [];
      for (let i = 0; i < 8; i++) {
        outs.push(
          await fire(dir, "s1", "UserPromptSubmit", { prompt: "x" }, { PLAN_ID: "moving" }),
        );
      }
      return outs;
    })();
    for (let i = 0; i < 4; i++) {
      assertEquals((await runPwf(dir, ["archive", "moving", "--force"])).code, 0);
      assertEquals((await runPwf(dir, ["unarchive", "moving"])).code, 0);
    }
    for (const out of await fires) {
      if (out.includes("BEGIN-PWF-DATA")) {
        assertCarries(out, "moving", "other", "a fire that saw the plan");
        assertStringIncludes(out, "### Phase 5: Deliver");
      } else if (out !== "") {
        // Resolved after the move: the one-line refusal. (Resolved before it and read after: nothing.)
        assertStringIncludes(out, `PLAN_ID='moving' names no plan`);
      }
    }
  });
});

Deno.test("1000 sessions leave at most MAX_BINDINGS binding files; the newest stay bound", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    const env = (_: string) => undefined;
    for (let i = 0; i < 1000; i++) {
      const r = resolvePlan(dir, env, {
        id: `session-${i}`,
        bind: { host: "claude", now: new Date() },
      });
      assertEquals(r.kind, "plan");
    }
    const files = await Array.fromAsync(Deno.readDir(`${dir}/${BINDINGS}`));
    assert(files.length <= MAX_BINDINGS, `${files.length} binding files`);
    assert(files.length >= PRUNE_TO, `pruning removed too much: ${files.length} left`);
    assertEquals(readBinding(dir, "session-999").kind, "bound");
    assertEquals(readBinding(dir, "session-0").kind, "none");
    const doctor = await runPwf(dir, ["doctor"]);
    assertStringIncludes(doctor.stdout, `sessions bound: p1 ${files.length}`);
  });
});

/**
 * Call `fn` with Deno.lstatSync failing `times` times, with `fault()`, for
 * the path ending in `suffix` (the lookups containment makes): a lookup that
 * fails for a moment, as under Wine while other processes rename files.
 */
function lstatFaulty<T>(suffix: string, times: number, fault: () => Error, fn: () => T): T {
  const orig = Deno.lstatSync;
  let left = times;
  Deno.lstatSync = (p) => {
    if (left > 0 && String(p).replaceAll("\\", "/").endsWith(suffix)) {
      left--;
      throw fault();
    }
    return orig(p);
  };
  try {
    return fn();
  } finally {
    Deno.lstatSync = orig;
  }
}

Deno.test("a session keeps its plan when a lookup of its binding or of its plan fails for a moment; a binding that stays unreadable is not written over", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    const scope = { id: "sess-A", bind: { host: "claude", now: new Date() } };
    const resolved = (r: ReturnType<typeof resolvePlan>) =>
      r.kind === "plan" ? [r.plan.id, r.source] : [r.kind, r.why];
    assertEquals(resolved(resolvePlan(dir, () => undefined, scope)), ["p1", "active_plan"]);
    await writeText(dir, ".planning/.active_plan", "p2\n");
    const file = `${BINDINGS}/${bindingFileName("sess-A")}`;
    const bound = await readText(dir, file);
    const missing = () => new Deno.errors.NotFound("The system cannot find the file specified.");
    const denied = () => new Deno.errors.PermissionDenied("Access is denied. (os error 5)");
    const faults: [string, string, number, () => Error][] = [
      ["the binding reads as missing", file, 3, missing],
      ["the binding's lookup fails", file, 4, denied],
      ["the bindings directory reads as missing", BINDINGS, 3, missing],
      ["the plan looks gone", ".planning/p1/task_plan.md", 3, missing],
    ];
    for (const [what, suffix, times, fault] of faults) {
      const r = lstatFaulty(suffix, times, fault, () => resolvePlan(dir, () => undefined, scope));
      assertEquals(resolved(r), ["p1", "session"], what);
      assertEquals(await readText(dir, file), bound, `${what}: the binding was written over`);
    }
    // Unreadable for good: this fire falls through to .active_plan, the binding stays as it is.
    const r = lstatFaulty(file, Infinity, denied, () => resolvePlan(dir, () => undefined, scope));
    assertEquals(resolved(r), ["p2", "active_plan"]);
    assertStringIncludes(r.kind === "plan" ? r.why : "", "session binding ignored");
    assertEquals(await readText(dir, file), bound, "an unreadable binding was written over");
    assertEquals(resolved(resolvePlan(dir, () => undefined, scope)), ["p1", "session"]);
  });
});

Deno.test("a corrupt, foreign or oversized binding file is ignored and replaced; the session resolves afresh", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    const file = `${BINDINGS}/${bindingFileName("sess-X")}`;
    for (
      const bad of [
        "\u0000garbage",
        JSON.stringify({ v: 1, session: "someone-else", plan: "p2", host: "claude", seen: "" }),
        JSON.stringify({ v: 1, session: "sess-X", plan: "../p2", host: "claude", seen: "" }),
        JSON.stringify({ v: 1, session: "sess-X", plan: "p2", pad: "x".repeat(2000) }),
      ]
    ) {
      await writeText(dir, file, bad);
      const r = await runPwf(dir, ["resolve", "--json"], { env: { PWF_SESSION_ID: "sess-X" } });
      assertEquals(
        [JSON.parse(r.stdout).id, JSON.parse(r.stdout).source],
        ["p1", "active_plan"],
        bad,
      );
      assertStringIncludes(JSON.parse(r.stdout).why, "session binding ignored");
      const doctor = await runPwf(dir, ["doctor"]);
      assertStringIncludes(doctor.stdout, "WARN  sessions:");
      // The next hook fire of that session binds it properly again.
      assertCarries(
        await fire(dir, "sess-X", "UserPromptSubmit", { prompt: "x" }),
        "p1",
        "p2",
        bad,
      );
      assertEquals(JSON.parse(await readText(dir, file)).plan, "p1");
    }
  });
});

Deno.test(skipOnWindows(
  "creating a symlink needs a privilege the runner may not have (containment's symlink refusal is covered by tests/escape_test.ts)",
  {
    name:
      "a symlinked binding file is refused: never followed, never written through, doctor fails",
    fn: async () => {
      await inProject(async (dir) => {
        await plan(dir, "p1");
        await plan(dir, "p2");
        await writeText(dir, ".planning/.active_plan", "p1\n");
        const outside = `${dir}/outside-binding.json`;
        const planted = JSON.stringify({
          v: 1,
          session: "sess-L",
          plan: "p2",
          host: "claude",
          seen: "",
        });
        await Deno.writeTextFile(outside, planted);
        await Deno.mkdir(`${dir}/${BINDINGS}`, { recursive: true });
        await Deno.symlink(outside, `${dir}/${BINDINGS}/${bindingFileName("sess-L")}`);
        assertCarries(
          await fire(dir, "sess-L", "UserPromptSubmit", { prompt: "x" }),
          "p1",
          "p2",
          "fire",
        );
        assertEquals(await Deno.readTextFile(outside), planted);
        const doctor = await runPwf(dir, ["doctor"]);
        assertStringIncludes(doctor.stdout, "FAIL  sessions:");
        assertEquals(doctor.code, 1);
      });
    },
  },
));

Deno.test("status and doctor say which plan this terminal resolves and why, which plans are open, how many sessions are bound", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    await writeText(dir, ".planning/.active_plan", "p1\n");
    await fire(dir, "a", "UserPromptSubmit", { prompt: "x" });
    await fire(dir, "b", "UserPromptSubmit", { prompt: "x" });
    await runPwf(dir, ["use", "p2"], { env: { PWF_SESSION_ID: "b" } });
    const s = await runPwf(dir, ["status"]);
    assertStringIncludes(s.stdout, `named by ${shownPath(".planning/.active_plan")}`);
    assertStringIncludes(
      s.stdout,
      "Plans: 2 open (p1, p2), 0 finished, 0 archived; sessions bound: p1 1, p2 1",
    );
    const j = JSON.parse(
      (await runPwf(dir, ["status", "--json"], { env: { PWF_SESSION_ID: "b" } })).stdout,
    );
    assertEquals([j.id, j.source, j.session], ["p2", "session", "b"]);
    assertEquals(j.sessions, [{ plan: "p1", count: 1 }, { plan: "p2", count: 1 }]);
    const d = await runPwf(dir, ["doctor"]);
    assertStringIncludes(
      d.stdout,
      `PASS  plan: ${shownPath(".planning/p1")} (named by ${shownPath(".planning/.active_plan")})`,
    );
    assertStringIncludes(d.stdout, "PASS  sessions: 2 open (p1, p2)");
    await Deno.remove(`${dir}/.planning/.active_plan`);
    const amb = await runPwf(dir, ["doctor"]);
    assertStringIncludes(amb.stdout, "WARN  plan: 2 plans are open");
  });
});

Deno.test("PLAN_ID still binds a bound session with no fallback, and .active_plan still picks the plan of a single unbound session", async () => {
  await inProject(async (dir) => {
    await plan(dir, "p1");
    await plan(dir, "p2");
    // One session, two plans: .active_plan chooses, as before sessions existed.
    await writeText(dir, ".planning/.active_plan", "p2\n");
    assertCarries(await fire(dir, "solo", "UserPromptSubmit", { prompt: "x" }), "p2", "p1", "solo");
    // PLAN_ID wins over the binding; naming no plan, it resolves nothing (no fallback).
    const env = (id: string) => ({ PLAN_ID: id });
    const prompt = { prompt: "y" };
    assertCarries(await fire(dir, "solo", "UserPromptSubmit", prompt, env("p1")), "p1", "p2", "id");
    const ghost = await fire(dir, "solo", "UserPromptSubmit", prompt, env("ghost"));
    assertStringIncludes(ghost, "PLAN_ID='ghost' names no plan");
    assert(!ghost.includes("Goal of plan"), `a plan was injected despite PLAN_ID=ghost: ${ghost}`);
    const r = await runPwf(dir, ["status"], { env: { PLAN_ID: "ghost", PWF_SESSION_ID: "solo" } });
    assertEquals(r.code, 5, r.stderr);
    // Without PLAN_ID the session is still on the plan it was bound to.
    assertCarries(await fire(dir, "solo", "UserPromptSubmit", prompt), "p2", "p1", "after");
  });
});

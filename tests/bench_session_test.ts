/**
 * The bench's session workload and hook matching (bench/session.ts): the
 * composition issue 32 names, Claude Code's matcher rule, and reading both
 * sides' registrations.
 */

import { assert, assertEquals } from "./assert.ts";
import {
  claudePayload,
  matches,
  runsFor,
  sessionFires,
  settingsRegistrations,
  skillRegistrations,
  tally,
} from "../bench/session.ts";

Deno.test("a session is 1 SessionStart, 20 prompts, 100 pre-tool, 40 post-tool (20 shell), 5 Stop", () => {
  const fires = sessionFires();
  assertEquals(Object.fromEntries(tally(fires)), {
    SessionStart: 1,
    UserPromptSubmit: 20,
    PreToolUse: 100,
    PostToolUse: 20,
    "PostToolUse(Bash)": 20,
    Stop: 5,
  });
  assertEquals(fires.length, 166);
});

Deno.test("a session starts with SessionStart, each turn with a prompt, and Stop ends every 4th turn", () => {
  const fires = sessionFires();
  assertEquals(fires[0], { event: "SessionStart" });
  assertEquals(fires[1], { event: "UserPromptSubmit" });
  assertEquals(fires.at(-1), { event: "Stop" });
  const turns = fires.slice(1).map((f) => f.event).join(" ").split("UserPromptSubmit").slice(1);
  assertEquals(turns.length, 20);
  assertEquals(
    turns.map((t, i) => t.includes("Stop") === ((i + 1) % 4 === 0)).every(Boolean),
    true,
  );
});

Deno.test("every PostToolUse follows the PreToolUse of the same tool", () => {
  const fires = sessionFires();
  fires.forEach((f, i) => {
    if (f.event === "PostToolUse") {
      assertEquals(fires[i - 1], { event: "PreToolUse", tool: f.tool });
    }
  });
});

Deno.test("matches() follows Claude Code: whole-name patterns, and absent, empty or * match all", () => {
  assert(matches("Write|Edit", "Edit"));
  assert(!matches("Write|Edit", "MultiEdit"), "a pattern matches the whole tool name");
  assert(!matches("Edit", "Read"));
  for (const m of [undefined, "", "*"]) assert(matches(m, "TodoWrite"));
  assert(matches("Bash", undefined), "an event without a tool ignores the matcher");
});

Deno.test("runsFor() selects the registrations of the fire's event whose matcher takes its tool", () => {
  const regs = [
    { event: "PostToolUse", matcher: "Write|Edit", run: ["a"] },
    { event: "PostToolUse", matcher: "Bash", run: ["b"] },
    { event: "Stop", run: ["c"] },
  ];
  assertEquals(runsFor(regs, { event: "PostToolUse", tool: "Bash" }).map((r) => r.run[0]), ["b"]);
  assertEquals(runsFor(regs, { event: "PostToolUse", tool: "Read" }), []);
  assertEquals(runsFor(regs, { event: "Stop" }).map((r) => r.run[0]), ["c"]);
});

Deno.test("settingsRegistrations() reads a Claude Code settings file's hooks, command then args", () => {
  const json = JSON.stringify({
    hooks: {
      SessionStart: [{
        hooks: [{ type: "command", command: "pwf", args: ["hook", "claude", "SessionStart"] }],
      }],
      PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "x y" }] }],
    },
  });
  assertEquals(settingsRegistrations(json), [
    { event: "SessionStart", run: ["pwf", "hook", "claude", "SessionStart"] },
    { event: "PreToolUse", matcher: "Edit", run: ["x y"] },
  ]);
});

Deno.test("settingsRegistrations() reads pwf's generated Claude Code manifest", async () => {
  const regs = settingsRegistrations(
    await Deno.readTextFile(new URL("../hooks/claude/settings.json", import.meta.url)),
  );
  for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
    const r = regs.find((x) => x.event === event);
    assertEquals(r?.run.slice(1), ["hook", "claude", event]);
  }
});

const SKILL = [
  "---",
  "name: demo",
  'description: "hooks: not this"',
  "hooks:",
  "  UserPromptSubmit:",
  "    - hooks:",
  "        - type: command",
  '          command: "sh \\"$D/a.sh\\" --event=userprompt; exit 0"',
  "  PreToolUse:",
  '    - matcher: "Write|Edit"',
  "      hooks:",
  "        - type: command",
  '          command: "sh b.sh --event=pretool"',
  "  Stop:",
  "    - hooks:",
  "        - type: command",
  '          command: "sh c.sh"',
  "---",
  "",
  "# Body",
  '          command: "not front matter"',
].join("\r\n");

Deno.test("skillRegistrations() reads a SKILL.md front matter's hooks, CRLF or LF, matchers per event", () => {
  for (const text of [SKILL, SKILL.replaceAll("\r\n", "\n")]) {
    assertEquals(skillRegistrations(text), [
      {
        event: "UserPromptSubmit",
        run: ["sh", "-c", 'sh "$D/a.sh" --event=userprompt; exit 0'],
      },
      { event: "PreToolUse", matcher: "Write|Edit", run: ["sh", "-c", "sh b.sh --event=pretool"] },
      { event: "Stop", run: ["sh", "-c", "sh c.sh"] },
    ]);
  }
});

Deno.test("claudePayload() carries what each event's hook reads", () => {
  const p = (e: string, tool?: string) =>
    JSON.parse(claudePayload(tool === undefined ? { event: e } : { event: e, tool }));
  assertEquals(p("UserPromptSubmit").prompt, "go on");
  assertEquals(p("Stop").stop_hook_active, false);
  assertEquals(p("SessionStart").source, "startup");
  assertEquals(p("PreToolUse", "Edit").tool_input.file_path, "src/a.ts");
  assertEquals(p("PostToolUse", "Bash").tool_response.stdout, "a.ts");
  assertEquals(p("PostToolUse", "Bash").tool_input.command, "ls -la src");
  assertEquals(p("PreToolUse", "Read").tool_response, undefined);
});

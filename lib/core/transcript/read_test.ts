import { assertEquals } from "../../../tests/assert.ts";
import { replayEntries } from "../catchup/replay.ts";
import { catchupSummary, formatAge, renderCatchupSummary } from "../catchup/summary.ts";
import { parseFrames } from "../inject/framing.ts";
import { parseTranscript } from "./read.ts";

const ROOT = "/home/dev/app";

function jsonl(...records: unknown[]): Uint8Array {
  return new TextEncoder().encode(records.map((r) => JSON.stringify(r)).join("\n") + "\n");
}

function claudeTool(id: string, name: string, input: Record<string, unknown>, cwd = ROOT) {
  return {
    type: "assistant",
    cwd,
    message: { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
  };
}

function claudeResult(id: string, isError: boolean, cwd = ROOT) {
  return {
    type: "user",
    cwd,
    message: {
      content: [{ type: "tool_result", tool_use_id: id, is_error: isError, content: "x" }],
    },
  };
}

const user = (text: string, cwd: string | null = ROOT) => ({
  type: "user",
  ...(cwd === null ? {} : { cwd }),
  message: { content: text },
});

Deno.test("parseTranscript() does not count a Claude Edit of progress.md whose result is an error", () => {
  const t = parseTranscript(
    jsonl(
      claudeTool("a", "Write", { file_path: `${ROOT}/task_plan.md` }),
      claudeTool("b", "Edit", { file_path: `${ROOT}/.planning/p/progress.md` }),
      claudeResult("b", true),
    ),
    ROOT,
    false,
  );
  assertEquals(t.lastWrite, { line: 1, tool: "Write", file: "task_plan.md", path: "task_plan.md" });
});

Deno.test("parseTranscript() counts MultiEdit of findings.md and ignores look-alike names and other roots", () => {
  const t = parseTranscript(
    jsonl(
      claudeTool("a", "MultiEdit", { file_path: `${ROOT}/.planning/p/findings.md`, edits: [] }),
      claudeTool("b", "Write", { file_path: `${ROOT}/docs/my_task_plan.md` }),
      claudeTool("c", "Write", { file_path: "/tmp/elsewhere/progress.md" }),
      claudeTool("d", "Read", { file_path: `${ROOT}/progress.md` }),
    ),
    ROOT,
    false,
  );
  assertEquals(t.lastWrite?.line, 1);
  assertEquals(t.lastWrite?.tool, "MultiEdit");
});

Deno.test("parseTranscript() needs Codex apply_patch to be confirmed: output success or patch_apply_end", () => {
  const meta = { type: "session_meta", payload: { cwd: ROOT } };
  const patch = (id: string) => ({
    type: "response_item",
    payload: {
      type: "custom_tool_call",
      call_id: id,
      name: "apply_patch",
      input: "*** Begin Patch\n*** Update File: progress.md\n@@\n-a\n+b\n*** End Patch",
    },
  });
  const unconfirmed = parseTranscript(jsonl(meta, patch("c1")), ROOT, false);
  assertEquals(unconfirmed.lastWrite, null);
  const byEvent = parseTranscript(
    jsonl(meta, patch("c1"), {
      type: "event_msg",
      payload: {
        type: "patch_apply_end",
        call_id: "c1",
        success: true,
        changes: { [`${ROOT}/progress.md`]: {} },
      },
    }),
    ROOT,
    false,
  );
  assertEquals(byEvent.lastWrite?.line, 3);
  const fnCall = parseTranscript(
    jsonl(meta, {
      type: "response_item",
      payload: {
        type: "function_call",
        name: "apply_patch",
        call_id: "c2",
        arguments: JSON.stringify({
          input: "*** Begin Patch\n*** Add File: .planning/p/task_plan.md\n+x\n*** End Patch",
        }),
      },
    }, {
      type: "response_item",
      payload: {
        type: "function_call_output",
        call_id: "c2",
        output: "Exit code: 0\nOutput:\nSuccess.",
      },
    }),
    ROOT,
    false,
  );
  assertEquals(fnCall.lastWrite?.file, "task_plan.md");
  assertEquals(fnCall.lastWrite?.line, 2);
});

Deno.test("parseTranscript() keeps cwd-less records only while no record names another directory", () => {
  const alone = parseTranscript(jsonl(user("no cwd here", null), user("mine")), ROOT, false);
  assertEquals(alone.records.length, 2);
  const mixed = parseTranscript(
    jsonl(user("no cwd here", null), user("mine"), user("theirs", "/home/dev/other")),
    ROOT,
    false,
  );
  assertEquals(mixed.records.map((r) => r.line), [2]);
  assertEquals(mixed.stats.otherProject, 2);
  assertEquals(mixed.status, "ok");
});

Deno.test("parseTranscript() keeps records from a subdirectory of the root but not from a sibling with a common prefix", () => {
  const t = parseTranscript(
    jsonl(user("in src", `${ROOT}/src`), user("sibling", `${ROOT}-old`)),
    ROOT,
    false,
  );
  assertEquals(t.records.map((r) => r.line), [1]);
});

Deno.test("parseTranscript() gives Codex records the cwd of the latest session_meta or turn_context", () => {
  const msg = (text: string) => ({
    type: "response_item",
    payload: { type: "message", role: "user", content: [{ type: "input_text", text }] },
  });
  const t = parseTranscript(
    jsonl(
      { type: "session_meta", payload: { cwd: "/home/dev/other" } },
      msg("theirs"),
      { type: "turn_context", payload: { cwd: ROOT } },
      msg("mine"),
    ),
    ROOT,
    false,
  );
  assertEquals(t.records.map((r) => r.line), [3, 4]);
  assertEquals(t.format, "codex");
});

Deno.test("parseTranscript() drops the record cut by the read limit and tolerates CRLF and a BOM", () => {
  const bytes = new TextEncoder().encode(
    "\uFEFF" + JSON.stringify(user("first")) + "\r\n" + JSON.stringify(user("second")).slice(0, 20),
  );
  const cut = parseTranscript(bytes, ROOT, true);
  assertEquals(cut.records.length, 1);
  assertEquals(cut.stats.malformed, 1);
  assertEquals(parseTranscript(new Uint8Array(), ROOT, false).status, "empty");
});

Deno.test("replayEntries() lists text and tool calls after the write, tool paths relative to the root", () => {
  const t = parseTranscript(
    jsonl(
      user("before"),
      claudeTool("w", "Write", { file_path: `${ROOT}/progress.md` }),
      claudeTool("g", "Grep", { pattern: "TODO" }),
      claudeTool("e", "Edit", { file_path: `${ROOT}/src/a.ts` }),
      claudeResult("e", true),
    ),
    ROOT,
    false,
  );
  assertEquals(replayEntries(t, ROOT).map((e) => e.text), [
    "Grep: TODO",
    "Edit: src/a.ts (failed)",
  ]);
});

Deno.test("formatAge() words ages in minutes, hours and days", () => {
  assertEquals(formatAge(-5), "just now");
  assertEquals(formatAge(59_000), "just now");
  assertEquals(formatAge(119 * 60_000), "119 minutes ago");
  assertEquals(formatAge(47 * 3_600_000), "47 hours ago");
  assertEquals(formatAge(49 * 3_600_000), "2 days ago");
});

Deno.test("renderCatchupSummary() frames plan text and says what to do when no phase is in progress", async () => {
  const s = catchupSummary({
    plan: { id: "p", dir: ".planning/p", why: "named by PLAN_ID" },
    ledger: { records: 2, summary: "=== RUN LEDGER ===\nentries: 2\n" },
    now: new Date(Date.UTC(2025, 0, 2)),
    files: [
      {
        name: "task_plan.md",
        state: "file",
        text: "# T\n### Phase 1: A\n**Status:** complete\n### Phase 2: B\n**Status:** pending\n",
        truncated: false,
        mtimeMs: Date.UTC(2025, 0, 1),
      },
      { name: "progress.md", state: "missing", text: "", truncated: false, mtimeMs: 0 },
    ],
  });
  const text = await renderCatchupSummary(s);
  assertEquals(parseFrames(text).map((f) => f.kind), ["plan", "ledger"]);
  assertEquals(s.lastChanged, {
    file: "task_plan.md",
    mtime: "2025-01-01T00:00:00Z",
    ageMs: 86_400_000,
  });
  assertEquals(
    s.steps[2],
    'No phase is in progress: start Phase 2 with "pwf phase 2 in_progress".',
  );
  assertEquals(text.includes("Note: progress.md: missing\n"), true);
});

Deno.test("renderCatchupSummary() can leave out the DATA ONLY line and excerpts for the session-start tier", async () => {
  const s = catchupSummary({
    plan: { id: "p", dir: ".planning/p", why: "" },
    ledger: { records: 1, summary: "=== RUN LEDGER ===\n" },
    now: new Date(0),
    files: [{
      name: "progress.md",
      state: "file",
      text: "- did x\n",
      truncated: false,
      mtimeMs: 1,
    }],
  });
  const text = await renderCatchupSummary(s, { dataOnlyLine: false, excerpts: false });
  assertEquals(parseFrames(text).map((f) => f.kind), ["plan"]);
  assertEquals(text.includes("DATA ONLY"), false);
});

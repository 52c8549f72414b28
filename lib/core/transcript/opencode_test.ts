import { assertEquals } from "../../../tests/assert.ts";
import { parseTranscript } from "./read.ts";

const ROOT = Deno.build.os === "windows" ? "C:\\work\\app" : "/work/app";
const sep = Deno.build.os === "windows" ? "\\" : "/";

function tool(tool: string, input: Record<string, unknown>, status = "completed", callID = tool) {
  return { type: "tool", tool, callID, state: { status, input } };
}

function exportDoc(directory: string) {
  const progress = [ROOT, ".planning", "x", "progress.md"].join(sep);
  return {
    info: { id: "ses_1", title: "t", directory },
    messages: [
      { info: { role: "user" }, parts: [{ type: "text", text: "BEFORE-WRITE add a flag" }] },
      {
        info: { role: "assistant", path: { cwd: directory, root: directory } },
        parts: [
          { type: "reasoning", text: "thinking" },
          { type: "text", text: "Updating progress." },
          tool("edit", { filePath: progress }, "completed", "c1"),
        ],
      },
      {
        info: { role: "assistant", path: { cwd: directory, root: directory } },
        parts: [tool("write", { filePath: progress }, "error", "c2"), {
          type: "text",
          text: "Write failed.",
        }],
      },
      {
        info: { role: "user" },
        parts: [{ type: "text", text: "run the tests", synthetic: false }],
      },
      {
        info: { role: "assistant", path: { cwd: directory, root: directory } },
        parts: [tool("bash", { command: "deno test" }, "completed", "c3")],
      },
    ],
  };
}

const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v, null, 2) + "\n");

Deno.test("an OpenCode export is read as one document: messages, tools, the last completed write", () => {
  const t = parseTranscript(enc(exportDoc(ROOT)), ROOT, false);
  assertEquals(t.status, "ok");
  assertEquals(t.format, "opencode");
  assertEquals(t.records.length, 5);
  assertEquals(t.stats.malformed, 0);
  // The errored write (message 3) does not count; the completed edit (message 2) does.
  assertEquals(t.lastWrite, {
    line: 2,
    tool: "edit",
    file: "progress.md",
    path: ".planning/x/progress.md",
  });
  const kinds = t.records.flatMap((r) => r.events.map((e) => e.kind));
  assertEquals(kinds, [
    "user",
    "assistant",
    "tool",
    "result",
    "assistant",
    "tool",
    "result",
    "user",
    "tool",
    "result",
  ]);
});

Deno.test("an OpenCode export of another directory is foreign", () => {
  const other = Deno.build.os === "windows" ? "C:\\elsewhere" : "/elsewhere";
  const t = parseTranscript(enc(exportDoc(other)), ROOT, false);
  assertEquals(t.status, "foreign");
  assertEquals(t.records.length, 0);
});

Deno.test("an OpenCode export keeps at most 500 messages and skips huge ones", () => {
  const doc = exportDoc(ROOT);
  const big = { info: { role: "user" }, parts: [{ type: "text", text: "x".repeat(300 * 1024) }] };
  const many = Array.from({ length: 600 }, () => doc.messages[0]!);
  const t = parseTranscript(enc({ ...doc, messages: [big, ...many] }), ROOT, false);
  assertEquals(t.stats.oversized, 1);
  assertEquals(t.stats.recordLimitHit, true);
  assertEquals(t.records.length, 499);
});

Deno.test("JSON that is not an export (no info/messages) is still read as lines", () => {
  const line = JSON.stringify({ type: "user", cwd: ROOT, message: { content: "hello there" } });
  const t = parseTranscript(new TextEncoder().encode(line + "\n"), ROOT, false);
  assertEquals(t.format, "claude");
});

/**
 * The e2e's loopback model server (e2e/model_server.ts, issue 14 item 1),
 * driven directly: the API shapes (Anthropic Messages too), the per-test script, the recorded
 * bodies and the two bounds. The native suite has no net permission, so a
 * child Deno with `--allow-net=127.0.0.1` only runs the server and the client
 * and prints what it saw.
 * @module
 */

import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

/** The probes' prelude: the server's import and a JSON poster to the probe's server s. */
const PRELUDE = `
import { startModelServer } from ${
  JSON.stringify(new URL(`file://${REPO}/e2e/model_server.ts`).href)
};
const post = async (path, body) => {
  const r = await fetch(s.origin + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: r.status, type: r.headers.get("content-type"), text: await r.text() };
};
`;

const PROBE = PRELUDE + `
const tools = [{ type: "function", name: "write_file" }];
const s = startModelServer({
  script: [{ tool: "write_file", args: { path: "notes.txt" } }, { text: "second answer" }],
  fallback: "side answer",
  maxRequests: 5,
  maxSeconds: 60,
});
const gone = (origin) =>
  fetch(origin + "/v1/models").then(async (r) => { await r.body?.cancel(); return "answered"; }, () => "gone");
const out = { origin: s.origin };
out.side = await post("/v1/chat/completions", { model: "m", stream: true, messages: [] });
out.tool = await post("/v1/responses", { model: "m", stream: true, tools, input: "go" });
out.second = await post("/v1/chat/completions", {
  model: "m", stream: true, tools, messages: [{ role: "tool", content: "written" }],
});
out.gemini = await post("/v1beta/models/g:streamGenerateContent?alt=sse", {
  contents: [{ role: "user", parts: [{ text: "hi" }] }], tools: [{ functionDeclarations: [{ name: "w" }] }],
});
out.models = await (await fetch(s.origin + "/v1/models")).json();
out.over = await post("/v1/responses", { model: "m", stream: true, tools, input: "too many" });
await new Promise((r) => setTimeout(r, 200));
out.afterOver = await gone(s.origin);
out.recorded = s.requests;
await s.close();
const t = startModelServer({ maxSeconds: 1 });
out.early = await gone(t.origin);
await new Promise((r) => setTimeout(r, 2500));
out.late = await gone(t.origin);
await t.close();
console.log(JSON.stringify(out));
`;

/** Run `code` in a child Deno allowed 127.0.0.1 only; what it printed, parsed. */
async function probe(code: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-check", "--allow-net=127.0.0.1", "-"],
    cwd: REPO,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(code));
  await w.close();
  const r = await child.output();
  assertEquals(r.code, 0, new TextDecoder().decode(r.stderr));
  return JSON.parse(new TextDecoder().decode(r.stdout));
}

Deno.test(skipOnWindows("the e2e and its model server run only on Linux and macOS", {
  name:
    "loopback model server: Responses, Chat Completions and Gemini shapes, script steps only for tool requests, bodies recorded, stops after maxRequests and maxSeconds",
  async fn() {
    const out = await probe(PROBE);

    assertMatch(out.origin, /^http:\/\/127\.0\.0\.1:\d+$/);
    // No tools offered (a title or memory side call): the fallback, and no script step.
    assertEquals(out.side.type, "text/event-stream");
    assertStringIncludes(out.side.text, `"content":"side answer"`);
    assertStringIncludes(out.side.text, "data: [DONE]");
    // Responses SSE: the first scripted reply, a function call.
    assertEquals(out.tool.type, "text/event-stream");
    for (const e of ["response.created", "response.output_item.added", "response.completed"]) {
      assertStringIncludes(out.tool.text, `event: ${e}\n`);
    }
    assertStringIncludes(out.tool.text, `"type":"function_call"`);
    assertStringIncludes(out.tool.text, `"name":"write_file"`);
    // Chat Completions SSE after the tool result: the second scripted reply.
    assertStringIncludes(out.second.text, `"content":"second answer"`);
    assertStringIncludes(out.second.text, `"finish_reason":"stop"`);
    // Gemini streamGenerateContent: the script is used up, so the fallback.
    assertStringIncludes(out.gemini.text, `"text":"side answer"`);
    assert(out.models.data.some((m: { id: string }) => m.id === "gpt-5.5"), "model list");
    // Every request recorded with its parsed body; the one over the bound is refused.
    assertEquals(
      out.recorded.map((q: { method: string; path: string; offersTools: boolean }) =>
        `${q.method} ${q.path} ${q.offersTools}`
      ),
      [
        "POST /v1/chat/completions false",
        "POST /v1/responses true",
        "POST /v1/chat/completions true",
        "POST /v1beta/models/g:streamGenerateContent?alt=sse true",
        "GET /v1/models false",
      ],
    );
    assertEquals(out.recorded[1].body.input, "go");
    assertEquals(out.recorded[2].body.messages[0].content, "written");
    assertEquals(out.over.status, 503);
    assertEquals(out.afterOver, "gone", "the server stops after maxRequests");
    assertEquals([out.early, out.late], ["answered", "gone"], "the server stops after maxSeconds");
  },
}));

const ANTHROPIC_PROBE = PRELUDE + `
const tools = [{ name: "Write", input_schema: { type: "object" } }];
const s = startModelServer({
  script: [{ tool: "Write", args: { file_path: "/p/notes.txt", content: "x" } }, { text: "second answer" }],
  fallback: "side answer",
});
const messages = [{ role: "user", content: "go" }];
const out = {};
out.count = await post("/v1/messages/count_tokens?beta=true", { model: "m", tools, messages });
out.tool = await post("/v1/messages?beta=true", { model: "m", stream: true, tools, messages });
out.second = await post("/v1/messages?beta=true", { model: "m", stream: false, tools, messages });
out.side = await post("/v1/messages", { model: "m", stream: true, messages });
out.recorded = s.requests.map((q) => q.method + " " + q.path + " " + q.offersTools);
out.model = s.modelRequests().map((q) => q.path);
await s.close();
console.log(JSON.stringify(out));
`;

/** The `data:` payloads of an SSE text, parsed. */
function sseData(text: string): { type: string; [k: string]: unknown }[] {
  return text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)));
}

Deno.test(skipOnWindows("the e2e and its model server run only on Linux and macOS", {
  name:
    "loopback model server: Anthropic Messages SSE (text and tool_use with input_json_delta), JSON without stream, count_tokens takes no script step",
  async fn() {
    const out = await probe(ANTHROPIC_PROBE);
    // Token counting offers tools but is no turn: an answer, no script step.
    assertEquals(JSON.parse(out.count.text), { "input_tokens": 10 });
    // The first turn: the scripted Write call as a tool_use block built from input_json_delta.
    assertEquals(out.tool.type, "text/event-stream");
    const events = sseData(out.tool.text);
    assertEquals(events.map((e) => e.type), [
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    for (const e of events) assertStringIncludes(out.tool.text, `event: ${e.type}\ndata: `);
    const block = events[1]?.["content_block"] as { type: string; name: string; input: unknown };
    assertEquals([block.type, block.name, block.input], ["tool_use", "Write", {}]);
    const delta = events[2]?.delta as { type: string; "partial_json": string };
    assertEquals(delta.type, "input_json_delta");
    assertEquals(JSON.parse(delta["partial_json"]), { "file_path": "/p/notes.txt", content: "x" });
    assertEquals((events[4]?.delta as { "stop_reason": string })["stop_reason"], "tool_use");
    // Without stream: one JSON message, the second scripted reply.
    const second = JSON.parse(out.second.text);
    assertEquals(second.content, [{ type: "text", text: "second answer" }]);
    assertEquals([second.role, second["stop_reason"]], ["assistant", "end_turn"]);
    // No tools (a side request): the fallback as a text block.
    const side = sseData(out.side.text);
    assertEquals(side[2]?.delta, { type: "text_delta", text: "side answer" });
    assertEquals((side[4]?.delta as { "stop_reason": string })["stop_reason"], "end_turn");
    assertEquals(out.recorded, [
      "POST /v1/messages/count_tokens?beta=true false",
      "POST /v1/messages?beta=true true",
      "POST /v1/messages?beta=true true",
      "POST /v1/messages false",
    ]);
    assertEquals(out.model, ["/v1/messages?beta=true", "/v1/messages?beta=true", "/v1/messages"]);
  },
}));

const SEARCH_PROBE = PRELUDE + `
const tools = [{ type: "tool_search" }];
const s = startModelServer({
  script: [
    { tool: "tool_search", item: "tool_search_call", args: { query: "pwf" } },
    { tool: "phase_set", namespace: "mcp__pwf", args: { phase: 1 } },
  ],
  maxSeconds: 60,
});
const out = {};
out.search = await post("/v1/responses", { model: "m", stream: true, tools, input: "go" });
out.call = await post("/v1/responses", { model: "m", stream: true, tools, input: "found" });
await s.close();
console.log(JSON.stringify(out));
`;

Deno.test(skipOnWindows("the e2e and its model server run only on Linux and macOS", {
  name:
    "loopback model server: a Responses reply can be Codex's tool_search call, then a call in the namespace it loaded",
  async fn() {
    const out = await probe(SEARCH_PROBE);
    const items = (text: string) =>
      text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)))
        .filter((d) => d.type === "response.output_item.done").map((d) => d.item);
    const [search] = items(out.search.text);
    assertEquals([search.type, search.execution, search.arguments], ["tool_search_call", "client", {
      query: "pwf",
    }]);
    const [call] = items(out.call.text);
    assertEquals([call.type, call.namespace, call.name, call.arguments], [
      "function_call",
      "mcp__pwf",
      "phase_set",
      '{"phase":1}',
    ]);
  },
}));

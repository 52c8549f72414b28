/**
 * A loopback model server for the e2e tests (docs/e2e.md): it answers the
 * model-API shapes the hosts speak (OpenAI Responses SSE, OpenAI Chat
 * Completions SSE plus `GET /v1/models`, Gemini `streamGenerateContent` SSE
 * and `generateContent`, Anthropic Messages SSE and JSON plus
 * `count_tokens`), binds 127.0.0.1 only, stops by itself after a
 * bounded number of requests or seconds, follows a per-test script, and
 * records every request body for the test to inspect.
 *
 * Script semantics: each request that offers tools takes the next reply of
 * the script (after the last one it gets `fallback`); a request that offers
 * no tools (a title, a memory or a routing side request) never takes a script
 * step and gets `fallback`. So a tool call is only ever answered to a request
 * that can execute it. Token counting (`/v1/messages/count_tokens`) is not a
 * model call: it is recorded but takes no step and counts as offering no tools.
 *
 * Over 300 lines because it is one concept, the model as every host sees it:
 * four wire formats answer one script, and they share its step rule.
 * @module
 */

/** One scripted answer: plain text, or one tool call. */
export type Reply =
  | { readonly text: string }
  | {
    readonly tool: string;
    readonly args: Record<string, unknown>;
    /**
     * Responses API only: the tool's namespace (Codex loads MCP tools found by its
     * `tool_search` into one), or `item: "tool_search_call"` for a call of Codex's
     * client-side `tool_search` itself (`args` are its arguments).
     */
    readonly namespace?: string;
    readonly item?: "tool_search_call";
  }
  /** Codex's freeform tools (`apply_patch`): a custom tool call with raw input. */
  | { readonly custom: string; readonly input: string };

/** One request the server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/responses`. */
  readonly path: string;
  /** The parsed JSON body (null for none or non-JSON). */
  readonly body: unknown;
  /** Whether the request offered tools (so it took a script step). */
  readonly offersTools: boolean;
  /** The reply it got. */
  readonly reply: Reply;
}

/** Options of one server. */
export interface ServerOptions {
  /** Replies for tool-offering requests, in order. */
  readonly script?: readonly Reply[];
  /** Answer when the script is used up or the request offers no tools. */
  readonly fallback?: string;
  /** After this many requests the server answers 503 and stops. */
  readonly maxRequests?: number;
  /** The server stops after this many seconds. */
  readonly maxSeconds?: number;
}

/** A running server. */
export interface ModelServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Every request so far, in arrival order. */
  readonly requests: readonly RecordedRequest[];
  /** Model-API requests only (not `GET /v1/models`, not `count_tokens`). */
  modelRequests(): RecordedRequest[];
  /** Stop now (idempotent); resolves when the listener is closed. */
  close(): Promise<void>;
}

const enc = new TextEncoder();

function offersTools(body: unknown): boolean {
  const tools = (body as { tools?: unknown } | null)?.tools;
  return Array.isArray(tools) && tools.length > 0;
}

function sse(events: readonly { event?: string; data: unknown }[]): Response {
  const text = events.map((e) =>
    (e.event ? `event: ${e.event}\n` : "") +
    `data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`
  ).join("");
  return new Response(enc.encode(text), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

let seq = 0;
function id(prefix: string): string {
  seq++;
  return `${prefix}_${seq.toString().padStart(6, "0")}`;
}

/** OpenAI Responses API stream (Codex). */
function responsesReply(reply: Reply): Response {
  const respId = id("resp");
  let item: Record<string, unknown>;
  const extra: { event: string; data: unknown }[] = [];
  if ("text" in reply) {
    const msgId = id("msg");
    item = {
      type: "message",
      id: msgId,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: reply.text, annotations: [] }],
    };
    extra.push({
      event: "response.output_text.delta",
      data: {
        type: "response.output_text.delta",
        item_id: msgId,
        output_index: 0,
        content_index: 0,
        delta: reply.text,
      },
    });
  } else if ("tool" in reply && reply.item === "tool_search_call") {
    item = {
      type: "tool_search_call",
      id: id("ts"),
      call_id: id("call"),
      status: "completed",
      execution: "client",
      arguments: reply.args,
    };
  } else if ("tool" in reply) {
    item = {
      type: "function_call",
      id: id("fc"),
      call_id: id("call"),
      name: reply.tool,
      ...(reply.namespace === undefined ? {} : { namespace: reply.namespace }),
      arguments: JSON.stringify(reply.args),
      status: "completed",
    };
  } else {
    item = {
      type: "custom_tool_call",
      id: id("ctc"),
      call_id: id("call"),
      name: reply.custom,
      input: reply.input,
      status: "completed",
    };
  }
  const usage = {
    "input_tokens": 10,
    "input_tokens_details": { "cached_tokens": 0 },
    "output_tokens": 5,
    "output_tokens_details": { "reasoning_tokens": 0 },
    "total_tokens": 15,
  };
  return sse([
    {
      event: "response.created",
      data: { type: "response.created", response: { id: respId, status: "in_progress" } },
    },
    {
      event: "response.output_item.added",
      data: { type: "response.output_item.added", output_index: 0, item },
    },
    ...extra,
    {
      event: "response.output_item.done",
      data: { type: "response.output_item.done", output_index: 0, item },
    },
    {
      event: "response.completed",
      data: {
        type: "response.completed",
        response: { id: respId, status: "completed", output: [item], usage },
      },
    },
  ]);
}

/** OpenAI Chat Completions stream (Copilot and other chat-completions hosts). */
function chatReply(reply: Reply, model: string): Response {
  const base = { id: id("chatcmpl"), object: "chat.completion.chunk", created: 0, model };
  const chunk = (delta: unknown, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const usage = { "prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15 };
  if ("text" in reply) {
    return sse([
      { data: chunk({ role: "assistant", content: reply.text }, null) },
      { data: { ...chunk({}, "stop"), usage } },
      { data: "[DONE]" },
    ]);
  }
  const name = "tool" in reply ? reply.tool : reply.custom;
  const args = "tool" in reply
    ? JSON.stringify(reply.args)
    : JSON.stringify({ input: reply.input });
  const call = { index: 0, id: id("call"), type: "function", function: { name, arguments: args } };
  return sse([
    { data: chunk({ role: "assistant", content: null, tool_calls: [call] }, null) },
    { data: { ...chunk({}, "tool_calls"), usage } },
    { data: "[DONE]" },
  ]);
}

/** One Gemini GenerateContentResponse. */
function geminiCandidate(reply: Reply): unknown {
  const part = "text" in reply
    ? { text: reply.text }
    : "tool" in reply
    ? { functionCall: { name: reply.tool, args: reply.args } }
    : { functionCall: { name: reply.custom, args: { input: reply.input } } };
  return {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: "stub",
  };
}

/** The content blocks of one Anthropic Messages reply. */
function anthropicContent(reply: Reply): Record<string, unknown>[] {
  if ("text" in reply) return [{ type: "text", text: reply.text }];
  const [name, input] = "tool" in reply
    ? [reply.tool, reply.args]
    : [reply.custom, { input: reply.input }];
  return [{ type: "tool_use", id: id("toolu"), name, input }];
}

/** Anthropic Messages API (Claude Code): SSE when `stream` is true, else one JSON message. */
function messagesReply(reply: Reply, model: string, stream: boolean): Response {
  const content = anthropicContent(reply);
  const stopReason = "text" in reply ? "end_turn" : "tool_use";
  const usage = { "input_tokens": 10, "output_tokens": 5 };
  const message = {
    id: id("msg"),
    type: "message",
    role: "assistant",
    model,
    "stop_sequence": null,
  };
  if (!stream) return json({ ...message, content, "stop_reason": stopReason, usage });
  const events: { event: string; data: unknown }[] = [{
    event: "message_start",
    data: {
      type: "message_start",
      message: {
        ...message,
        content: [],
        "stop_reason": null,
        usage: { ...usage, "output_tokens": 1 },
      },
    },
  }];
  content.forEach((block, index) => {
    const start = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
    const delta = block.type === "text"
      ? { type: "text_delta", text: block.text }
      : { type: "input_json_delta", "partial_json": JSON.stringify(block.input) };
    events.push(
      {
        event: "content_block_start",
        data: { type: "content_block_start", index, "content_block": start },
      },
      { event: "content_block_delta", data: { type: "content_block_delta", index, delta } },
      { event: "content_block_stop", data: { type: "content_block_stop", index } },
    );
  });
  events.push(
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { "stop_reason": stopReason, "stop_sequence": null },
        usage: { "output_tokens": 5 },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  );
  return sse(events);
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** Start a server on 127.0.0.1 with an ephemeral port. */
export function startModelServer(opts: ServerOptions = {}): ModelServer {
  const script = [...(opts.script ?? [])];
  const fallback: Reply = { text: opts.fallback ?? "Done." };
  const maxRequests = opts.maxRequests ?? 40;
  const requests: RecordedRequest[] = [];
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), (opts.maxSeconds ?? 90) * 1000);
  let step = 0;

  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const path = url.pathname + url.search;
    const raw = req.method === "GET" ? "" : await req.text();
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    // Token counting carries the tools too, but is not a turn of the agent.
    const isModelCall = req.method === "POST" && !url.pathname.endsWith("/count_tokens");
    const tools = isModelCall && offersTools(body);
    if (requests.length >= maxRequests) {
      queueMicrotask(() => stop.abort());
      return json(
        { error: { message: `stub model server: more than ${maxRequests} requests` } },
        503,
      );
    }
    const reply: Reply = isModelCall && tools && step < script.length
      ? script[step++] as Reply
      : fallback;
    requests.push({ method: req.method, path, body, offersTools: tools, reply });
    if (req.method === "GET" && /\/models\/?$/.test(url.pathname)) {
      return json({
        object: "list",
        data: ["gpt-4.1", "gpt-5.5", "stub-model"].map((m) => ({
          id: m,
          object: "model",
          created: 0,
          owned_by: "stub",
        })),
      });
    }
    if (url.pathname.endsWith("/responses")) return responsesReply(reply);
    if (url.pathname.endsWith("/messages/count_tokens")) return json({ input_tokens: 10 });
    if (url.pathname.endsWith("/messages")) {
      const b = body as { model?: string; stream?: boolean } | null;
      return messagesReply(reply, b?.model ?? "stub-model", b?.stream === true);
    }
    if (url.pathname.endsWith("/chat/completions")) {
      const model = (body as { model?: string } | null)?.model ?? "stub-model";
      if ((body as { stream?: boolean } | null)?.stream === false) {
        return json({
          id: id("chatcmpl"),
          object: "chat.completion",
          created: 0,
          model,
          choices: [{
            index: 0,
            message: { role: "assistant", content: "text" in reply ? reply.text : "" },
            finish_reason: "stop",
          }],
        });
      }
      return chatReply(reply, model);
    }
    if (url.pathname.endsWith(":streamGenerateContent")) {
      return sse([{ data: geminiCandidate(reply) }]);
    }
    if (url.pathname.endsWith(":generateContent")) return json(geminiCandidate(reply));
    if (url.pathname.endsWith(":countTokens")) return json({ totalTokens: 10 });
    return json({ error: { message: `stub model server: no route ${req.method} ${path}` } }, 404);
  };

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: stop.signal,
    onListen: () => {},
  }, handler);
  const port = server.addr.port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    modelRequests: () =>
      requests.filter((r) => r.method === "POST" && !r.path.includes("/count_tokens")),
    close: async () => {
      clearTimeout(timer);
      stop.abort();
      await server.finished;
    },
  };
}

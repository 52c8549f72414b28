import { assert, assertEquals } from "../../../tests/assert.ts";
import { type Backend, handleMessage, NEW_SESSION, type Session } from "./dispatch.ts";
import type { Incoming } from "./jsonrpc.ts";
import { TOOLS } from "./tools.ts";

const calls: string[] = [];
const backend: Backend = {
  callTool: (name) => {
    calls.push(name);
    return Promise.resolve({ text: "ok", isError: false });
  },
  readResource: () => Promise.resolve({ text: "framed" }),
};
const info = { version: "9" };
const request = (id: number, method: string, params?: unknown): Incoming => ({
  kind: "request",
  id,
  method,
  params,
});

async function initialized(version = "2025-06-18"): Promise<Session> {
  return (await handleMessage(
    NEW_SESSION,
    request(0, "initialize", { protocolVersion: version }),
    backend,
    info,
  ))
    .session;
}

Deno.test("handleMessage() keeps the revision of the first initialize", async () => {
  const s = await initialized("2025-03-26");
  const again = await handleMessage(
    s,
    request(1, "initialize", { protocolVersion: "2025-11-25" }),
    backend,
    info,
  );
  assertEquals((again.reply?.result as { protocolVersion: string }).protocolVersion, "2025-03-26");
});

Deno.test("handleMessage() refuses tool calls before initialize without calling the backend", async () => {
  const h = await handleMessage(
    NEW_SESSION,
    request(1, "tools/call", { name: "plan_status" }),
    backend,
    info,
  );
  assertEquals((h.reply?.error as { code: number }).code, -32600);
  assertEquals(calls.includes("plan_status"), false);
});

Deno.test("handleMessage() answers wrong tool arguments -32602 without calling the backend", async () => {
  const s = await initialized();
  const h = await handleMessage(
    s,
    request(1, "tools/call", { name: "phase_set", arguments: { phase: 0, status: "complete" } }),
    backend,
    info,
  );
  assertEquals((h.reply?.error as { code: number }).code, -32602);
  assertEquals(calls.includes("phase_set"), false);
});

Deno.test("handleMessage() does not take inherited names for methods", async () => {
  const s = await initialized();
  for (const m of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
    const h = await handleMessage(s, request(1, m), backend, info);
    assertEquals((h.reply?.error as { code: number }).code, -32601, m);
  }
});

Deno.test("handleMessage() remembers a cancelled id and answers nothing for it", async () => {
  const s = await initialized();
  const c = await handleMessage(
    s,
    { kind: "notification", method: "notifications/cancelled", params: { requestId: 5 } },
    backend,
    info,
  );
  assertEquals(c.reply, null);
  assertEquals((await handleMessage(c.session, request(5, "ping"), backend, info)).reply, null);
});

Deno.test("no tool approves a plan", () => {
  assert(TOOLS.every((t) => !/attest/.test(t.name)));
});

Deno.test("the tool list stays small: at most 4,000 characters of JSON (about 650 tokens measured, docs/mcp.md)", () => {
  const size = JSON.stringify({ tools: TOOLS }).length;
  assert(size <= 4000, `tools/list is ${size} characters`);
});

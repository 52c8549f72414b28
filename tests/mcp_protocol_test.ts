/**
 * `pwf mcp` at the wire: revisions, batches, notifications, cancellation,
 * bounds, a closed stdin, a broken stdout and a seeded fuzz loop of
 * malformed messages. Always a JSON-RPC answer or a clean exit, never a
 * stack trace, never a torn plan.
 * @module
 */

import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { initPlan, inProject, MAIN, runPwf } from "./helpers.ts";
import { rng } from "./rng.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { MAX_LINE_BYTES } from "../lib/core/mcp/framing.ts";

type Msg = Record<string, unknown>;

const line = (m: unknown) => JSON.stringify(m) + "\n";
const init = (v: string, id: number | string = 0) =>
  line({
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
const req = (id: number | string, method: string, params?: unknown) =>
  line({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
const note = (method: string, params?: unknown) =>
  line({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) });

/** Run `pwf mcp` on `input`; every stdout line parsed. */
async function mcp(
  dir: string,
  input: string | Uint8Array,
): Promise<{ code: number; replies: unknown[]; stderr: string }> {
  const r = await runPwf(dir, ["mcp"], { stdin: input });
  const replies = r.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  return { code: r.code, replies, stderr: r.stderr };
}

const byId = (replies: unknown[], id: unknown) =>
  replies.find((m) => (m as Msg).id === id) as Msg | undefined;
const codeOf = (m: Msg | undefined) => (m?.error as { code?: number } | undefined)?.code;

Deno.test("pwf mcp answers each revision it speaks with that revision, and an unknown one with the latest", async () => {
  await inProject(async (dir) => {
    for (
      const [asked, answered] of [
        ["2025-11-25", "2025-11-25"],
        ["2025-06-18", "2025-06-18"],
        ["2025-03-26", "2025-03-26"],
        ["2024-11-05", "2024-11-05"],
        ["2099-01-01", "2025-11-25"],
      ]
    ) {
      const r = await mcp(dir, init(asked as string));
      assertEquals(((r.replies[0] as Msg).result as Msg).protocolVersion, answered, asked);
    }
  });
});

Deno.test("pwf mcp handles batches at 2025-03-26 and refuses them at 2025-06-18", async () => {
  await inProject(async (dir) => {
    const batch = JSON.stringify([
      JSON.parse(req(2, "ping")),
      JSON.parse(note("notifications/initialized")),
      JSON.parse(req(3, "tools/list")),
    ]) + "\n";
    const old = await mcp(dir, init("2025-03-26") + batch);
    const answers = old.replies[1] as Msg[];
    assertEquals(answers.map((m) => m.id), [2, 3]);
    const now = await mcp(dir, init("2025-06-18") + batch);
    assertEquals(codeOf(now.replies[1] as Msg), -32600);
    assertEquals(now.replies.length, 2);
    const initInBatch = await mcp(
      dir,
      init("2025-03-26") + JSON.stringify([JSON.parse(init("2025-03-26", 5))]) + "\n",
    );
    assertEquals(codeOf((initInBatch.replies[1] as Msg[])[0]), -32600);
  });
});

Deno.test("pwf mcp answers no notification, and skips a request cancelled in the same write", async () => {
  await inProject(async (dir) => {
    const r = await mcp(
      dir,
      init("2025-11-25") + note("notifications/initialized") + note("unknown/notification") +
        req(7, "tools/list") + note("notifications/cancelled", { requestId: 7, reason: "user" }) +
        req(8, "ping"),
    );
    assertEquals(r.replies.map((m) => (m as Msg).id), [0, 8]);
  });
});

Deno.test("pwf mcp answers JSON-RPC errors: parse, invalid request, unknown method, wrong params, not initialized", async () => {
  await inProject(async (dir) => {
    const r = await mcp(
      dir,
      req(1, "tools/list") + req(2, "ping") + "{not json\n" +
        line({ jsonrpc: "1.0", id: 3, method: "ping" }) +
        line({ jsonrpc: "2.0", id: 4, method: 5 }) + init("2025-11-25", 5) + req(6, "no/such") +
        req(7, "tools/call", ["plan_status"]) +
        req(8, "tools/call", { name: "plan_status", arguments: 3 }) +
        line({ jsonrpc: "2.0", id: 9, method: "initialize", params: {} }) +
        line({ jsonrpc: "2.0", id: 10, result: {} }),
    );
    assertEquals(codeOf(byId(r.replies, 1)), -32600);
    assertEquals((byId(r.replies, 2) as Msg).result, {});
    assertEquals(codeOf(byId(r.replies, null)), -32700);
    assertEquals(codeOf(byId(r.replies, 3)), -32600);
    assertEquals(codeOf(byId(r.replies, 4)), -32600);
    assertEquals(codeOf(byId(r.replies, 6)), -32601);
    assertEquals(codeOf(byId(r.replies, 7)), -32602);
    assertEquals(codeOf(byId(r.replies, 8)), -32602);
    assertEquals(codeOf(byId(r.replies, 9)), -32602);
    assertEquals(byId(r.replies, 10), undefined);
    assertEquals([r.code, r.stderr], [0, ""]);
  });
});

Deno.test("pwf mcp answers a line over the bound with a parse error and goes on", async () => {
  await inProject(async (dir) => {
    const big = line({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(MAX_LINE_BYTES) },
    });
    const r = await mcp(dir, init("2025-11-25") + big + req(2, "ping"));
    assertEquals(r.replies.length, 3);
    assertEquals(codeOf(r.replies[1] as Msg), -32700);
    assertStringIncludes(String(((r.replies[1] as Msg).error as Msg).message), "longer than");
    assertEquals((r.replies[2] as Msg).id, 2);
  });
});

Deno.test("pwf mcp with stdin closed mid-request answers a parse error and exits 0, the plan untouched", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir);
    const file = `${dir}/.planning/${id}/task_plan.md`;
    const before = await Deno.readTextFile(file);
    const r = await mcp(
      dir,
      init("2025-11-25") +
        '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"phase_set","argu',
    );
    assertEquals(codeOf(r.replies[1] as Msg), -32700);
    assertEquals([r.code, r.stderr], [0, ""]);
    assertEquals(await Deno.readTextFile(file), before);
  });
});

Deno.test("pwf mcp with a broken stdout exits 1 with one stderr line and no torn plan", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir);
    const file = `${dir}/.planning/${id}/task_plan.md`;
    const before = await Deno.readTextFile(file);
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN, "mcp"],
      cwd: dir,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    await child.stdout.cancel();
    const w = child.stdin.getWriter();
    const call = req(2, "tools/call", {
      name: "phase_set",
      arguments: { phase: 1, status: "complete" },
    });
    await w.write(new TextEncoder().encode(init("2025-11-25") + call)).catch(() => {});
    await w.close().catch(() => {});
    const status = await child.status;
    const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
    assertEquals(status.code, 1);
    assertEquals(stderr.split("\n").filter((l) => l !== "").length, 1, stderr);
    assertStringIncludes(stderr, "pwf: could not write the output to stdout");
    const after = await Deno.readTextFile(file);
    assert(
      after === before || after.includes("## Current Phase\nPhase 2"),
      "the plan is the old one or the new one",
    );
  });
});

/** One malformed message (no raw "\n" in it). */
function fuzzLine(next: () => number): string | Uint8Array {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const valid = pick([
    req(1, "tools/call", { name: "phase_set", arguments: { phase: 1, status: "complete" } }),
    req(2, "resources/read", { uri: "pwf://plan/task_plan.md" }),
    req(3, "prompts/get", { name: "plan" }),
    init("2025-11-25", 4),
  ]).trimEnd();
  switch (Math.floor(next() * 8)) {
    case 0:
      return valid.slice(0, Math.floor(next() * valid.length));
    case 1: {
      const bytes = new Uint8Array(1 + Math.floor(next() * 64)).map(() => Math.floor(next() * 256));
      return bytes.map((b) => (b === 10 ? 32 : b));
    }
    case 2:
      return pick(["[", "{"]).repeat(1 + Math.floor(next() * 5000));
    case 3:
      return JSON.stringify({
        jsonrpc: pick(["2.0", 2, null, "2"]),
        id: pick([1, "a", null, 1.5, {}, [], true, 1e300]),
        method: pick(["tools/call", "ping", "", 7, null, "__proto__", "constructor", "toString"]),
        params: pick([null, 3, "x", [], {}, { name: "__proto__" }, {
          name: "phase_set",
          arguments: { phase: -1, status: "x" },
        }]),
      });
    case 4:
      return valid.replace(/[a-z]/, pick(["\u2028", "\u0000", "\\", '"', "\ud800"]));
    case 5:
      return JSON.stringify(pick([[], [1, 2], [null], [{}], "str", 42, null, true]));
    case 6:
      return req(9, "tools/call", {
        name: "ledger_append",
        arguments: { event: pick(["progress", "nope"]), summary: pick(["", "x".repeat(5000), 5]) },
      }).trimEnd();
    default:
      return valid + pick(["}", "]", ",", " garbage"]);
  }
}

Deno.test("pwf mcp survives a seeded fuzz loop of malformed messages and still answers the last ping", async () => {
  await inProject(async (dir) => {
    await initPlan(dir);
    const seed = 31;
    const next = rng(seed);
    const enc = new TextEncoder();
    const parts: Uint8Array[] = [enc.encode(init("2025-03-26"))];
    for (let i = 0; i < 300; i++) {
      const l = fuzzLine(next);
      parts.push(typeof l === "string" ? enc.encode(l.replaceAll("\n", " ")) : l, enc.encode("\n"));
    }
    parts.push(enc.encode(req("last", "ping")));
    const input = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (input.set(p, at), at + p.length), 0);
    const r = await mcp(dir, input);
    assertEquals([r.code, r.stderr], [0, ""], `seed ${seed}`);
    for (const m of r.replies.flatMap((x) => (Array.isArray(x) ? x : [x]))) {
      assertEquals((m as Msg).jsonrpc, "2.0", `seed ${seed}: ${JSON.stringify(m)}`);
      assert("result" in (m as Msg) || "error" in (m as Msg), `seed ${seed}: ${JSON.stringify(m)}`);
      assertNotIncludes(JSON.stringify(m), "    at ", `seed ${seed}: a stack trace`);
    }
    assertEquals((r.replies[r.replies.length - 1] as Msg).id, "last", `seed ${seed}`);
  });
});

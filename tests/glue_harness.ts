/**
 * Drives a generated glue file (OpenCode plugin or Pi extension) the way its
 * host would, with a fake host object, and prints what the glue put where
 * the host would carry it, as one JSON line. Run by tests/glue_test.ts as a
 * subprocess so PATH (and therefore which `pwf` the glue finds) is the
 * test's choice: `deno run -A --no-check tests/glue_harness.ts <opencode|pi> <glue file> <project dir>`.
 * @module
 */

// deno-lint-ignore no-explicit-any
type Any = any;

async function opencode(mod: Any, dir: string): Promise<unknown> {
  const hooks = await mod.PwfPlugin({ directory: dir, client: {}, $: undefined });
  const sessionID = "ses_fake1";
  await hooks["chat.message"]({ sessionID }, {});
  const first = { system: ["You are OpenCode."] };
  await hooks["experimental.chat.system.transform"]({ sessionID, model: {} }, first);
  const second = { system: ["You are OpenCode."] };
  await hooks["experimental.chat.system.transform"]({ sessionID, model: {} }, second);
  await hooks["chat.message"]({ sessionID }, {});
  const third = { system: ["You are OpenCode."] };
  await hooks["experimental.chat.system.transform"]({ sessionID, model: {} }, third);
  const tool = { title: "write", output: "Wrote file successfully.", metadata: {} };
  await hooks["tool.execute.after"](
    { tool: "write", sessionID, callID: "c1", args: { filePath: `${dir}/a.ts` } },
    tool,
  );
  const read = { title: "read", output: "contents", metadata: {} };
  await hooks["tool.execute.after"]({ tool: "read", sessionID, callID: "c2", args: {} }, read);
  const compaction = { context: [] as string[] };
  await hooks["experimental.session.compacting"]({ sessionID }, compaction);
  await hooks.event({ event: { type: "session.idle", properties: { sessionID } } });
  return {
    system: [first.system, second.system, third.system],
    toolOutput: tool.output,
    readOutput: read.output,
    compaction: compaction.context,
  };
}

async function pi(mod: Any, dir: string): Promise<unknown> {
  const handlers = new Map<string, Any>();
  const sent: unknown[] = [];
  const followUps: unknown[] = [];
  const api = {
    on: (name: string, h: Any) => handlers.set(name, h),
    sendMessage: (m: unknown, o: unknown) => sent.push({ m, o }),
    sendUserMessage: (t: unknown, o: unknown) => followUps.push({ t, o }),
  };
  await mod.default(api);
  const ctx = { cwd: dir, sessionManager: { getSessionId: () => "019ae1c2-fake" } };
  const call = (name: string, event: unknown) => handlers.get(name)?.(event, ctx);
  await call("session_start", { type: "session_start", reason: "startup" });
  await call("input", { type: "input", text: "go", source: "interactive" });
  const first = await call("before_agent_start", { type: "before_agent_start", prompt: "go" });
  const second = await call("before_agent_start", { type: "before_agent_start", prompt: "more" });
  const write = await call("tool_result", {
    type: "tool_result",
    toolName: "write",
    toolCallId: "t1",
    input: { path: "a.ts" },
    content: [{ type: "text", text: "Wrote a.ts" }],
    isError: false,
  });
  const read = await call("tool_result", {
    type: "tool_result",
    toolName: "read",
    toolCallId: "t2",
    input: {},
    content: [],
    isError: false,
  });
  await call("session_before_compact", { type: "session_before_compact" });
  const toolTurn = {
    role: "assistant",
    content: [{ type: "toolCall", id: "t1", name: "write", arguments: {} }],
    stopReason: "toolUse",
  };
  await call("turn_end", { type: "turn_end", turnIndex: 0, message: toolTurn, toolResults: [] });
  const finalTurn = {
    role: "assistant",
    content: [{ type: "text", text: "Done." }],
    stopReason: "stop",
  };
  await call("turn_end", { type: "turn_end", turnIndex: 1, message: finalTurn, toolResults: [] });
  return {
    registered: [...handlers.keys()].sort(),
    messages: [first ?? null, second ?? null],
    write: write ?? null,
    read: read ?? null,
    sent,
    followUps,
  };
}

const [host, file, dir] = Deno.args;
const abs = file!.replaceAll("\\", "/");
const mod = await import(new URL(`file://${abs.startsWith("/") ? "" : "/"}${abs}`).href);
const result = host === "pi" ? await pi(mod, dir!) : await opencode(mod, dir!);
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(result) + "\n"));

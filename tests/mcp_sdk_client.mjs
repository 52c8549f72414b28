// The official MCP TypeScript SDK client driving `pwf mcp` (run by
// tests/mcp_sdk.ts under Node): argv is the SDK folder, a scenario name and
// the server's command as JSON; stdout is one JSON report of what the client saw.
import process from "node:process";

const [sdkDir, scenario, serverJson] = process.argv.slice(2);
const { Client } = await import(`${sdkDir}/dist/esm/client/index.js`);
const { StdioClientTransport } = await import(`${sdkDir}/dist/esm/client/stdio.js`);
const server = JSON.parse(serverJson);

/** A call's result, or its error as {code, message}. */
async function outcome(fn) {
  try {
    return { ok: await fn() };
  } catch (err) {
    return { error: { code: err.code ?? null, message: String(err.message) } };
  }
}

const transport = new StdioClientTransport({ ...server, stderr: "pipe" });
let stderr = "";
transport.stderr?.on("data", (d) => (stderr += d));
let negotiated = null;
transport.setProtocolVersion = (v) => (negotiated = v);
const client = new Client({ name: "pwf-test", version: "1.0.0" });
await client.connect(transport);
const report = {
  protocolVersion: negotiated,
  serverVersion: client.getServerVersion(),
  capabilities: client.getServerCapabilities(),
  instructions: client.getInstructions(),
};
const call = (name, args) => outcome(() => client.callTool({ name, arguments: args }));

if (scenario === "tour") {
  report.tools = (await client.listTools()).tools;
  report.calls = {
    init: await call("plan_init", { name: "mcp tour" }),
    status: await call("plan_status", {}),
    list: await call("plan_list", {}),
    phaseComplete: await call("phase_set", { phase: 1, status: "complete" }),
    phaseRefused: await call("phase_set", { phase: 4, status: "in_progress" }),
    phaseMissing: await call("phase_set", { phase: 99, status: "complete" }),
    ledger: await call("ledger_append", {
      event: "progress",
      summary: "--looks like a flag",
      files: ["a.ts"],
    }),
    findings: await call("findings_add", { text: "the SDK speaks newline-delimited JSON" }),
    progress: await call("progress_log", { text: "tour step" }),
    check: await call("plan_check", {}),
    unknownTool: await call("attest", {}),
    badArgs: await call("phase_set", { phase: "two", status: "complete" }),
    extraArg: await call("plan_status", { nope: 1 }),
  };
  report.resources = (await client.listResources()).resources;
  report.reads = {};
  for (const r of report.resources) {
    report.reads[r.name] = await outcome(() => client.readResource({ uri: r.uri }));
  }
  report.unknownResource = await outcome(() => client.readResource({ uri: "pwf://plan/x" }));
  report.prompts = (await client.listPrompts()).prompts;
  report.prompt = await outcome(() =>
    client.getPrompt({ name: "status", arguments: { arguments: "now" } })
  );
  report.unknownPrompt = await outcome(() => client.getPrompt({ name: "nope" }));
  report.ping = await outcome(() => client.ping());
} else if (scenario === "noplan") {
  report.status = await call("plan_status", {});
  report.read = await outcome(() => client.readResource({ uri: "pwf://plan/task_plan.md" }));
  report.note = await call("findings_add", { text: "x" });
}
await client.close();
report.stderr = stderr;
process.stdout.write(JSON.stringify(report) + "\n");

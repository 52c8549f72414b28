import { assertEquals } from "../../../tests/assert.ts";
import { mergeMcpJson, removeMcpJson } from "./mcp_json.ts";

const spec = { container: "mcpServers", name: "pwf", entry: { command: "pwf", args: ["mcp"] } };

Deno.test("mergeMcpJson() leaves a registered entry's bytes alone, whatever their layout", () => {
  const text = '{"mcpServers":{"pwf":{"command":"pwf","args":["mcp"]}}}';
  const r = mergeMcpJson(text, spec);
  assertEquals([r.state, r.changed, r.text], ["ok", false, text]);
});

Deno.test("mergeMcpJson() replaces another binary's pwf entry and says whose it was", () => {
  const r = mergeMcpJson('{"mcpServers": {"pwf": {"command": "/old/pwf"}}}', spec);
  assertEquals([r.state, r.had], ["other-bin", "/old/pwf"]);
  assertEquals(JSON.parse(r.text).mcpServers.pwf, spec.entry);
});

Deno.test("removeMcpJson() keeps the container while other servers are in it", () => {
  const r = removeMcpJson('{"mcpServers": {"a": {}, "pwf": {}}}', spec);
  assertEquals(JSON.parse(r.text), { mcpServers: { a: {} } });
});

Deno.test("removeMcpJson() of a config without pwf returns the text unchanged", () => {
  const text = '{ "mcpServers" : { } }';
  assertEquals(removeMcpJson(text, spec), { text, changed: false, state: "missing", had: null });
});

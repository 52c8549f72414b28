import { assertEquals, assertThrows } from "../../../tests/assert.ts";
import { SettingsError } from "./merge.ts";
import { mergeToml, removeToml } from "./toml_table.ts";

const spec = {
  path: ["mcp_servers", "pwf"],
  entry: [["command", "pwf"], ["args", ["mcp"]]],
} as const;

Deno.test("mergeToml() keeps CRLF line ends in the table it writes", () => {
  const r = mergeToml("a = 1\r\n", spec);
  assertEquals(r.text, 'a = 1\r\n\r\n[mcp_servers.pwf]\r\ncommand = "pwf"\r\nargs = ["mcp"]\r\n');
});

Deno.test("mergeToml() reads a header inside a multi-line array as a value, not a table", () => {
  const text = 'x = [\n  [1],\n]\n[mcp_servers.pwf]\ncommand = "old"\n';
  assertEquals(
    mergeToml(text, spec).text,
    'x = [\n  [1],\n]\n[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n',
  );
});

Deno.test("mergeToml() ignores a # inside a string when it looks for comments", () => {
  const text = 'url = "http://x/#frag" # note\n';
  assertEquals(removeToml(text, spec).changed, false);
  assertEquals(mergeToml(text, spec).text.startsWith(text), true);
});

Deno.test("mergeToml() calls a table with only comments changed registered", () => {
  const text = '[mcp_servers.pwf] # ours\ncommand = "pwf"  # on PATH\nargs = [ "mcp" ]\n';
  const r = mergeToml(text, spec);
  assertEquals([r.state, r.changed, r.text], ["ok", false, text]);
});

Deno.test("removeToml() refuses pwf's server written as an inline table", () => {
  assertThrows(
    () => removeToml('mcp_servers = { pwf = { command = "pwf" } }\n', spec),
    SettingsError,
    "inline table",
  );
});

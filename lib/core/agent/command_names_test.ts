import { assertEquals } from "../../../tests/assert.ts";
import { AGENT_COMMAND_NAMES } from "./command_names.ts";

Deno.test("AGENT_COMMAND_NAMES names exactly the prompts in templates/agent/commands/", async () => {
  const dir = new URL("../../../templates/agent/commands/", import.meta.url);
  const files = (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
  assertEquals(files, AGENT_COMMAND_NAMES.map((n) => `${n}.md`));
});

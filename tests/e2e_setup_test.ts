import { CLAUDE_CODE_VERSION } from "../tools/e2e.ts";
import { assertMatch, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";

Deno.test("docs/hosts.md names the Claude Code version the e2e pins", async () => {
  assertMatch(CLAUDE_CODE_VERSION, /^\d+\.\d+\.\d+$/);
  const hosts = await Deno.readTextFile(`${REPO}/docs/hosts.md`);
  assertMatch(
    hosts,
    new RegExp(
      `Proven end to end against Claude Code ${
        CLAUDE_CODE_VERSION.replaceAll(".", "\\.")
      } on \\d{4}-\\d{2}-\\d{2} \\(deno task e2e\\)`,
    ),
  );
});

Deno.test("the quality gate ends with the e2e and the README says how to run it alone", async () => {
  const gate = await Deno.readTextFile(`${REPO}/tools/quality_gate.ts`);
  assertStringIncludes(gate, `["task", "-q", "e2e"]`);
  const readme = await Deno.readTextFile(`${REPO}/README.md`);
  assertMatch(readme, /```sh\nnpx -y deno@\d+\.\d+\.\d+ task e2e\n```/);
});

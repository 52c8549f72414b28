import { CLAUDE_CODE_VERSION } from "../tools/e2e.ts";
import { assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

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

Deno.test(
  skipOnWindows("the e2e runs only on Linux and macOS (its pwf launcher is a POSIX script)", {
    name: "an e2e host without a network namespace fails the CI run with a line naming the host",
    async fn() {
      // No unshare on PATH: no namespace can be made (and no npm, should Codex not be cached).
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-read",
          "--allow-write",
          "--allow-env",
          "--allow-run",
          "tools/e2e.ts",
        ],
        cwd: REPO,
        env: { PATH: "/nonexistent", PWF_E2E_HOSTS: "codex", PWF_E2E_REQUIRE_NETNS: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      assertEquals(out.code, 1, text);
      assertMatch(
        text,
        /^e2e: codex: FAILED: (no private network namespace \(unshare -n: .+\)|install of @openai\/codex@[\d.]+: .+)$/m,
      );
      assertMatch(text, /^e2e: 1 host\(s\): 0 passed, 1 failed, total [\d.]+ s wall$/m);
    },
  }),
);

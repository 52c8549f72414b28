import { CLAUDE_CODE_VERSION } from "../tools/e2e.ts";
import { assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO } from "./helpers.ts";
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

/** Copy `rel` (a file or a directory tree) from the checkout into `to`. */
async function copyTree(rel: string, to: string): Promise<void> {
  const st = await Deno.stat(`${REPO}/${rel}`);
  if (st.isFile) {
    await Deno.mkdir(`${to}/${rel}`.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.copyFile(`${REPO}/${rel}`, `${to}/${rel}`);
    return;
  }
  for await (const e of Deno.readDir(`${REPO}/${rel}`)) {
    if (e.name !== "testdata") await copyTree(`${rel}/${e.name}`, to);
  }
}

Deno.test(
  skipOnWindows("the e2e runs only on Linux and macOS (its pwf launcher is a POSIX script)", {
    name:
      "an e2e host whose pinned CLI cannot be installed fails the CI run with a line naming the host and npm's reason",
    async fn() {
      // A copy of the harness whose Codex pin names a version npm cannot install, with an
      // empty cache of its own; npm runs offline against an empty npm cache, so it fails
      // at once and needs no network (the same line comes for a pin the registry lacks).
      const copy = await Deno.makeTempDir({ prefix: "pwf-e2e-pin-" });
      try {
        for (const rel of ["lib", "templates", "tools", "e2e", "tests", "main.ts", "deno.json"]) {
          await copyTree(rel, copy);
        }
        await Deno.mkdir(`${copy}/dist`);
        await Deno.copyFile(MAIN, `${copy}/dist/pwf.js`); // the same sources: still fresh
        const driver = `${copy}/e2e/hosts/codex.ts`;
        const text = await Deno.readTextFile(driver);
        assertStringIncludes(text, `version: "0.171.0"`);
        await Deno.writeTextFile(driver, text.replace(`version: "0.171.0"`, `version: "0.0.0-no"`));
        const out = await new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--allow-read",
            "--allow-write",
            "--allow-env",
            "--allow-run",
            "tools/e2e.ts",
          ],
          cwd: copy,
          env: {
            PWF_E2E_HOSTS: "codex",
            PWF_E2E_REQUIRE_NETNS: "1",
            npm_config_offline: "true",
            npm_config_cache: `${copy}/npm-cache`,
          },
          stdout: "piped",
          stderr: "piped",
        }).output();
        const text2 = new TextDecoder().decode(out.stdout);
        assertEquals(out.code, 1, text2);
        assertMatch(
          text2,
          /^e2e: codex: FAILED: install of @openai\/codex@0\.0\.0-no: npm install failed .*npm error code E[A-Z]+/m,
        );
        assertMatch(text2, /^e2e: 1 host\(s\): 0 passed, 1 failed, total [\d.]+ s wall$/m);
      } finally {
        await Deno.remove(copy, { recursive: true });
      }
    },
  }),
);

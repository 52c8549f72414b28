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

/** Run `tools/e2e.ts` of the checkout at `root` for Codex with the CI's namespace rule. */
async function runE2e(
  root: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", "--allow-run", "tools/e2e.ts"],
    cwd: root,
    env: { PWF_E2E_HOSTS: "codex", PWF_E2E_REQUIRE_NETNS: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

Deno.test(
  skipOnWindows("the e2e runs only on Linux and macOS (its pwf launcher is a POSIX script)", {
    name: "an e2e host without a network namespace fails the CI run with a line naming the host",
    async fn() {
      // No unshare on PATH: no namespace can be made (and no npm, should Codex not be cached).
      const out = await runE2e(REPO, { PATH: "/nonexistent" });
      const text = out.stdout;
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

/**
 * A copy of the harness (with the same, still fresh bundle) in a temp dir, so a test can
 * change a pin or fake a cache without touching the checkout's `.cache/e2e/`; `fn` gets
 * the copy's root and a runner of its `tools/e2e.ts`.
 */
async function inHarnessCopy(
  fn: (
    copy: string,
    e2e: (env: Record<string, string>) => Promise<{ code: number; stdout: string }>,
  ) => Promise<void>,
): Promise<void> {
  const copy = await Deno.makeTempDir({ prefix: "pwf-e2e-copy-" });
  try {
    for (const rel of ["lib", "templates", "tools", "e2e", "tests", "main.ts", "deno.json"]) {
      await copyTree(rel, copy);
    }
    await Deno.mkdir(`${copy}/dist`);
    await Deno.copyFile(MAIN, `${copy}/dist/pwf.js`); // the same sources: still fresh
    await fn(copy, (env) => runE2e(copy, env));
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
}

const POSIX_ONLY = "the e2e runs only on Linux and macOS (its pwf launcher is a POSIX script)";

Deno.test(
  skipOnWindows(POSIX_ONLY, {
    name:
      "an e2e host whose pinned CLI cannot be installed fails the CI run with a line naming the host and npm's reason",
    async fn() {
      // The copy's Codex pin names a version npm cannot install and its cache is empty;
      // npm runs offline against an empty npm cache, so it fails at once and needs no
      // network (a pin the registry lacks gives the same line with npm's ETARGET).
      await inHarnessCopy(async (copy, e2e) => {
        const driver = `${copy}/e2e/hosts/codex.ts`;
        const text = await Deno.readTextFile(driver);
        assertStringIncludes(text, `version: "0.171.0"`);
        await Deno.writeTextFile(driver, text.replace(`version: "0.171.0"`, `version: "0.0.0-no"`));
        const out = await e2e({
          npm_config_offline: "true",
          npm_config_cache: `${copy}/npm-cache`,
        });
        assertEquals(out.code, 1, out.stdout);
        assertMatch(
          out.stdout,
          /^e2e: codex: FAILED: install of @openai\/codex@0\.0\.0-no: npm install failed .*npm error code E[A-Z]+/m,
        );
        assertMatch(out.stdout, /^e2e: 1 host\(s\): 0 passed, 1 failed, total [\d.]+ s wall$/m);
      });
    },
  }),
);

Deno.test(
  skipOnWindows(POSIX_ONLY, {
    name:
      "an e2e host whose network namespace fails when its tests start fails the CI run with a line naming the host and the namespace's error",
    async fn() {
      await inHarnessCopy(async (copy, e2e) => {
        // A cached Codex (what tools/e2e.ts checks: package.json and the executable), and an
        // unshare that passes the probe but cannot make the namespace the tests run in.
        const pkg = `${copy}/.cache/e2e/codex-0.171.0/node_modules`;
        await Deno.mkdir(`${pkg}/@openai/codex`, { recursive: true });
        await Deno.writeTextFile(`${pkg}/@openai/codex/package.json`, `{"version":"0.171.0"}`);
        await Deno.mkdir(`${pkg}/.bin`);
        await Deno.writeTextFile(`${pkg}/.bin/codex`, "#!/bin/sh\nexit 1\n");
        await Deno.chmod(`${pkg}/.bin/codex`, 0o755);
        const bin = `${copy}/fake-bin`;
        await Deno.mkdir(bin);
        await Deno.writeTextFile(
          `${bin}/unshare`,
          `#!/bin/sh\ncase "$*" in *'exec "$@"'*) echo "unshare: unshare failed: No space left on device" >&2; exit 1;; esac\nexit 0\n`,
        );
        await Deno.chmod(`${bin}/unshare`, 0o755);
        const out = await e2e({ PATH: `${bin}:/usr/bin:/bin` });
        assertEquals(out.code, 1, out.stdout);
        assertMatch(
          out.stdout,
          /^e2e: codex \(Codex CLI 0\.171\.0\): FAILED: its test run printed no summary \(exit 1, in the namespace\): unshare: unshare failed: No space left on device; 0 passed, 1 failed;/m,
        );
        assertMatch(out.stdout, /^e2e: 1 host\(s\): 0 passed, 1 failed, total [\d.]+ s wall$/m);
      });
    },
  }),
);

/**
 * A package that does what OpenCode's postinstall does (issue 29): writes its
 * folders under HOME and the XDG folders. `leakTo` bakes one absolute path
 * into the script as well (the control: a write the leak check must see).
 */
async function probePackage(dir: string, leakTo?: string): Promise<string> {
  const pkg = `${dir}/probe/package`;
  await Deno.mkdir(pkg, { recursive: true });
  const manifest = {
    name: "pwf-leak-probe",
    version: "1.0.0",
    bin: { "pwf-leak-probe": "cli.js" },
    scripts: { postinstall: "node postinstall.js" },
  };
  await Deno.writeTextFile(`${pkg}/package.json`, JSON.stringify(manifest));
  await Deno.writeTextFile(`${pkg}/cli.js`, `#!/usr/bin/env node\nconsole.log("probe 1.0.0");\n`);
  await Deno.chmod(`${pkg}/cli.js`, 0o755);
  const home = "require('os').homedir()";
  const xdg = (v: string, rel: string) => `(process.env.${v} || ${home} + '/${rel}')`;
  const dirs = [
    `${xdg("XDG_CONFIG_HOME", ".config")} + '/opencode'`,
    `${xdg("XDG_CACHE_HOME", ".cache")} + '/opencode/bin'`,
    `${xdg("XDG_DATA_HOME", ".local/share")} + '/opencode/log'`,
    `${xdg("XDG_STATE_HOME", ".local/state")} + '/opencode'`,
    ...(leakTo ? [JSON.stringify(leakTo)] : []),
  ];
  await Deno.writeTextFile(
    `${pkg}/postinstall.js`,
    dirs.map((d) => `require('fs').mkdirSync(${d}, { recursive: true });\n`).join(""),
  );
  const tgz = `${dir}/pwf-leak-probe-1.0.0.tgz`;
  const tar = await new Deno.Command("tar", { args: ["czf", tgz, "-C", `${dir}/probe`, "package"] })
    .output();
  assertEquals(tar.success, true, new TextDecoder().decode(tar.stderr));
  return tgz;
}

/** In a harness copy, Codex's driver installs the probe package instead; runs install + leak check with `home` as HOME. */
async function installProbeWithHome(
  leak: boolean,
  check: (r: { code: number; stdout: string; home: string; copy: string }) => unknown,
): Promise<void> {
  await inHarnessCopy(async (copy, e2e) => {
    const home = `${copy}/empty-home`;
    await Deno.mkdir(home);
    const tgz = await probePackage(copy, leak ? `${home}/.config/opencode/leaked` : undefined);
    const driver = `${copy}/e2e/hosts/codex.ts`;
    const text = await Deno.readTextFile(driver);
    const pin = `pkg: "@openai/codex",\n    version: "0.171.0",\n    bin: "codex",\n` +
      `    versionArgs: ["--version"],\n    versionText: "codex-cli 0.171.0",`;
    assertStringIncludes(text, pin);
    await Deno.writeTextFile(
      driver,
      text.replace(
        pin,
        `pkg: "pwf-leak-probe", version: "1.0.0", bin: "pwf-leak-probe", ` +
          `versionArgs: [], versionText: "probe 1.0.0", source: ${JSON.stringify(tgz)},`,
      ),
    );
    const out = await e2e({
      HOME: home,
      PWF_E2E_INSTALL_ONLY: "1",
      DENO_DIR: `${copy}/deno-dir`,
      npm_config_offline: "true",
    });
    await check({ ...out, home, copy });
  });
}

Deno.test(
  skipOnWindows(POSIX_ONLY, {
    name:
      "the e2e installs a host CLI whose postinstall writes under HOME without touching HOME (an empty HOME stays empty)",
    async fn() {
      await installProbeWithHome(false, async ({ code, stdout, home, copy }) => {
        assertEquals(code, 0, stdout);
        assertMatch(stdout, /^e2e: codex: installed; tests not run/m);
        const left: string[] = [];
        for await (const e of Deno.readDir(home)) left.push(e.name);
        assertEquals(left, []);
        // The postinstall did run: its folders are in the e2e cache's own HOME.
        const ran = await Deno.stat(`${copy}/.cache/e2e/npm-home/.config/opencode`);
        assertEquals(ran.isDirectory, true);
        await Deno.stat(`${copy}/.cache/e2e/npm-home/.local/state/opencode`);
        await Deno.stat(`${copy}/.cache/e2e/npm-cache`);
      });
    },
  }),
);

Deno.test(
  skipOnWindows(POSIX_ONLY, {
    name: "the e2e's leak check fails the run when an install writes a host folder under HOME",
    async fn() {
      await installProbeWithHome(true, ({ code, stdout, home }) => {
        assertEquals(code, 1, stdout);
        assertStringIncludes(
          stdout,
          `e2e: FAILED: left outside temp dirs and cache: ${home}/.config/opencode dir`,
        );
      });
    },
  }),
);

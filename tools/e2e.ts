// deno-lint-ignore-file no-console
/**
 * `deno task e2e`: for every host in e2e/hosts/mod.ts, install its pinned
 * CLI from npm into `.cache/e2e/` (once; reused while it reports the pinned
 * version), then run its test file inside a private network namespace
 * (`unshare -n`, loopback up) so that the host and the loopback model server
 * share a network nothing can leave. A host whose install or namespace
 * fails fails the run with a line naming the host and why. At the end:
 * nothing may be left outside the temp dirs and the cache. docs/e2e.md.
 * @module
 */

import { E2E_HOSTS, type E2eHost } from "../e2e/hosts/mod.ts";
import type { InstallSpec } from "../e2e/harness.ts";
import { outsideState } from "../e2e/outside_state.ts";
import { ensureBundle } from "./bundle.ts";
import { REPO_ROOT } from "./file_url.ts";

export { CLAUDE_CODE_VERSION } from "../e2e/hosts/mod.ts";

const ROOT = REPO_ROOT;
const CACHE = `${ROOT}/.cache/e2e`;
/** Set by .ci/run: a missing network namespace is a failure there, not a skip. */
const REQUIRE_NETNS = "PWF_E2E_REQUIRE_NETNS";
/** Set to a comma-separated list of host names to run only those (local iteration). */
const ONLY = "PWF_E2E_HOSTS";
/** Set to install the hosts and run the leak check without their tests (tests/e2e_setup_test.ts). */
const INSTALL_ONLY = "PWF_E2E_INSTALL_ONLY";

/** Where a package is installed in the cache. */
export function prefixOf(spec: InstallSpec): string {
  return `${CACHE}/${spec.pkg.split("/").pop()}-${spec.version}`;
}

/** The CLI's own shared cache folder (InstallSpec.cacheEnv), beside the install. */
export function hostCacheOf(spec: InstallSpec): string {
  return `${prefixOf(spec)}/host-cache`;
}

/**
 * Fill the shared cache once (a version check with the cache env does it),
 * so that concurrent runs never race to unpack into it.
 */
async function warmHostCache(spec: InstallSpec): Promise<void> {
  if (!spec.cacheEnv) return;
  const dir = hostCacheOf(spec);
  const marker = `${dir}/.warm`;
  if (await Deno.stat(marker).then(() => true, () => false)) return;
  await Deno.mkdir(dir, { recursive: true });
  if (!(await installed(spec))) {
    throw new Error(`${binOf(spec)} ${spec.versionArgs.join(" ")} failed while filling ${dir}`);
  }
  await Deno.writeTextFile(marker, `${spec.pkg}@${spec.version}\n`);
}

/** The installed executable. */
export function binOf(spec: InstallSpec): string {
  return `${prefixOf(spec)}/node_modules/${spec.binPath ?? `.bin/${spec.bin}`}`;
}

/** A package's version in its cache prefix, or null. */
async function cachedVersion(pkg: string, version: string): Promise<string | null> {
  try {
    const prefix = prefixOf({ pkg, version } as InstallSpec);
    return JSON.parse(await Deno.readTextFile(`${prefix}/node_modules/${pkg}/package.json`))
      .version;
  } catch {
    return null;
  }
}

async function output(
  cmd: string,
  args: string[],
  env?: Record<string, string>,
): Promise<{ ok: boolean; text: string }> {
  try {
    const out = await new Deno.Command(cmd, {
      args,
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
      ...(env ? { env, clearEnv: true } : {}),
    }).output();
    const dec = new TextDecoder();
    return { ok: out.success, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
  } catch (err) {
    return { ok: false, text: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * True when the cache holds the pinned version: its package.json says so and
 * the executable is there (cheap: starting Gemini's or Copilot's CLI costs
 * seconds). The run proper proves the rest.
 */
async function cached(spec: InstallSpec): Promise<boolean> {
  try {
    const pkg = JSON.parse(
      await Deno.readTextFile(`${prefixOf(spec)}/node_modules/${spec.pkg}/package.json`),
    );
    if (pkg.version !== spec.version || !(await Deno.stat(binOf(spec))).isFile) return false;
  } catch {
    return false;
  }
  for (const x of spec.extras ?? []) {
    if ((await cachedVersion(x.pkg, x.version)) !== x.version) return false;
  }
  return true;
}

/**
 * True when the installed CLI runs and reports the pinned version. Even
 * `--version` writes state under HOME (Codex: `~/.codex/tmp`, Gemini:
 * `~/.gemini/projects.json.*.tmp`), so it runs with a throwaway HOME and TMPDIR.
 */
async function installed(spec: InstallSpec): Promise<boolean> {
  const home = await Deno.makeTempDir({ prefix: "pwf-e2e-run-version-" });
  try {
    const [cmd, ...args] = spec.interpreter
      ? [spec.interpreter, binOf(spec), ...spec.versionArgs]
      : [binOf(spec), ...spec.versionArgs];
    const v = await output(cmd!, args, {
      PATH: "/usr/bin:/bin",
      HOME: home,
      TMPDIR: home,
      ...spec.cacheEnv?.(hostCacheOf(spec)),
    });
    return v.ok && v.text.includes(spec.versionText);
  } finally {
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
}

/**
 * The environment of `npm install`: the caller's, with HOME, the XDG folders
 * and npm's cache moved into `.cache/e2e/`. Postinstall scripts run with it
 * (OpenCode's runs `opencode --version`, which writes `~/.config/opencode`,
 * `~/.cache/opencode`, `~/.local/share/opencode` and `~/.local/state/opencode`).
 */
export function npmEnv(cache: string, env: Record<string, string>): Record<string, string> {
  const home = `${cache}/npm-home`;
  const { npm_config_userconfig: _user, NPM_CONFIG_USERCONFIG: _USER, ...rest } = env;
  return {
    ...rest,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_STATE_HOME: `${home}/.local/state`,
    npm_config_cache: `${cache}/npm-cache`,
  };
}

/**
 * `npm install` one package into its own cache prefix (the bench installs the
 * original through it too); throws with npm's output on failure. `say` prints
 * the progress line.
 */
export async function npmInstall(
  pkg: string,
  version: string,
  source?: string,
  ignoreScripts = false,
  say: (line: string) => void = (line) => console.log(`e2e: ${line}`),
): Promise<void> {
  const prefix = prefixOf({ pkg, version } as InstallSpec);
  say(`installing ${pkg}@${version} into ${prefix}`);
  await Deno.remove(prefix, { recursive: true }).catch(() => {});
  await Deno.mkdir(prefix, { recursive: true });
  const npm = Deno.build.os === "windows" ? "npm.cmd" : "npm";
  const r = await output(npm, [
    "install",
    "--prefix",
    prefix,
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    ...(ignoreScripts ? ["--ignore-scripts"] : []),
    source ?? `${pkg}@${version}`,
  ], npmEnv(CACHE, Deno.env.toObject()));
  if (!r.ok) {
    throw new Error(`npm install failed (is the npm registry reachable?): ${r.text.trim()}`);
  }
}

/** Install the pinned CLI (and its extras) into the cache; throws with npm's output on failure. */
async function install(spec: InstallSpec): Promise<void> {
  for (const x of spec.extras ?? []) {
    if ((await cachedVersion(x.pkg, x.version)) !== x.version) await npmInstall(x.pkg, x.version);
  }
  await npmInstall(spec.pkg, spec.version, spec.source, spec.ignoreScripts === true);
  if (!(await installed(spec))) {
    throw new Error(
      `npm installed the package but ${binOf(spec)} ${spec.versionArgs.join(" ")} does not ` +
        `print ${spec.versionText.trim()} (npm must run the package's postinstall script)`,
    );
  }
}

const PATH_WITH_SBIN = `${Deno.env.get("PATH") ?? "/usr/bin:/bin"}:/usr/sbin:/sbin`;

/**
 * The argv prefix that runs a command in a fresh network namespace with
 * loopback up, or why there is none. Tries `unshare -n` (root), then
 * `unshare -rn` (an unprivileged user namespace).
 */
async function netns(): Promise<{ prefix: string[] } | { reason: string }> {
  const reasons: string[] = [];
  for (const flags of [["-n"], ["-rn"]]) {
    const probe = await output("unshare", [...flags, "sh", "-c", "ip link set lo up"], {
      PATH: PATH_WITH_SBIN,
    });
    if (probe.ok) {
      return {
        prefix: ["unshare", ...flags, "sh", "-c", 'ip link set lo up && exec "$@"', "sh"],
      };
    }
    reasons.push(`unshare ${flags.join(" ")}: ${probe.text.trim().split("\n")[0] ?? ""}`);
  }
  return { reason: reasons.join("; ") };
}

/** "N passed | M failed" of a deno test run; null when the run printed none. */
function counts(text: string): { passed: number; failed: number } | null {
  // deno-lint-ignore no-control-regex
  const plain = text.replace(/\x1b\[[0-9;]*m/g, "");
  const m = /(?:ok|FAILED) \| (\d+) passed(?: \(\d+ steps?\))? \| (\d+) failed/.exec(plain);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : null;
}

/**
 * Run one host's test file (in the namespace when given), echoing its output.
 * `why` is set when the run printed no test summary (the namespace or
 * `deno test` itself failed): its exit code and last stderr line.
 */
async function runTests(
  host: E2eHost,
  ns: string[] | null,
  tmp: string,
): Promise<{ ok: boolean; passed: number; failed: number; why?: string }> {
  const args = [
    "test",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-run",
    "--allow-net=127.0.0.1",
    host.testFile,
  ];
  const [cmd, ...rest] = ns ? [...ns, Deno.execPath(), ...args] : [Deno.execPath(), ...args];
  const child = new Deno.Command(cmd as string, {
    args: rest,
    cwd: ROOT,
    env: {
      PATH: PATH_WITH_SBIN,
      [host.binEnv]: binOf(host.install),
      ...(host.install.cacheEnv ? { E2E_HOST_CACHE: hostCacheOf(host.install) } : {}),
      E2E_CACHE: CACHE,
      DENO_DIR: `${CACHE}/deno`,
      DENO_NO_UPDATE_CHECK: "1",
      TMPDIR: tmp,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  let tail = "";
  const dec = new TextDecoder();
  const errDec = new TextDecoder();
  const errors = (async () => {
    for await (const chunk of child.stderr) {
      await Deno.stderr.write(chunk);
      tail = (tail + errDec.decode(chunk, { stream: true })).slice(-4000);
    }
  })();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    text += dec.decode(chunk, { stream: true });
  }
  const status = await child.status;
  await errors;
  const c = counts(text);
  if (c) return { ok: status.success, ...c };
  // deno-lint-ignore no-control-regex
  const last = tail.replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n").pop()?.trim() || "no stderr";
  return {
    ok: false,
    passed: 0,
    failed: 1,
    why: `its test run printed no summary (exit ${status.code}${
      ns ? ", in the namespace" : ""
    }): ${last}`,
  };
}

async function main(): Promise<number> {
  const started = performance.now();
  const secs = (ms: number) => (ms / 1000).toFixed(1);
  const only = (Deno.env.get(ONLY) ?? "").split(",").map((s) => s.trim()).filter((s) => s);
  const hosts = E2E_HOSTS.filter((h) => only.length === 0 || only.includes(h.name));
  const ns = await netns();
  const requireNs = Boolean(Deno.env.get(REQUIRE_NETNS));
  const installOnly = Boolean(Deno.env.get(INSTALL_ONLY));
  if ("reason" in ns) {
    console.log(
      `e2e: no private network namespace here (${ns.reason})` +
        (requireNs ? `; ${REQUIRE_NETNS} is set, so hosts that need one fail` : ""),
    );
  }
  // The tests' sandboxes go under a temp dir of this run's own (checked empty at
  // the end); the system temp dir and the real HOME are watched for host leaks.
  const systemTmp = Deno.env.get("TMPDIR") || "/tmp";
  // Build the one artifact here, with the normal Deno cache (deno bundle's
  // esbuild lives there), before the tests' own DENO_DIR and namespace apply.
  try {
    await ensureBundle(ROOT, (l) => console.error(l));
  } catch (err) {
    console.error(`e2e: FAILED: bundle: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const tmp = await Deno.makeTempDir({ prefix: "pwf-e2e-run-" });
  const before = await outsideState(systemTmp, false);
  let passed = 0, failed = 0;
  const lines: string[] = [];
  try {
    for (const host of hosts) {
      const t0 = performance.now();
      try {
        if (!(await cached(host.install))) await install(host.install);
        await warmHostCache(host.install);
      } catch (err) {
        failed++;
        lines.push(
          `e2e: ${host.name}: FAILED: install of ${host.install.pkg}@${host.install.version}: ${
            err instanceof Error ? err.message : String(err)
          }`,
        );
        console.log(lines[lines.length - 1]);
        continue;
      }
      const t1 = performance.now();
      if (installOnly) {
        passed++;
        lines.push(`e2e: ${host.name}: installed; tests not run (${INSTALL_ONLY} is set)`);
        console.log(lines[lines.length - 1]);
        continue;
      }
      if ("reason" in ns && host.namespace === "required") {
        if (requireNs) {
          failed++;
          lines.push(`e2e: ${host.name}: FAILED: no private network namespace (${ns.reason})`);
        } else {
          lines.push(`e2e: ${host.name}: not run: no private network namespace (${ns.reason})`);
        }
        console.log(lines[lines.length - 1]);
        continue;
      }
      const r = await runTests(host, "prefix" in ns ? ns.prefix : null, tmp);
      passed += r.passed;
      failed += r.failed + (r.ok || r.failed ? 0 : 1);
      const t2 = performance.now();
      lines.push(
        `e2e: ${host.name} (${host.title}): ${
          r.ok ? "ok," : r.why ? `FAILED: ${r.why};` : "FAILED,"
        } ${r.passed} passed, ${r.failed} failed; install/check ${secs(t1 - t0)} s, tests ${
          secs(t2 - t1)
        } s${"prefix" in ns ? " (private network namespace)" : ""}`,
      );
      console.log(lines[lines.length - 1]);
    }
  } finally {
    const left: string[] = [];
    for await (const e of Deno.readDir(tmp)) left.push(e.name);
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
    const after = await outsideState(systemTmp, false);
    const leaked = [
      ...left.map((n) => `${tmp}/${n}`),
      ...after.filter((l) => !before.includes(l)),
      ...before.filter((l) => !after.includes(l)).map((l) => `(changed or removed) ${l}`),
    ];
    if (leaked.length) {
      failed++;
      lines.push(
        `e2e: FAILED: left outside temp dirs and cache: ${leaked.slice(0, 20).join(", ")}`,
      );
    }
  }
  console.log("\n" + lines.join("\n"));
  console.log(
    `e2e: ${hosts.length} host(s): ${passed} passed, ${failed} failed, total ${
      secs(performance.now() - started)
    } s wall`,
  );
  return failed === 0 && passed > 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main());

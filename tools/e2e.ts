// deno-lint-ignore-file no-console
/**
 * `deno task e2e`: install the pinned Claude Code CLI into `.cache/e2e/`
 * (once; reused while it is intact), then run the end-to-end tests in `e2e/`
 * against it and report the wall time. Needs npm and, for the first
 * install, the npm registry; a failed install fails the run. docs/e2e.md.
 * @module
 */

/** The Claude Code CLI version the e2e tests prove pwf against (docs/hosts.md). */
export const CLAUDE_CODE_VERSION = "2.1.332";

import { REPO_ROOT } from "./file_url.ts";
import { ensureBundle } from "./bundle.ts";
const ROOT = REPO_ROOT;
const CACHE = `${ROOT}/.cache/e2e`;
const PREFIX = `${CACHE}/claude-code-${CLAUDE_CODE_VERSION}`;
const BIN = `${PREFIX}/node_modules/.bin/claude`;

async function output(cmd: string, args: string[]): Promise<{ ok: boolean; text: string }> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
    const dec = new TextDecoder();
    return { ok: out.success, text: dec.decode(out.stdout) + dec.decode(out.stderr) };
  } catch (err) {
    return { ok: false, text: err instanceof Error ? err.message : String(err) };
  }
}

/** True when the cached CLI runs and reports the pinned version. */
async function installed(): Promise<boolean> {
  const v = await output(BIN, ["--version"]);
  return v.ok && v.text.startsWith(`${CLAUDE_CODE_VERSION} `);
}

/** Install the pinned CLI into the cache; throws with npm's output on failure. */
async function install(): Promise<void> {
  console.log(`e2e: installing @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} into ${PREFIX}`);
  await Deno.remove(PREFIX, { recursive: true }).catch(() => {});
  await Deno.mkdir(PREFIX, { recursive: true });
  const npm = Deno.build.os === "windows" ? "npm.cmd" : "npm";
  const r = await output(npm, [
    "install",
    "--prefix",
    PREFIX,
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
    `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`,
  ]);
  if (!r.ok) throw new Error(`npm install failed (is the npm registry reachable?):\n${r.text}`);
  if (!(await installed())) {
    throw new Error(
      `npm installed the package but ${BIN} --version does not print ${CLAUDE_CODE_VERSION} ` +
        `(npm must run the package's postinstall script)`,
    );
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  try {
    if (!(await installed())) await install();
  } catch (err) {
    console.error(`e2e: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  // Build the one artifact here, with the normal Deno cache (deno bundle's
  // esbuild lives there), before the tests' own DENO_DIR is in force.
  try {
    await ensureBundle(ROOT, (l) => console.error(l));
  } catch (err) {
    console.error(`e2e: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const ready = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "--allow-read", "--allow-write", "--allow-env", "--allow-run", "e2e/"],
    cwd: ROOT,
    env: { E2E_CLAUDE_BIN: BIN, DENO_DIR: `${CACHE}/deno` },
  }).spawn();
  const status = await child.status;
  const secs = (t: number) => ((t - started) / 1000).toFixed(1);
  console.log(
    `e2e: Claude Code ${CLAUDE_CODE_VERSION}: install/check ${secs(ready)} s, total ${
      secs(performance.now())
    } s wall`,
  );
  return status.code;
}

if (import.meta.main) Deno.exit(await main());

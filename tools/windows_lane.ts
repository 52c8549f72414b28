// deno-lint-ignore-file no-console
/**
 * The Windows lane (`deno task test-windows`, docs/windows.md): every unit,
 * doc and black-box test (tools/test_plan.ts) run by the official Windows
 * build of Deno (npm `@deno/win32-x64`, the version pinned in `.dvmrc`) under
 * Wine 10, in a Debian 13 (trixie) chroot, all cached under
 * `.cache/windows-lane/`. Prints each step with its duration, the skipped
 * tests with their reasons, and ends with "N passed, M failed".
 *
 * Mounts (`/proc`, `/dev`, the checkout) live only in a private mount and pid
 * namespace (`unshare`): they vanish when the run ends, however it ends, so
 * nothing is left behind that could break `rm -rf` of the checkout; they are
 * also unmounted explicitly, and mounts left under the cache by anything else
 * are removed before a run.
 *
 * Needs Linux, root and a Debian mirror (`/etc/apt/sources.list.d/*.sources`
 * or `/etc/apt/sources.list`); `laneUnavailable()` says why not otherwise.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { ignoredTests, type SkippedTest, TEST_ARGS, TEST_DIRS, testCounts } from "./test_plan.ts";
import {
  clearStaleMounts,
  ensureDenoExe,
  ensurePrefix,
  ensureRootfs,
  ensureWine,
  exeInChroot,
  fmtSeconds,
  inChroot,
  LaneError,
  must,
  SRC,
  timed,
  WINE,
} from "./wine_chroot.ts";

/** The one variable that skips the lane in local runs of the quality gate (docs/windows.md). */
export const LANE_ENV = "PWF_WINDOWS_LANE";

/** The command that runs the lane on its own. */
export const LANE_COMMAND = "deno task test-windows";

/** The pinned Deno version (`.dvmrc`, its one place). */
export async function pinnedDeno(): Promise<string> {
  return (await Deno.readTextFile(`${REPO_ROOT}/.dvmrc`)).trim();
}

/** The Debian mirror this machine uses (the first non-security `URIs:`/`deb` entry), or null. */
export function debianMirror(sources: readonly string[]): string | null {
  for (const text of sources) {
    for (const stanza of text.split(/\n\s*\n/)) {
      const uris = /^URIs:\s*(\S+)/m.exec(stanza)?.[1];
      const suites = /^Suites:\s*(.+)$/m.exec(stanza)?.[1] ?? "";
      if (uris && /^https?:/.test(uris) && !/security/.test(suites)) return uris;
    }
    for (const line of text.split("\n")) {
      const m = /^deb\s+(?:\[[^\]]*\]\s+)?(https?:\S+)\s+(\S+)/.exec(line.trim());
      if (m && !/security/.test(m[2]!)) return m[1]!;
    }
  }
  return null;
}

async function readIfAny(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return null;
  }
}

async function aptSources(): Promise<string[]> {
  const texts: string[] = [];
  const list = await readIfAny("/etc/apt/sources.list");
  if (list) texts.push(list);
  try {
    for await (const e of Deno.readDir("/etc/apt/sources.list.d")) {
      if (/\.(sources|list)$/.test(e.name)) {
        const t = await readIfAny(`/etc/apt/sources.list.d/${e.name}`);
        if (t) texts.push(t);
      }
    }
  } catch { /* no such directory */ }
  return texts;
}

/** Whether this process runs as root (asks `id -u`: Deno.uid() needs --allow-sys). */
export async function isRoot(): Promise<boolean> {
  try {
    const out = await new Deno.Command("id", { args: ["-u"], stdout: "piped", stderr: "null" })
      .output();
    return new TextDecoder().decode(out.stdout).trim() === "0";
  } catch {
    return false;
  }
}

/**
 * Why the lane cannot run on this machine, or null when it can.
 * (This reads the machine: Linux, root, Debian, a mirror.)
 */
export async function laneUnavailable(): Promise<string | null> {
  if (Deno.build.os !== "linux") return `it needs Linux (this is ${Deno.build.os})`;
  if (!(await isRoot())) return "it needs root (debootstrap, chroot and mounts)";
  if (!(await readIfAny("/etc/debian_version"))) return "it needs Debian (no /etc/debian_version)";
  if (!debianMirror(await aptSources())) return "no Debian mirror in /etc/apt/sources.list(.d)";
  return null;
}

/** What the quality gate does about the lane. */
export type LaneDecision =
  | { readonly run: "lane" }
  | { readonly run: "native"; readonly line: string }
  | { readonly run: "none"; readonly line: string; readonly why: string; readonly fails: boolean };

/**
 * The gate's choice: on Windows the native run is the Windows run; on macOS
 * the lane is skipped; on Linux `PWF_WINDOWS_LANE` (`mode`) may skip it, and
 * a lane that cannot run (`unavailable` says why) fails only when required.
 * @example
 * ```ts
 * import { laneDecision } from "./windows_lane.ts";
 * const d = laneDecision("linux", "skip", null);
 * if (d.run !== "none" || d.fails) throw new Error();
 * ```
 */
export function laneDecision(
  os: string,
  mode: string | undefined,
  unavailable: string | null,
): LaneDecision {
  if (os === "windows") {
    return {
      run: "native",
      line: "windows lane: not needed, this native run on Windows is the Windows run",
    };
  }
  const none = (why: string, fails: boolean): LaneDecision => ({
    run: "none",
    why,
    fails,
    line: `windows lane: ${why}${fails ? " (a failure)" : ""}`,
  });
  if (mode !== undefined && mode !== "" && mode !== "skip" && mode !== "require") {
    return none(`${LANE_ENV}="${mode}" is neither "skip" nor "require"`, true);
  }
  if (os === "darwin" && mode !== "require") {
    return none(`not run on macOS (run "${LANE_COMMAND}" as root on Linux)`, false);
  }
  if (mode === "skip") {
    return none(`skipped (${LANE_ENV}=skip); run it with "${LANE_COMMAND}"`, false);
  }
  if (unavailable !== null) {
    return none(
      `cannot run here: ${unavailable}; run "${LANE_COMMAND}" as root on Debian`,
      mode === "require",
    );
  }
  return { run: "lane" };
}

// ---- the run ----

/** What a lane run found. */
export interface LaneResult {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: readonly SkippedTest[];
  readonly unexplained: readonly string[];
  /** deno.exe's exit code. */
  readonly exitCode: number;
}

/** The lines that list skipped tests and unexplained ignores. */
export function skipReport(
  where: string,
  skipped: readonly SkippedTest[],
  unexplained: readonly string[],
): string[] {
  const lines: string[] = [];
  if (skipped.length) {
    lines.push(`Skipped ${where} (${skipped.length}), each with its reason:`);
    for (const s of skipped) lines.push(`  - ${s.name}: ${s.reason}`);
  } else lines.push(`Skipped ${where}: none`);
  if (unexplained.length) {
    lines.push(
      `Ignored ${where} without a stated reason (${unexplained.length}, counted as failed; ` +
        "skip through tests/skip.ts):",
    );
    for (const n of unexplained) lines.push(`  - ${n}`);
  }
  return lines;
}

/**
 * The deno.exe arguments for a run: every test, or (while fixing a
 * failure) only the test files or directories named on the command line,
 * or with `--deno`, any deno.exe command (`--deno eval "..."`).
 */
export function laneArgs(cli: readonly string[]): string[] {
  if (cli[0] === "--deno") return cli.slice(1);
  if (cli.length === 0) return [...TEST_ARGS];
  return [...TEST_ARGS.filter((a) => !TEST_DIRS.includes(a)), ...cli];
}

/** Prepare the lane (cached) and run every test (or `cli`'s choice, laneArgs) with deno.exe. */
export async function runLane(cli: readonly string[] = []): Promise<LaneResult> {
  const t0 = performance.now();
  const why = await laneUnavailable();
  if (why) throw new LaneError(`the Windows lane cannot run here: ${why}`);
  const pin = await pinnedDeno();
  const mirror = debianMirror(await aptSources())!;
  await clearStaleMounts();
  await ensureRootfs(mirror);
  await ensureWine();
  const exe = await ensureDenoExe(pin);
  await ensurePrefix(exe, pin);
  await timed("bundle dist/pwf.js natively (tools/bundle.ts; the tests run it)", async () => {
    await must(Deno.execPath(), ["run", "-A", `${REPO_ROOT}/tools/bundle.ts`, "--quiet"], {
      cwd: REPO_ROOT,
    });
  });
  const args = laneArgs(cli);
  console.log(
    `[windows lane] setup ready in ${fmtSeconds(performance.now() - t0)}; running ` +
      `deno.exe ${args.join(" ")} (about ten times slower than native)`,
  );
  const t1 = performance.now();
  const x = await exeInChroot(exe);
  const r = await inChroot([WINE, x.argv0, ...args], {
    src: true,
    tee: true,
    cwd: SRC,
    exeDir: x.exeDir,
  });
  console.log(`[windows lane] tests: done in ${fmtSeconds(performance.now() - t1)}`);
  const counts = testCounts(r.output);
  const { skipped, unexplained } = ignoredTests(r.output);
  const failed = counts.failed + unexplained.length + (r.ok || counts.failed ? 0 : 1);
  return { passed: counts.passed, failed, skipped, unexplained, exitCode: r.code };
}

if (import.meta.main) {
  let code = 1;
  try {
    if (Deno.args[0] === "--deno") {
      // A one-off deno.exe command (laneArgs): its own exit code, no test summary.
      Deno.exit((await runLane(Deno.args)).exitCode);
    }
    const r = await runLane(Deno.args);
    for (const l of skipReport("in the Windows lane", r.skipped, r.unexplained)) console.log(l);
    console.log(`${r.passed} passed, ${r.failed} failed`);
    code = r.failed === 0 && r.passed > 0 ? 0 : 1;
  } catch (e) {
    if (!(e instanceof LaneError)) throw e;
    console.log(`[windows lane] ${e.message}`);
    console.log("0 passed, 1 failed");
  } finally {
    await clearStaleMounts().catch(() => {});
  }
  Deno.exit(code);
}

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

/** The one variable that skips the lane in local runs of the quality gate (docs/windows.md). */
export const LANE_ENV = "PWF_WINDOWS_LANE";

/** The command that runs the lane on its own. */
export const LANE_COMMAND = "deno task test-windows";

const CACHE = `${REPO_ROOT}/.cache/windows-lane`;
const ROOTFS = `${CACHE}/trixie`;
/** Where the checkout is mounted inside the chroot (Wine's `Z:\src`). */
const SRC = "/src";
const PREFIX = "/opt/pwf-wineprefix";
/** Where deno.exe's directory is mounted inside the chroot. */
const EXE_DIR = "/opt/pwf-deno";
const WINE = "/usr/lib/wine/wine64";

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

// ---- running things, with progress ----

function fmtSeconds(ms: number): string {
  return ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${(ms / 1000).toFixed(1)} s`;
}

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  console.log(`[windows lane] ${what} ...`);
  const r = await fn();
  console.log(`[windows lane] ${what}: done in ${fmtSeconds(performance.now() - t0)}`);
  return r;
}

class LaneError extends Error {}

/** Run a command; with `tee`, echo its output while collecting it. */
async function sh(
  cmd: string,
  args: readonly string[],
  opts: { cwd?: string; tee?: boolean; quiet?: boolean } = {},
): Promise<{ ok: boolean; code: number; output: string }> {
  const child = new Deno.Command(cmd, {
    args: [...args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  }).spawn();
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: typeof Deno.stdout) => {
    const dec = new TextDecoder();
    for await (const chunk of stream) {
      output += dec.decode(chunk, { stream: true });
      if (opts.tee) await sink.write(chunk);
    }
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  const status = await child.status;
  if (!status.success && !opts.tee && !opts.quiet) {
    console.log(output.split("\n").slice(-30).join("\n"));
  }
  return { ok: status.success, code: status.code, output };
}

async function must(cmd: string, args: readonly string[], opts: { cwd?: string } = {}) {
  const r = await sh(cmd, args, opts);
  if (!r.ok) throw new LaneError(`${cmd} ${args.join(" ")} failed`);
  return r.output;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Mount points at or under `dir` in this mount namespace, deepest first. */
async function mountsUnder(dir: string): Promise<string[]> {
  const info = (await sh("cat", ["/proc/self/mountinfo"], { quiet: true })).output;
  const unescape = (s: string) =>
    s.replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8)));
  return info.split("\n").map((l) => unescape(l.split(" ")[4] ?? ""))
    .filter((m) => m === dir || m.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

/** Remove mounts a run outside a private namespace may have left under the cache. */
async function clearStaleMounts(): Promise<void> {
  for (const m of await mountsUnder(CACHE)) {
    console.log(`[windows lane] unmounting a left-over mount: ${m}`);
    await sh("umount", ["-l", m]);
  }
}

/** This machine's CA bundle (DENO_CERT, SSL_CERT_FILE or Debian's), if any. */
function hostCaBundle(): string | null {
  for (
    const c of [
      Deno.env.get("DENO_CERT"),
      Deno.env.get("SSL_CERT_FILE"),
      "/etc/ssl/certs/ca-certificates.crt",
    ]
  ) {
    if (c && c.startsWith("/")) {
      try {
        if (Deno.statSync(c).isFile) return c;
      } catch { /* not there */ }
    }
  }
  return null;
}

/**
 * Run `argv` inside the chroot, in a private mount + pid namespace with
 * `/proc`, `/dev` (and with `src`, the checkout at /src) bind-mounted;
 * the script unmounts them when it ends, and the namespace takes any
 * remaining mount and process (wineserver included) with it.
 */
function inChroot(
  argv: readonly string[],
  opts: {
    src?: boolean;
    tee?: boolean;
    cwd?: string;
    env?: Record<string, string>;
    /** A host directory holding deno.exe, mounted at EXE_DIR (the cache may be a symlink). */
    exeDir?: string;
  } = {},
) {
  const env = {
    HOME: "/root",
    PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    LANG: "C.UTF-8",
    DEBIAN_FRONTEND: "noninteractive",
    WINEDEBUG: "-all",
    WINEPREFIX: PREFIX,
    WINEDLLOVERRIDES: "winemenubuilder.exe=d;mscoree=d;mshtml=d",
    XDG_RUNTIME_DIR: "/tmp/pwf-xdg",
    DENO_NO_UPDATE_CHECK: "1",
    ...(hostCaBundle() ? { DENO_CERT: "Z:\\etc\\pwf-host-ca.crt" } : {}),
    ...opts.env,
  };
  // deno.exe reaches the npm registry (deno bundle fetches esbuild) through
  // whatever this machine uses: its proxy variables and its CA bundle
  // (copied into the chroot; a TLS-inspecting egress needs its CA).
  for (
    const k of ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"]
  ) {
    const v = Deno.env.get(k);
    if (v !== undefined && !(k in env)) (env as Record<string, string>)[k] = v;
  }
  const script = [
    "set -eu",
    'R="$1"; S="$2"; C="$3"; X="$4"; shift 4',
    `cleanup() { for m in "$R${EXE_DIR}" "$R/src" "$R/dev" "$R/proc"; do umount "$m" 2>/dev/null || true; done; }`,
    "trap cleanup EXIT",
    'mount --bind /proc "$R/proc"',
    'mount --bind /dev "$R/dev"',
    'if [ -n "$S" ]; then mkdir -p "$R/src"; mount --bind "$S" "$R/src"; fi',
    `if [ -n "$X" ]; then mkdir -p "$R${EXE_DIR}"; mount --bind "$X" "$R${EXE_DIR}"; fi`,
    'cp /etc/resolv.conf "$R/etc/resolv.conf" 2>/dev/null || true',
    'if [ -n "$C" ] && [ -r "$C" ]; then cp "$C" "$R/etc/pwf-host-ca.crt"; fi',
    'mkdir -p -m 700 "$R/tmp/pwf-xdg"',
    'rc=0; chroot "$R" /usr/bin/env -i "$@" || rc=$?',
    // let wineserver save the prefix's registry before the namespace ends
    'if [ -x "$R/usr/lib/wine/wineserver64" ]; then chroot "$R" /usr/bin/env -i "WINEPREFIX=' +
    PREFIX + '" /usr/lib/wine/wineserver64 -w 2>/dev/null || true; fi',
    "exit $rc",
  ].join("\n");
  const envArgs = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  const inner = opts.cwd ? ["/bin/sh", "-c", 'cd "$0" && exec "$@"', opts.cwd, ...argv] : argv;
  return sh("unshare", [
    "--mount",
    "--propagation",
    "private",
    "--pid",
    "--fork",
    "--kill-child",
    "/bin/sh",
    "-c",
    script,
    "lane",
    ROOTFS,
    opts.src ? REPO_ROOT : "",
    hostCaBundle() ?? "",
    opts.exeDir ?? "",
    ...envArgs,
    ...inner,
  ], { tee: opts.tee ?? false });
}

// ---- the cached setup steps (each ends with a marker, so an interrupted step is redone) ----

async function ensureDebootstrap(): Promise<void> {
  if ((await sh("sh", ["-c", "command -v debootstrap"], { quiet: true })).ok) return;
  await timed("install debootstrap (apt-get)", async () => {
    if (!(await sh("apt-get", ["install", "-y", "debootstrap"], { quiet: true })).ok) {
      await must("apt-get", ["update"]);
      await must("apt-get", ["install", "-y", "debootstrap"]);
    }
  });
}

async function ensureRootfs(mirror: string): Promise<boolean> {
  if (await exists(`${ROOTFS}/.pwf-base`)) return false;
  await ensureDebootstrap();
  await timed(`debootstrap Debian 13 (trixie) from ${mirror}`, async () => {
    const partial = `${ROOTFS}.partial`;
    await Deno.remove(partial, { recursive: true }).catch(() => {});
    await Deno.remove(ROOTFS, { recursive: true }).catch(() => {});
    await Deno.mkdir(CACHE, { recursive: true });
    await must("debootstrap", ["--variant=minbase", "trixie", partial, mirror]);
    await Deno.writeTextFile(`${partial}/.pwf-base`, `${mirror}\n`);
    await Deno.rename(partial, ROOTFS);
  });
  return true;
}

async function ensureWine(): Promise<boolean> {
  if (await exists(`${ROOTFS}/.pwf-wine`)) return false;
  await timed("install Wine in the chroot (apt-get wine64 wine)", async () => {
    const r = await inChroot([
      "/bin/sh",
      "-c",
      "dpkg --configure -a && apt-get update && apt-get install -y --no-install-recommends wine64 wine",
    ]);
    if (!r.ok) throw new LaneError("installing Wine in the chroot failed");
    if (!(await exists(`${ROOTFS}${WINE}`))) {
      throw new LaneError(`no ${WINE} after installing Wine`);
    }
    await Deno.writeTextFile(`${ROOTFS}/.pwf-wine`, "wine64 wine\n");
  });
  return true;
}

async function ensureDenoExe(pin: string): Promise<string> {
  const dir = `${CACHE}/deno-${pin}`;
  const exe = `${dir}/deno.exe`;
  if (await exists(exe)) return exe;
  await timed(
    `download the Windows deno.exe ${pin} (npm pack @deno/win32-x64@${pin})`,
    async () => {
      const tmp = await Deno.makeTempDir({ dir: CACHE, prefix: "npm-" });
      try {
        await must("npm", ["pack", `@deno/win32-x64@${pin}`, "--pack-destination", tmp], {
          cwd: tmp,
        });
        const tgz = (await Array.fromAsync(Deno.readDir(tmp))).find((e) => e.name.endsWith(".tgz"));
        if (!tgz) throw new LaneError("npm pack produced no tarball");
        await must("tar", ["-xzf", `${tmp}/${tgz.name}`, "-C", tmp, "package/deno.exe"]);
        await Deno.mkdir(dir, { recursive: true });
        await Deno.rename(`${tmp}/package/deno.exe`, exe);
      } finally {
        await Deno.remove(tmp, { recursive: true }).catch(() => {});
      }
    },
  );
  return exe;
}

/**
 * How the chroot runs deno.exe: its directory (real path: a worktree's
 * `.cache/windows-lane` may be a symlink to a shared cache, which does not
 * resolve inside the chroot) is mounted at EXE_DIR.
 */
async function exeInChroot(exe: string): Promise<{ argv0: string; exeDir: string }> {
  const real = await Deno.realPath(exe);
  return { argv0: `${EXE_DIR}/deno.exe`, exeDir: real.slice(0, real.lastIndexOf("/")) };
}

async function ensurePrefix(exe: string, pin: string): Promise<void> {
  const marker = `${ROOTFS}${PREFIX}/.pwf-ready-${pin}`;
  if (await exists(marker)) return;
  await timed("create the Wine prefix and check deno.exe --version", async () => {
    if (!(await exists(`${ROOTFS}${PREFIX}/system.reg`))) {
      await Deno.remove(`${ROOTFS}${PREFIX}`, { recursive: true }).catch(() => {});
    }
    const x = await exeInChroot(exe);
    const r = await inChroot([WINE, x.argv0, "--version"], { src: true, exeDir: x.exeDir });
    if (!r.ok || !r.output.includes(`deno ${pin}`)) {
      throw new LaneError(`deno.exe --version did not say "deno ${pin}": ${r.output.trim()}`);
    }
    const version = r.output.split("\n").find((l) => l.startsWith("deno "))?.trim();
    console.log(`[windows lane] ${version} (Windows build, under Wine)`);
    await Deno.writeTextFile(marker, `${pin}\n`);
  });
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

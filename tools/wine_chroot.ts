// deno-lint-ignore-file no-console
/**
 * The Windows lane's machine (tools/windows_lane.ts runs the tests on it): a
 * Debian 13 (trixie) chroot with Wine 10 and the official Windows build of
 * Deno, all cached under `.cache/windows-lane/`, built step by step (each
 * step ends with a marker, so an interrupted one is redone), and commands run
 * inside it in a private mount and pid namespace with their progress shown.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";

const CACHE = `${REPO_ROOT}/.cache/windows-lane`;
const ROOTFS = `${CACHE}/trixie`;
/** Where the checkout is mounted inside the chroot (Wine's `Z:\src`). */
export const SRC = "/src";
const PREFIX = "/opt/pwf-wineprefix";
/** Where deno.exe's directory is mounted inside the chroot. */
const EXE_DIR = "/opt/pwf-deno";
export const WINE = "/usr/lib/wine/wine64";

// ---- running things, with progress ----

export function fmtSeconds(ms: number): string {
  return ms >= 60_000
    ? `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`
    : `${(ms / 1000).toFixed(1)} s`;
}

export async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  console.log(`[windows lane] ${what} ...`);
  const r = await fn();
  console.log(`[windows lane] ${what}: done in ${fmtSeconds(performance.now() - t0)}`);
  return r;
}

export class LaneError extends Error {}

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

export async function must(cmd: string, args: readonly string[], opts: { cwd?: string } = {}) {
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
export async function clearStaleMounts(): Promise<void> {
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
export function inChroot(
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

export async function ensureRootfs(mirror: string): Promise<boolean> {
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

export async function ensureWine(): Promise<boolean> {
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

export async function ensureDenoExe(pin: string): Promise<string> {
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
export async function exeInChroot(exe: string): Promise<{ argv0: string; exeDir: string }> {
  const real = await Deno.realPath(exe);
  return { argv0: `${EXE_DIR}/deno.exe`, exeDir: real.slice(0, real.lastIndexOf("/")) };
}

export async function ensurePrefix(exe: string, pin: string): Promise<void> {
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

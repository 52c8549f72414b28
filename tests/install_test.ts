/**
 * `deno task install` / `uninstall` (tools/install.ts), black-box: install
 * into a temp folder with HOME (and LOCALAPPDATA) a new empty folder, run
 * `pwf` through the launcher as a host's registration does (by name on
 * PATH; through cmd.exe on Windows, no POSIX shell), then uninstall.
 * @module
 */

import { BUILD_INFO } from "../lib/core/build_info.ts";
import { FORBIDDEN_FLAGS, PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { gitCommit } from "../tools/compile.ts";
import { installPaths, parseInstallArgs, renderLauncher, stampCommit } from "../tools/install.ts";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { baseEnv, REPO } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

const WINDOWS = Deno.build.os === "windows";
const dec = new TextDecoder();

async function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env: Record<string, string>; stdin?: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: opts.cwd ?? REPO,
    env: opts.env,
    clearEnv: true,
    stdin: opts.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (opts.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(opts.stdin));
    await w.close();
  }
  const out = await child.output();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A command line the way a host runs a registration: through the platform's shell. */
function shell(line: string, cwd: string, env: Record<string, string>, stdin?: string) {
  return WINDOWS
    ? run("cmd.exe", ["/d", "/c", line], { cwd, env, ...(stdin === undefined ? {} : { stdin }) })
    : run("/bin/sh", ["-c", line], { cwd, env, ...(stdin === undefined ? {} : { stdin }) });
}

async function entries(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("deno task install puts a pwf on PATH that runs the artifact in the sandbox; uninstall removes it; HOME untouched", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "pwf-install-" });
  try {
    const sep = WINDOWS ? "\\" : "/";
    const home = `${tmp}${sep}home`, bin = `${tmp}${sep}bin`, project = `${tmp}${sep}project`;
    await Deno.mkdir(home);
    await Deno.mkdir(project);
    const pathSep = WINDOWS ? ";" : ":";
    const env = {
      ...baseEnv(),
      HOME: home,
      USERPROFILE: home,
      LOCALAPPDATA: home,
      DENO_DIR: `${tmp}${sep}deno-dir`,
      PATH: `${bin}${pathSep}${Deno.env.get("PATH") ?? ""}`,
    };
    const task = (action: string) =>
      run(Deno.execPath(), ["run", "-A", "tools/install.ts", action, "--dir", bin], { env });
    const inst = await task("install");
    assertEquals(inst.code, 0, inst.stderr + inst.stdout);
    assertStringIncludes(inst.stdout, `pwf install: launcher ${bin}${sep}pwf`);
    assertEquals(await entries(home), [], "install must not write under HOME");
    const launcher = await Deno.readTextFile(`${bin}${sep}${WINDOWS ? "pwf.cmd" : "pwf"}`);
    const flags = [...RUN_FLAGS, ...PERMISSION_FLAGS].map((f) => WINDOWS ? `"${f}"` : `'${f}'`);
    assertStringIncludes(launcher, ` ${WINDOWS ? '"run"' : "'run'"} ${flags.join(" ")} `);
    const given = [...launcher.matchAll(/["'](-[-a-z0-9]+)[="']/g)].map((m) => m[1]);
    assert(given.length >= flags.length, launcher);
    for (const f of FORBIDDEN_FLAGS) assert(!given.includes(f), `${f} in ${launcher}`);

    const version = await shell("pwf --version", project, env);
    assertEquals(version.code, 0, version.stderr);
    const commit = await gitCommit(REPO);
    assertEquals(
      version.stdout.trim(),
      `pwf ${BUILD_INFO.version} (commit: ${commit}, deno: ${Deno.version.deno}, ` +
        `target: ${Deno.build.target}, build: source)`,
    );
    // A registration as `hooks print` writes it, unchanged, through the launcher.
    assertEquals((await shell("pwf init Demo", project, env)).code, 0);
    const payload = JSON.stringify({ session_id: "s1", prompt: "go", cwd: project });
    const fire = await shell("pwf hook claude UserPromptSubmit", project, env, payload);
    assertEquals([fire.code, fire.stderr], [0, ""]);
    assertStringIncludes(JSON.parse(fire.stdout).hookSpecificOutput.additionalContext, "Demo");
    // Everything the fires wrote is in .planning.
    assertEquals(await entries(project), [".planning"]);

    const un = await task("uninstall");
    assertEquals(un.code, 0, un.stderr);
    assertEquals(await entries(bin), []);
    const left = WINDOWS ? [] : ["share"]; // <dir>/../share/pwf is gone, share/ stays (~/.local/share)
    assertEquals(await entries(tmp), ["bin", "deno-dir", "home", "project", ...left].sort());
    if (!WINDOWS) assertEquals(await entries(`${tmp}/share`), []);
    assertEquals(await entries(home), []);
    assertStringIncludes((await task("uninstall")).stdout, `nothing installed in ${bin}`);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});

Deno.test(
  skipOnWindows("the lane's chroot has no git, so the commit is unknown there", {
    name: "an install from a git checkout stamps a real commit, not unknown",
    async fn() {
      assertMatch(await gitCommit(REPO), /^[0-9a-f]{7,}(-dirty)?$/);
    },
  }),
);

Deno.test("install folders: --dir, else PWF_INSTALL_DIR, else ~/.local/bin; Deno and the artifact beside it", () => {
  const env = { HOME: "/h", PWF_INSTALL_DIR: "/opt/bin" };
  const install = parseInstallArgs(["install"]);
  assertEquals(installPaths(install, { HOME: "/h" }, false), {
    bin: "/h/.local/bin",
    data: "/h/.local/share/pwf",
    windows: false,
  });
  assertEquals(installPaths(install, env, false).bin, "/opt/bin");
  const dir = parseInstallArgs(["install", "--dir", "/x/bin", "--data-dir=/y"]);
  assertEquals(installPaths(dir, env, false), { bin: "/x/bin", data: "/y", windows: false });
  assertEquals(installPaths(install, { LOCALAPPDATA: "C:\\L" }, true), {
    bin: "C:\\L\\Programs\\pwf",
    data: "C:\\L\\Programs\\pwf\\runtime",
    windows: true,
  });
});

Deno.test("the Windows launcher is a cmd file that passes its arguments on and needs no POSIX shell", () => {
  const text = renderLauncher({ bin: "C:\\b", data: "C:\\d", windows: true }, "abc1234");
  const lines = text.split("\r\n");
  assertEquals(lines[0], "@echo off");
  assertMatch(lines[2] ?? "", /^"C:\\d\\deno\.exe" "run" .* "C:\\d\\pwf\.js" %\*$/);
});

Deno.test("stamping the commit refuses a bundle whose build info it cannot find exactly once", () => {
  const literal = `{version:"0.1.0",commit:"unknown",target:null,compiled:!1}`;
  assertStringIncludes(stampCommit(`x=${literal}`, "abc"), `commit:"abc"`);
  let message = "";
  try {
    stampCommit(`x=${literal};y=${literal}`, "abc");
  } catch (err) {
    message = String(err);
  }
  assertStringIncludes(message, "2 times, not once");
});

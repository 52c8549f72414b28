import { skipWhen } from "./skip.ts";
import { FORBIDDEN_FLAGS, PERMISSION_FLAGS, RUN_FLAGS, V8_FLAGS } from "../lib/core/permissions.ts";
import { compileArgs, TARGETS } from "../tools/compile.ts";
import { BUNDLE_ARGS } from "../tools/bundle.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotIncludes,
  assertStringIncludes,
} from "./assert.ts";
import { MAIN, REPO, tempProject } from "./helpers.ts";

const PERMISSION_ARG =
  /^(-A|-P(=.*)?|--(allow|deny|ignore)-[a-z-]+(=.*)?|--no-prompt|--permission-set.*)$/;

function pwfTaskFlags(): string[] {
  const config = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  const task: string = config.tasks.pwf;
  const m = /cd "\$INIT_CWD" && deno run (.*?) "\$R\/dist\/pwf\.js"/.exec(task);
  assert(m?.[1], `deno.json pwf task has an unexpected shape: ${task}`);
  return m[1].split(/\s+/);
}

Deno.test("compile flags, PERMISSION_FLAGS and deno.json's pwf task flags are the same list, with --deny-net and nothing forbidden", () => {
  const task = pwfTaskFlags().slice(RUN_FLAGS.length); // RUN_FLAGS: the test below
  assertEquals(task.filter((a) => !PERMISSION_ARG.test(a)), [], "non-permission args in pwf task");
  assertEquals(task, [...PERMISSION_FLAGS]);
  for (const target of TARGETS) {
    const args = compileArgs(target, { entry: "E/main.ts", config: "E/deno.json" }, "O/pwf");
    assertEquals(args.filter((a) => PERMISSION_ARG.test(a)), [...PERMISSION_FLAGS]);
  }
  assert(PERMISSION_FLAGS.includes("--deny-net"), "--deny-net missing");
  const forbidden = [
    "--allow-run",
    "--allow-ffi",
    "--allow-sys",
    "--allow-all",
    ...FORBIDDEN_FLAGS,
  ];
  for (const flag of PERMISSION_FLAGS) {
    for (const bad of forbidden) assert(flag !== bad && !flag.startsWith(`${bad}=`), flag);
  }
});

Deno.test("the pwf task runs with RUN_FLAGS, which carry the V8 flags, and every compile with the V8 flags, before the permission flags", () => {
  for (const f of V8_FLAGS) assert(f.startsWith("--v8-flags="), `${f} is not a V8 flag`);
  const config = JSON.parse(Deno.readTextFileSync(`${REPO}/deno.json`));
  const m = /cd "\$INIT_CWD" && deno run (.*?) "\$R\/dist\/pwf\.js"/.exec(config.tasks.pwf);
  assert(m?.[1], config.tasks.pwf);
  const task = m[1].split(/\s+/);
  assertEquals(task, [...RUN_FLAGS, ...PERMISSION_FLAGS]);
  for (const f of V8_FLAGS) assert(task.includes(f), `the pwf task lacks ${f}`);
  for (const target of TARGETS) {
    const args = compileArgs(target, { entry: "E/pwf.js", config: "E/deno.json" }, "O/pwf");
    const at = args.indexOf(PERMISSION_FLAGS[0]!);
    assertEquals(args.slice(at - V8_FLAGS.length, at), [...V8_FLAGS]);
  }
});

Deno.test("deno run with RUN_FLAGS runs the artifact under a deno.json it cannot parse (it loads no configuration)", async () => {
  const p = await tempProject("pwf-no-config-");
  try {
    // Deno looks for a configuration from the module's directory up: put one, broken, above it.
    await Deno.writeTextFile(`${p.dir}/deno.json`, "{ not json\n");
    await Deno.mkdir(`${p.dir}/app`);
    await Deno.copyFile(MAIN, `${p.dir}/app/pwf.js`);
    const run = async (flags: readonly string[]) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...flags, "app/pwf.js", "--version"],
        cwd: p.dir,
        env: { NO_COLOR: "1" },
        stdin: "null",
      }).output();
      return {
        code: out.code,
        stdout: new TextDecoder().decode(out.stdout),
        stderr: new TextDecoder().decode(out.stderr),
      };
    };
    const bare = await run([]);
    assert(
      bare.code !== 0 && bare.stderr.includes("deno.json"),
      `the broken deno.json was not found: ${bare.stderr}`,
    );
    const flagged = await run(RUN_FLAGS);
    assertEquals(flagged.code, 0, flagged.stderr);
    assertMatch(flagged.stdout, /^pwf \S+ /);
  } finally {
    await p.cleanup();
  }
});

Deno.test("the compile tool has no permission list of its own (flags come only from permissions.ts)", async () => {
  const src = await Deno.readTextFile(`${REPO}/tools/compile.ts`);
  assertNotIncludes(src, '"--allow-');
  assertNotIncludes(src, '"--deny-');
  assertStringIncludes(src, "...PERMISSION_FLAGS");
});

Deno.test("compile targets are the six of SPEC section 12", () => {
  const spec = ["x86_64", "aarch64"].flatMap((a) =>
    ["unknown-linux-gnu", "apple-darwin", "pc-windows-msvc"].map((os) => `${a}-${os}`)
  );
  assertEquals([...TARGETS].sort(), spec.sort());
});

function buildEnv(extra: Record<string, string>): Record<string, string> {
  const env = Deno.env.toObject();
  for (const k of Object.keys(env)) {
    if (/^(DENORT_BIN|DENO_DIR|NO_PROXY|no_proxy|INIT_CWD)$/.test(k)) delete env[k];
  }
  return { ...env, ...extra };
}

async function compileTask(args: string[], env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", `${REPO}/deno.json`, "compile", ...args],
    cwd: REPO,
    env: buildEnv(env),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function entries(dir: string): Promise<string[]> {
  try {
    return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
  } catch {
    return [];
  }
}

const BUILD_INFO_FILE = `${REPO}/lib/core/build_info.ts`;

/** True when a DENO_DIR/dl folder holds a cached esbuild. */
async function hasEsbuild(dl: string): Promise<boolean> {
  try {
    for await (const e of Deno.readDir(dl)) {
      if (e.isDirectory && e.name.startsWith("esbuild-")) return true;
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  return false;
}

/**
 * Make this deno cache its esbuild: this runtime may never have bundled (the Windows lane's
 * deno.exe runs a bundle built natively), and test order must not decide the outcome.
 */
async function cacheEsbuild(): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "pwf-esbuild-" });
  try {
    await Deno.writeTextFile(`${dir}/m.ts`, "export const x = 1;\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [...BUNDLE_ARGS, "-o", `${dir}/out.js`, `${dir}/m.ts`],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert(
      out.success,
      `deno bundle could not fetch esbuild: ${new TextDecoder().decode(out.stderr)}`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** Copy the esbuild that `deno bundle` cached (DENO_DIR/dl/esbuild-*) into another DENO_DIR. */
async function seedEsbuild(denoDir: string): Promise<void> {
  const info = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
  })
    .output();
  const real = `${JSON.parse(new TextDecoder().decode(info.stdout)).denoDir}/dl`;
  if (!(await hasEsbuild(real))) await cacheEsbuild();
  let seeded = 0;
  for await (const e of Deno.readDir(real)) {
    if (!e.isDirectory || !e.name.startsWith("esbuild-")) continue;
    await Deno.mkdir(`${denoDir}/dl/${e.name}`, { recursive: true });
    for await (const f of Deno.readDir(`${real}/${e.name}`)) {
      await Deno.copyFile(`${real}/${e.name}/${f.name}`, `${denoDir}/dl/${e.name}/${f.name}`);
      seeded++;
    }
  }
  assert(seeded > 0, `no esbuild in ${real} (the bundle step caches it there)`);
}

/**
 * The environment of a compile with no network even where there is one (every
 * proxy variable points at a closed port) and `denoDir` as its DENO_DIR.
 */
function offline(denoDir: string): Record<string, string> {
  const unreachable = "http://127.0.0.1:9";
  return {
    DENO_DIR: denoDir,
    HTTPS_PROXY: unreachable,
    https_proxy: unreachable,
    HTTP_PROXY: unreachable,
    http_proxy: unreachable,
  };
}

Deno.test("deno task compile without network and without DENORT_BIN fails non-zero saying the denort runtime could not be downloaded", async () => {
  const p = await tempProject("pwf-compile-");
  try {
    const before = await Deno.readTextFile(BUILD_INFO_FILE);
    await Deno.mkdir(`${p.dir}/deno_dir`);
    await seedEsbuild(`${p.dir}/deno_dir`); // deno bundle's esbuild, so that only denort is missing
    const r = await compileTask(
      ["--target", "x86_64-unknown-linux-gnu", "--out", `${p.dir}/out`],
      offline(`${p.dir}/deno_dir`), // no cached denort
    );
    assertEquals(r.code, 1, r.stderr);
    const last = r.stderr.trim().split("\n").at(-1) ?? "";
    assertStringIncludes(last, "pwf compile: cannot build x86_64-unknown-linux-gnu");
    assertStringIncludes(last, "could not download the denort runtime");
    assertStringIncludes(last, "DENORT_BIN is unset");
    assertStringIncludes(last, "Set DENORT_BIN to a local denort");
    assertEquals(await entries(`${p.dir}/out`), [], "no SHA256SUMS, staging or binary left");
    assertEquals(await Deno.readTextFile(BUILD_INFO_FILE), before);
  } finally {
    await p.cleanup();
  }
});

Deno.test("compile without a cached esbuild and without the npm registry fails saying deno bundle could not get esbuild", async () => {
  const p = await tempProject("pwf-compile-");
  try {
    await Deno.mkdir(`${p.dir}/deno_dir`);
    const r = await compileTask(
      ["--target", "x86_64-unknown-linux-gnu", "--out", `${p.dir}/out`],
      offline(`${p.dir}/deno_dir`), // no cached esbuild either
    );
    assertEquals(r.code, 1, r.stderr);
    const last = r.stderr.trim().split("\n").at(-1) ?? "";
    assertStringIncludes(last, "pwf compile: deno bundle could not get esbuild");
    assertStringIncludes(last, "npm registry");
    assertEquals(await entries(`${p.dir}/out`), [], "no SHA256SUMS, staging or binary left");
  } finally {
    await p.cleanup();
  }
});

Deno.test("compile refuses a DENORT_BIN that is not a file, naming it", async () => {
  const p = await tempProject("pwf-compile-");
  try {
    const bin = `${p.dir}/missing/denort`;
    const r = await compileTask(
      ["--target", "x86_64-unknown-linux-gnu", "--out", `${p.dir}/out`],
      { DENORT_BIN: bin },
    );
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, `pwf compile: DENORT_BIN="${bin}" is not a file`);
  } finally {
    await p.cleanup();
  }
});

Deno.test("compile with DENORT_BIN and no --target is a usage error (one runtime, one target)", async () => {
  const r = await compileTask(["--out", "/nonexistent-pwf-out"], { DENORT_BIN: Deno.execPath() });
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, "DENORT_BIN names one runtime, for one target");
});

Deno.test("compile --target with an unknown target is a usage error listing the targets", async () => {
  const r = await compileTask(["--target", "riscv64-linux"], {});
  assertEquals(r.code, 2);
  assertStringIncludes(r.stderr, 'unknown target "riscv64-linux"');
  for (const t of TARGETS) assertStringIncludes(r.stderr, t);
});

Deno.test(skipWhen(
  Deno.build.os !== "linux",
  `on ${Deno.build.os}, it stands the Linux deno in for denort and checks SHA256SUMS with GNU sha256sum`,
  {
    name:
      "compile with a stand-in DENORT_BIN writes <out>/<target>/pwf and a sha256sum -c valid SHA256SUMS, embeds only the bundle, leaves no staging",
    async fn() {
      const p = await tempProject("pwf-compile-");
      try {
        const before = await Deno.readTextFile(BUILD_INFO_FILE);
        const target = Deno.build.target;
        // The full deno stands in for denort: the binary is not runnable as pwf,
        // but the tool's staging, output paths and checksums are exercised.
        const r = await compileTask(["--target", target, "--out", `${p.dir}/out`], {
          DENORT_BIN: Deno.execPath(),
        });
        assertEquals(r.code, 0, r.stderr);
        // The compile input is the one bundled module (tools/bundle.ts): nothing else is embedded.
        // deno-lint-ignore no-control-regex
        const listing = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, "");
        // deno prints the entry as a file: URL, or as a relative path when it lies near the cwd.
        assertMatch(listing, /Compile (?:file:\S*|\S*)\/out\/\.build\/src\/pwf\.js to /);
        assertStringIncludes(listing, "pwf.js (");
        assertNotIncludes(listing, "templates/");
        assertNotIncludes(listing, "lib/");
        assertNotIncludes(listing, "main.ts");
        assertNotIncludes(listing, "node_modules");
        assertEquals(await entries(`${p.dir}/out`), ["SHA256SUMS", target]);
        const bytes = await Deno.readFile(`${p.dir}/out/${target}/pwf`);
        const hex = Array.from(
          new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
          (b) => b.toString(16).padStart(2, "0"),
        ).join("");
        assertEquals(await Deno.readTextFile(`${p.dir}/out/SHA256SUMS`), `${hex}  ${target}/pwf\n`);
        const check = await new Deno.Command("sha256sum", {
          args: ["-c", "SHA256SUMS"],
          cwd: `${p.dir}/out`,
          stdout: "piped",
        }).output();
        assertEquals(new TextDecoder().decode(check.stdout), `${target}/pwf: OK\n`);
        assertEquals(await Deno.readTextFile(BUILD_INFO_FILE), before);
      } finally {
        await p.cleanup();
      }
    },
  },
));

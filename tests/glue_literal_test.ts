/**
 * Issue 26 item 2: a `--bin` value never runs as code in generated glue. The
 * Hermes plugin used to carry it in its docstring (a Windows path made the
 * file a SyntaxError, `"""` ran code at import) and the OpenCode and Pi glue
 * in a `//` comment (U+2028 ended the comment). Each hostile value is fed to
 * `pwf hooks print <host> --bin`, and the file is loaded in its real runtime
 * (Deno for JS/TS, python3 for Python): nothing may run at import, and the
 * binary the glue would start must be exactly the value given.
 */

import { assertEquals } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";
import { findHost } from "../lib/hosts/mod.ts";

/** Printed by any hostile value that manages to run. */
const RAN = "PWNED";

const HOSTILE: readonly string[] = [
  "C:\\Users\\Ann\\AppData\\Local\\pwf\\xbin\\pwf.exe",
  `/opt/"""; print("${RAN}"); """/pwf`,
  `/opt/'''; print("${RAN}"); '''/pwf`,
  `/opt/\\"; print("${RAN}"); x = \\"/pwf`,
  `/opt/\u2028console.log("${RAN}")//x/pwf`,
  `/opt/\u2029console.log("${RAN}");//pwf`,
  `/opt/*/console.log("${RAN}")/*/pwf`,
  "/opt/${console.log(`" + RAN + "`)}/pwf",
  `/opt/it's "quoted" \\ back\\slash/pwf`,
  "/opt/\u0085\u000b\u000c\u001b[31m\u007f/pwf",
  "/opt/\u00e9\u4e2d\u{1F600}/pwf",
];

/** `pwf hooks print <host> --bin <bin>`: the glue file. */
async function glueFor(dir: string, host: string, bin: string): Promise<string> {
  const r = await runPwf(dir, ["hooks", "print", host, "--bin", bin]);
  assertEquals(r.code, 0, `${host} --bin ${JSON.stringify(bin)}: ${r.stderr}`);
  return r.stdout;
}

async function output(cmd: string, args: string[], cwd: string) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** Import each JS/TS glue file in Deno; each prints the BIN it holds as one JSON line. */
const DENO_LOADER = `
for (const file of Deno.args) {
  try {
    const m = await import(new URL(file, import.meta.url).href);
    console.log(JSON.stringify({ bin: m.__pwfBin }));
  } catch (err) {
    console.log(JSON.stringify({ error: String(err) }));
  }
}
`;

/** Import each Python glue file as a module; each prints the BIN it holds as one JSON line. */
const PYTHON_LOADER = `
import importlib.util, json, sys
for i, path in enumerate(sys.argv[1:]):
    try:
        spec = importlib.util.spec_from_file_location("pwf_glue_%d" % i, path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        print(json.dumps({"bin": mod.BIN}))
    except BaseException as err:
        print(json.dumps({"error": repr(err)}))
`;

/** Glue files for every hostile value, then one loader run; what each file's BIN was. */
async function loadedBins(host: string, run: (files: string[], dir: string) => Promise<string>) {
  let lines: string[] = [];
  await inProject(async (dir) => {
    const ext = findHost(host)!.manifestPath.split(".").pop()!;
    const files: string[] = [];
    for (const [i, bin] of HOSTILE.entries()) {
      // JS/TS: a trailing export lets the loader read the module's own BIN constant.
      const extra = ext === "py" ? "" : "\nexport { BIN as __pwfBin };\n";
      await Deno.writeTextFile(`${dir}/glue${i}.${ext}`, (await glueFor(dir, host, bin)) + extra);
      files.push(`glue${i}.${ext}`);
    }
    const stdout = await run(files, dir);
    for (const f of files) await Deno.remove(`${dir}/${f}`);
    lines = stdout.split("\n").filter((l) => l !== "");
  });
  return lines;
}

function assertRoundTrip(host: string, lines: readonly string[]): void {
  assertEquals(lines.length, HOSTILE.length, lines.join("\n"));
  for (const [i, bin] of HOSTILE.entries()) {
    assertEquals(JSON.parse(lines[i]!), { bin }, `${host} --bin ${JSON.stringify(bin)}`);
  }
}

for (const host of ["opencode", "pi"]) {
  Deno.test(`${host} glue holds a hostile --bin as a string literal: nothing runs at import, the path round-trips`, async () => {
    const lines = await loadedBins(host, async (files, dir) => {
      await Deno.writeTextFile(`${dir}/loader.ts`, DENO_LOADER);
      const r = await output(
        Deno.execPath(),
        ["run", "-A", "--no-check", "loader.ts", ...files],
        dir,
      );
      await Deno.remove(`${dir}/loader.ts`);
      assertEquals([r.code, r.stderr.includes(RAN)], [0, false], r.stderr);
      return r.stdout;
    });
    assertRoundTrip(host, lines);
  });
}

Deno.test(skipOnWindows("the lane has no python3 (Hermes's runtime)", {
  name:
    "hermes glue holds a hostile --bin as a Python literal: nothing runs at import, the path round-trips",
  fn: async () => {
    const lines = await loadedBins("hermes", async (files, dir) => {
      const r = await output("python3", ["-c", PYTHON_LOADER, ...files], dir);
      assertEquals([r.code, r.stderr.includes(RAN)], [0, false], r.stderr);
      return r.stdout;
    });
    assertRoundTrip("hermes", lines);
  },
}));

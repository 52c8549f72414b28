/**
 * The Hermes glue is Python, which neither `deno lint` nor `deno check` reads
 * (they check the JavaScript and TypeScript glue, see tools/glue.tsconfig.json):
 * python3 parses its template and what `pwf hooks print hermes` renders from it.
 * @module
 */

import { assertEquals } from "./assert.ts";
import { skipWhen } from "./skip.ts";
import { REPO_ROOT } from "../tools/file_url.ts";
import { findHost, manifestText } from "../lib/hosts/mod.ts";

const TEMPLATE = `${REPO_ROOT}/templates/glue/hermes_plugin.py`;
const NO_PYTHON = "python3 (Hermes's runtime) is not installed";

const PYTHON = await (async () => {
  try {
    return (await new Deno.Command("python3", {
      args: ["--version"],
      stdout: "null",
      stderr: "null",
    })
      .output()).success;
  } catch {
    return false;
  }
})();

/** python3's verdict on a file: "" when `ast.parse` takes it without a word, else its stderr. */
async function pythonSyntaxProblems(file: string): Promise<string> {
  const out = await new Deno.Command("python3", {
    args: ["-c", 'import ast,sys; ast.parse(open(sys.argv[1], encoding="utf-8").read())', file],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  return out.success && stderr === "" ? "" : `exit ${out.code}: ${stderr}`;
}

Deno.test(skipWhen(!PYTHON, NO_PYTHON, {
  name: "templates/glue/hermes_plugin.py parses as Python, placeholders and all",
  fn: async () => {
    assertEquals(await pythonSyntaxProblems(TEMPLATE), "");
  },
}));

Deno.test(skipWhen(!PYTHON, NO_PYTHON, {
  name: "the Hermes plugin `pwf hooks print hermes` renders parses as Python",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "pwf-hermes-glue-" });
    try {
      // Hostile bins and what they do at import: tests/glue_literal_test.ts.
      for (
        const bin of ["pwf", "/opt/my tools/pwf", `/opt/it's "quoted"/pwf`, "C:\\Users\\pwf.exe"]
      ) {
        const file = `${dir}/__init__.py`;
        await Deno.writeTextFile(file, manifestText(findHost("hermes")!, bin));
        assertEquals(await pythonSyntaxProblems(file), "", `--bin ${JSON.stringify(bin)}`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
}));

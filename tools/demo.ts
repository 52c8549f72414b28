// deno-lint-ignore-file no-console
/**
 * `deno task demo`: run pwf from source, under the sandbox flags, on a fresh
 * temp project, the way a user would, and show each step's output.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { ensureBundle } from "./bundle.ts";

// The one artifact (docs/build.md), rebuilt first if the sources changed.
const main = (await ensureBundle(REPO_ROOT, (l) => console.error(l))).file;
const project = await Deno.makeTempDir({ prefix: "pwf-demo-" });

async function pwf(...args: string[]): Promise<void> {
  console.log(`\n$ pwf ${args.join(" ")}`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, main, ...args],
    cwd: project,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  Deno.stdout.writeSync(out.stdout);
  Deno.stderr.writeSync(out.stderr);
  if (out.code !== 0) console.log(`(exit ${out.code})`);
}

console.log(`Demo project: ${project}`);
await pwf("init", "Demo Feature");
await pwf("phase", "1", "complete");
await pwf("phase", "2", "in_progress");
await pwf("status");
await pwf("use", "--list");
await pwf("resolve", "--json");
console.log(`\nThe plan files are in ${project}/.planning (remove the folder when done).`);

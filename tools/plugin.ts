// deno-lint-ignore-file no-console
/**
 * `deno task plugin [OUT_DIR]`: write the Claude Code plugin layout (default
 * dist/plugin/), replacing what was there. Repeated builds are byte-identical.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { pluginLayout } from "./plugin_layout.ts";

const root = `${REPO_ROOT}/`;
const out = (Deno.args[0] ?? `${root}dist/plugin`).replace(/\/+$/, "");

await Deno.remove(out, { recursive: true }).catch((e) => {
  if (!(e instanceof Deno.errors.NotFound)) throw e;
});
for (const file of pluginLayout()) {
  const path = `${out}/${file.path}`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, file.text);
}
console.log(`wrote ${pluginLayout().length} files to ${out}`);

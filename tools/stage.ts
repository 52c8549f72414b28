/**
 * Staging for `deno task compile`: a copy of exactly the files main.ts's
 * module graph needs, with lib/core/build_info.ts replaced by a generated
 * module, then bundled into one module (the compile input). The working tree
 * is never modified, so an interrupted build cannot leave a stamped
 * build_info.ts behind (docs/build.md).
 * @module
 */

import type { BuildInfo } from "../lib/core/build_info.ts";
import { renderBuildInfoModule } from "./build_info_gen.ts";
import { buildBundle } from "./bundle.ts";

/** Repository-relative path of the module the build replaces. */
export const BUILD_INFO_PATH = "lib/core/build_info.ts";

import { fileUrlToPath, pathToFileUrl } from "./file_url.ts";
export { fileUrlToPath };

/** Join path segments with "/" (accepted on every OS). */
export function join(...parts: string[]): string {
  return parts.map((p, i) => (i === 0 ? p.replace(/[\\/]+$/, "") : p.replace(/^[\\/]+/, "")))
    .join("/");
}

/** Repository-relative paths ("/"-separated) of the local files main.ts's graph needs. */
export async function graphFiles(repo: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", pathToFileUrl(join(repo, "main.ts"))],
    cwd: repo,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`deno info main.ts failed: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; error?: string }[];
  };
  const root = repo.replaceAll("\\", "/").replace(/\/$/, "") + "/";
  const files: string[] = [];
  for (const m of info.modules) {
    if (m.error) throw new Error(`module graph error in ${m.specifier}: ${m.error}`);
    if (!m.specifier.startsWith("file:")) {
      throw new Error(`non-local module ${m.specifier}: pwf embeds no third-party code`);
    }
    const path = fileUrlToPath(m.specifier).replaceAll("\\", "/");
    if (!path.startsWith(root)) throw new Error(`module outside the repository: ${path}`);
    files.push(path.slice(root.length));
  }
  return files.sort();
}

/**
 * Copy the graph of `repo`/main.ts into `stage`, replace build_info.ts with
 * the module for `info`, and write a deno.json holding only the repo's
 * compilerOptions. Returns the staged entry point and config.
 */
export async function stageSources(
  repo: string,
  stage: string,
  info: BuildInfo,
): Promise<{ entry: string; config: string; files: string[] }> {
  const files = await graphFiles(repo);
  if (!files.includes(BUILD_INFO_PATH)) {
    throw new Error(`${BUILD_INFO_PATH} is not in main.ts's module graph`);
  }
  await Deno.remove(stage, { recursive: true }).catch(() => {});
  for (const rel of files) {
    const to = join(stage, rel);
    await Deno.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
    await Deno.copyFile(join(repo, rel), to);
  }
  await Deno.writeTextFile(join(stage, BUILD_INFO_PATH), renderBuildInfoModule(info));
  const repoConfig = JSON.parse(await Deno.readTextFile(join(repo, "deno.json")));
  const config = join(stage, "deno.json");
  await Deno.writeTextFile(
    config,
    JSON.stringify({ compilerOptions: repoConfig.compilerOptions ?? {} }, null, 2) + "\n",
  );
  return { entry: join(stage, "main.ts"), config, files };
}

/** Name of the bundle inside a staged tree (the compile input). */
export const STAGED_BUNDLE = "pwf.js";

/**
 * Stage the sources (stageSources) and bundle the staged main.ts with the
 * same step that builds dist/pwf.js (tools/bundle.ts). Returns the bundle as
 * the entry: that one module is what `deno compile` embeds.
 */
export async function stageBundle(
  repo: string,
  stage: string,
  info: BuildInfo,
): Promise<{ entry: string; config: string; files: string[] }> {
  const staged = await stageSources(repo, stage, info);
  const entry = join(stage, STAGED_BUNDLE);
  await buildBundle(stage, entry);
  return { ...staged, entry };
}

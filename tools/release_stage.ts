// deno-lint-ignore-file no-console
/**
 * `deno run --allow-read --allow-write tools/release_stage.ts --version V
 * --target T --bin PATH --out DIR`: lay out one release archive's tree,
 * `DIR/pwf-<V>-<T>/`, holding the binary, README.md, completions/ and the
 * host-native packages/. The release workflow runs it per target and then
 * tars (zips for Windows) the directory; a test runs it with a stand-in
 * binary and checks the layout (docs/install.md, docs/build.md).
 * @module
 */

import { renderCompletions, SHELLS } from "../lib/cli/completions.ts";
import { binaryName } from "./compile.ts";
import { REPO_ROOT } from "./file_url.ts";
import { packageFiles } from "./package_layout.ts";

/** Completion script file names, per shell. */
export const COMPLETION_FILES: Readonly<Record<(typeof SHELLS)[number], string>> = {
  bash: "pwf.bash",
  zsh: "_pwf",
  fish: "pwf.fish",
  powershell: "pwf.ps1",
};

/** The archive's top directory name. */
export function archiveDir(version: string, target: string): string {
  return `pwf-${version}-${target}`;
}

/** Every file an archive holds, relative to its top directory, sorted. */
export function archiveLayout(target: string): string[] {
  return [
    binaryName(target),
    "README.md",
    ...SHELLS.map((s) => `completions/${COMPLETION_FILES[s]}`),
    ...packageFiles().map((f) => f.path),
  ].sort();
}

/** Write the archive tree for one target; returns its directory. */
export async function stageArchive(
  opts: { version: string; target: string; bin: string; out: string },
): Promise<string> {
  const dir = `${opts.out}/${archiveDir(opts.version, opts.target)}`;
  await Deno.remove(dir, { recursive: true }).catch(() => {});
  const write = async (rel: string, text: string) => {
    const path = `${dir}/${rel}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  };
  await Deno.mkdir(dir, { recursive: true });
  await Deno.copyFile(opts.bin, `${dir}/${binaryName(opts.target)}`);
  await Deno.chmod(`${dir}/${binaryName(opts.target)}`, 0o755).catch(() => {}); // no modes on Windows
  await write("README.md", await Deno.readTextFile(`${REPO_ROOT}/README.md`));
  for (const shell of SHELLS) {
    await write(`completions/${COMPLETION_FILES[shell]}`, renderCompletions(shell));
  }
  for (const f of packageFiles()) await write(f.path, f.text);
  return dir;
}

if (import.meta.main) {
  const args: Record<string, string> = {};
  for (let i = 0; i < Deno.args.length; i += 2) {
    const flag = Deno.args[i] ?? "", value = Deno.args[i + 1];
    if (!/^--(version|target|bin|out)$/.test(flag) || value === undefined) {
      console.error(
        `release_stage: bad argument "${flag}" (usage: --version V --target T --bin PATH --out DIR)`,
      );
      Deno.exit(2);
    }
    args[flag.slice(2)] = value;
  }
  const { version, target, bin, out } = args;
  if (!version || !target || !bin || !out) {
    console.error("release_stage: --version, --target, --bin and --out are all required");
    Deno.exit(2);
  }
  console.log(await stageArchive({ version, target, bin, out }));
}

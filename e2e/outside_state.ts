/**
 * A listing of the places outside its sandboxes where a host CLI would
 * write if the e2e leaked: the temp dir's `claude-*`, `cc-socks`, `codex-*`,
 * `gemini-*` and `copilot-*` trees, its `pwf-e2e-*` sandboxes, and the real
 * user's folders of every e2e host (HOME_PATHS). Equal listings before and
 * after the run mean nothing leaked.
 * @module
 */

const MAX_ENTRIES = 5000;

async function walk(path: string, out: string[], depth: number): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.lstat(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw err;
  }
  out.push(`${path} ${info.isDirectory ? "dir" : info.size} ${info.mtime?.getTime() ?? 0}`);
  if (!info.isDirectory || depth === 0 || out.length > MAX_ENTRIES) return;
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(path)) names.push(e.name);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return;
    throw err;
  }
  for (const n of names.sort()) await walk(`${path}/${n}`, out, depth - 1);
}

const HOST_TMP = /^(claude-|cc-socks$|codex-|gemini-|copilot-)/;

/** What the e2e hosts would write under the real HOME (each run gets a temp HOME instead). */
export const HOME_PATHS: readonly string[] = [
  ".claude",
  ".claude.json",
  ".codex",
  ".gemini",
  ".copilot",
  ".qoder",
  ".qwen",
  ".factory",
  ".pi",
  ".config/opencode",
  ".local/share/opencode",
  ".local/state/opencode",
  ".cache/opencode",
  ".config/kilo",
  ".local/share/kilo",
  ".local/state/kilo",
  ".cache/kilo",
];

/**
 * Sorted lines "path kind/size mtime" of every watched place: in `tmp`
 * (default $TMPDIR) the hosts' own trees and, unless `sandboxes` is false,
 * the `pwf-e2e-*` sandboxes; and the real HOME's host folders.
 */
export async function outsideState(
  tmp: string = Deno.env.get("TMPDIR") || "/tmp",
  sandboxes = true,
): Promise<string[]> {
  const dir = tmp.replace(/\/$/, "");
  const home = Deno.env.get("HOME") ?? "";
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (HOST_TMP.test(e.name) || (sandboxes && e.name.startsWith("pwf-e2e-"))) {
      await walk(`${dir}/${e.name}`, out, 6);
    }
  }
  if (home) {
    for (const d of HOME_PATHS) await walk(`${home}/${d}`, out, 6);
  }
  return out.sort();
}

/**
 * A listing of the places outside its sandboxes where Claude Code would
 * write if the e2e leaked: the system temp dir's `claude-*` and `cc-socks`
 * trees, the temp dir's `pwf-e2e-*` sandboxes, and the real user's
 * `~/.claude` and `~/.claude.json`. Equal listings before and after the run
 * mean nothing leaked.
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

/** Sorted lines "path kind/size mtime" of every watched place. */
export async function outsideState(): Promise<string[]> {
  const tmp = (Deno.env.get("TMPDIR") || "/tmp").replace(/\/$/, "");
  const home = Deno.env.get("HOME") ?? "";
  const out: string[] = [];
  for await (const e of Deno.readDir(tmp)) {
    if (/^(claude-|cc-socks$|pwf-e2e-)/.test(e.name)) await walk(`${tmp}/${e.name}`, out, 6);
  }
  if (home) {
    await walk(`${home}/.claude`, out, 6);
    await walk(`${home}/.claude.json`, out, 0);
  }
  return out.sort();
}

/**
 * File URLs to local paths for the dev tools and tests (a stand-in for
 * @std/path's fromFileUrl, which lives on a registry we cannot reach).
 * @module
 */

/** A local filesystem path for a file: URL (also on Windows: `C:\...`). */
export function fileUrlToPath(url: string | URL): string {
  const p = decodeURIComponent(new URL(url).pathname);
  return /^\/[A-Za-z]:/.test(p) ? p.slice(1).replaceAll("/", "\\") : p;
}

/**
 * The file: URL of a local absolute path (`C:\x\y` -> `file:///C:/x/y`).
 * Give `deno info` and friends URLs, not Windows paths: `z:\src/main.ts`
 * can be taken for a URL with the scheme `z:`.
 */
export function pathToFileUrl(path: string): string {
  const p = path.replaceAll("\\", "/");
  const url = new URL("file:///");
  url.pathname = /^[A-Za-z]:\//.test(p) ? `/${p}` : p;
  return url.href;
}

/** The repository root, without a trailing separator. */
export const REPO_ROOT = fileUrlToPath(new URL("../", import.meta.url)).replace(/[\\/]+$/, "");

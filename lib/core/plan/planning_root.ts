/**
 * Which directories may hold the project's `.planning`, seen from the
 * directory pwf starts in: that one and at most MAX_LEVELS_UP ancestors (the
 * sandbox grants `.planning`, `../.planning`, ... to that depth:
 * lib/core/permissions.ts), never above the project root a host names
 * (CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR). Pure: the lib/fs side looks for
 * the nearest existing one, as git looks for `.git` (docs/security.md).
 * @module
 */

import { trimTrailing } from "../text/trim.ts";
import type { PathOs } from "../text/display.ts";

/** How many directories above the start directory pwf looks for `.planning`. */
export const MAX_LEVELS_UP = 4;

/**
 * Where the start directory stands against the host's project root:
 * `inside` (the root or below it, within MAX_LEVELS_UP), `beyond` (below it,
 * deeper than pwf looks: the root's own `.planning` is out of reach),
 * `outside` (not below it), `unnamed` (the host
 * names no root: a person's shell, a host without one).
 */
export type Reach = "inside" | "beyond" | "outside" | "unnamed";

/** The directories to look in, nearest first, and how the start relates to the project root. */
export interface SearchSpan {
  /** Absolute directories whose `.planning` may be used, nearest (the start) first. */
  readonly dirs: readonly string[];
  readonly reach: Reach;
}

/**
 * The parent of an absolute directory, or null at a filesystem root (`/`,
 * `C:\`, a UNC share).
 * @example
 * ```ts
 * import { parentDir } from "./planning_root.ts";
 * if (parentDir("/p/src") !== "/p" || parentDir("/p") !== "/" || parentDir("/") !== null) throw new Error();
 * if (parentDir("C:\\p") !== "C:\\" || parentDir("C:\\") !== null) throw new Error();
 * if (parentDir("\\\\srv\\share") !== null) throw new Error();
 * ```
 */
export function parentDir(path: string): string | null {
  const p = trimTrailing(path, "\\/");
  const i = Math.max(p.lastIndexOf("/"), p.lastIndexOf("\\"));
  if (i < 0) return null;
  const head = p.slice(0, i);
  if (head === "") return p.slice(0, 1);
  if (/^[A-Za-z]:$/.test(head)) return head + p.slice(i, i + 1);
  if (/^[\\/]{2}[^\\/]*$/.test(head)) return null; // a UNC server: the share is the root
  return head;
}

/** A path compared as `os` compares them: "/" separators, no trailing one, case-blind on Windows. */
function comparable(path: string, os: PathOs): string {
  const p = trimTrailing(path.replace(/\\/g, "/"), "/");
  return os === "windows" ? p.toLowerCase() : p;
}

/**
 * How many levels `start` is below `root` (0: the same directory), or null
 * when it is not inside it.
 * @example
 * ```ts
 * import { levelsBelow } from "./planning_root.ts";
 * if (levelsBelow("/p/a/b", "/p/", "posix") !== 2 || levelsBelow("/p", "/p", "posix") !== 0) throw new Error();
 * if (levelsBelow("/p2", "/p", "posix") !== null) throw new Error();
 * if (levelsBelow("C:\\Work\\App\\src", "c:/work/app", "windows") !== 1) throw new Error();
 * ```
 */
export function levelsBelow(start: string, root: string, os: PathOs): number | null {
  const s = comparable(start, os);
  const r = comparable(root, os);
  if (s === r) return 0;
  if (!s.startsWith(`${r}/`)) return null;
  return s.slice(r.length + 1).split("/").filter((x) => x !== "").length;
}

/**
 * The directories whose `.planning` pwf may use from `start`, nearest first:
 * the start and its ancestors up to MAX_LEVELS_UP, cut at `projectRoot` when
 * the host names one (an absolute path; anything else counts as unnamed).
 * Outside that root: none. Deeper below it than pwf looks: the start and
 * MAX_LEVELS_UP parents (a nested `.planning` there is still found), `beyond`.
 * @example
 * ```ts
 * import { searchSpan } from "./planning_root.ts";
 * const a = searchSpan("/p/a/b", "/p", "posix");
 * if (a.reach !== "inside" || a.dirs.join() !== "/p/a/b,/p/a,/p") throw new Error();
 * if (searchSpan("/home/u/p", undefined, "posix").dirs.join() !== "/home/u/p,/home/u,/home,/") throw new Error();
 * const out = searchSpan("/tmp", "/p", "posix");
 * if (out.reach !== "outside" || out.dirs.length !== 0) throw new Error();
 * ```
 */
export function searchSpan(start: string, projectRoot: string | undefined, os: PathOs): SearchSpan {
  const named = projectRoot !== undefined && isAbsolute(projectRoot);
  const below = named ? levelsBelow(start, projectRoot, os) : MAX_LEVELS_UP;
  if (below === null) return { dirs: [], reach: "outside" };
  const dirs = [start];
  for (let i = 0; i < Math.min(below, MAX_LEVELS_UP); i++) {
    const up = parentDir(dirs[dirs.length - 1] ?? start);
    if (up === null) break;
    dirs.push(up);
  }
  return { dirs, reach: !named ? "unnamed" : below > MAX_LEVELS_UP ? "beyond" : "inside" };
}

function isAbsolute(path: string): boolean {
  return /^([\\/]|[A-Za-z]:[\\/])/.test(path);
}

/**
 * The sandbox's relative grants for `.planning` from the start directory up:
 * `.planning`, `../.planning`, ... (lib/core/permissions.ts).
 * @example
 * ```ts
 * import { planningGrants } from "./planning_root.ts";
 * if (planningGrants()[1] !== "../.planning") throw new Error();
 * ```
 */
export function planningGrants(): readonly string[] {
  return Array.from({ length: MAX_LEVELS_UP + 1 }, (_, i) => `${"../".repeat(i)}.planning`);
}

/**
 * The one line a hook's context gets when the host names a project root
 * that pwf cannot reach from where the hook started (the agent changed
 * directory out of the project, or deeper than MAX_LEVELS_UP below it), so
 * it sees no plan: where it is and the way back, never a block.
 * @example
 * ```ts
 * import { leftProjectLine } from "./planning_root.ts";
 * const line = leftProjectLine("[pwf]", "/tmp", "/p");
 * if (!line.includes('"/p"') || line.split("\n").length !== 2) throw new Error();
 * ```
 */
export function leftProjectLine(prefix: string, start: string, projectRoot: string): string {
  return `${prefix} no plan visible: this hook ran in "${start}", outside the project root ` +
    `"${projectRoot}" or more than ${MAX_LEVELS_UP} levels below it; cd "${projectRoot}" ` +
    `(and run pwf from there) to use the project's plan.\n`;
}

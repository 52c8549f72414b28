/**
 * How pwf prints a path and a time to a person (docs/windows.md "Printed
 * paths and timings"). Inside pwf and on disk, paths are neutral: relative
 * to the project root, joined with "/". What a person reads is rendered
 * here, for the platform the Host names: on Windows `.planning\p\task_plan.md`
 * and `C:\Users\dev\app`, never `/C:/...` or `file:///...`; elsewhere the
 * neutral form. Text for the model (injected context, notices, the gate's
 * reasons, `pwf inject`, `pwf catchup`) keeps the neutral form on every OS.
 * @module
 */

import { isoTimestamp } from "./timestamp.ts";

/** The platform a path is printed for (`Host.os`). */
export type PathOs = "windows" | "posix";

const FILE_URL = /^file:\/\/([^/]*)(\/.*)?$/i;
const SLASH_DRIVE = /^\/([A-Za-z]:)(?=[\\/]|$)/;

function fromFileUrl(url: string): string | null {
  const m = FILE_URL.exec(url);
  if (!m) return null;
  let path: string;
  try {
    path = decodeURIComponent(m[2] ?? "/");
  } catch {
    path = m[2] ?? "/";
  }
  const hostName = m[1] ?? "";
  // file://server/share/x is the UNC path \\server\share\x.
  return hostName === "" || hostName.toLowerCase() === "localhost" ? path : `//${hostName}${path}`;
}

/**
 * A path as a person on `os` reads it. A project-relative neutral path
 * (`.planning/p/task_plan.md`) gets the platform's separator; an absolute
 * path gets its native form; a `file:` URL becomes the path it names.
 * Only separators change: names, case and spaces are kept.
 * @example
 * ```ts
 * import { displayPath } from "./display.ts";
 * if (displayPath("windows", ".planning/p/task_plan.md") !== ".planning\\p\\task_plan.md") throw new Error();
 * if (displayPath("windows", "file:///C:/Users/dev/app") !== "C:\\Users\\dev\\app") throw new Error();
 * if (displayPath("posix", ".planning/p/task_plan.md") !== ".planning/p/task_plan.md") throw new Error();
 * ```
 */
export function displayPath(os: PathOs, path: string): string {
  const p = fromFileUrl(path) ?? path;
  if (os !== "windows") return p;
  return p.replace(SLASH_DRIVE, "$1").replaceAll("/", "\\");
}

/**
 * The neutral relative path of `segments` below a neutral base (`.planning/p`,
 * or `.` for the project root: a legacy plan), rendered for `os`.
 * @example
 * ```ts
 * import { displayJoin } from "./display.ts";
 * if (displayJoin("windows", ".planning/p", "task_plan.md") !== ".planning\\p\\task_plan.md") throw new Error();
 * if (displayJoin("windows", ".", "task_plan.md") !== ".\\task_plan.md") throw new Error();
 * ```
 */
export function displayJoin(os: PathOs, base: string, ...segments: string[]): string {
  return displayPath(os, [base, ...segments].join("/"));
}

/** A plain path segment, or a placeholder such as `<session id>` in a hint. */
const SEGMENT = String.raw`(?:[A-Za-z0-9._-]|<[a-z ]+>)+`;
/** `.planning/...`, not inside another path or word. */
const RELATIVE = String.raw`(?<![\w./\\-])\.planning(?:/${SEGMENT})*/?`;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The paths inside a message pwf composed in the store (which has no Host:
 * errors of containment, files and locks, the resolution's reasons), each
 * rendered with displayPath for `os` when the message is printed: pwf's own
 * neutral `.planning/...` paths, and, given the project `root`, absolute
 * paths below it (the store joins them with "/", and Deno's own error text
 * repeats them as given: `C:\app/.planning/p` on Windows). Plan ids and file
 * names are plain segments (`[A-Za-z0-9._-]`), so a path ends at the first
 * other character.
 * @example
 * ```ts
 * import { displayPathsIn } from "./display.ts";
 * const m = 'refused ".planning/p/task_plan.md": it is a symbolic link';
 * if (displayPathsIn("windows", m) !== 'refused ".planning\\p\\task_plan.md": it is a symbolic link') throw new Error();
 * ```
 */
export function displayPathsIn(os: PathOs, text: string, root?: string): string {
  if (os !== "windows") return text;
  const base = root?.replace(/[\\/]+$/, "") ?? "";
  const absolute = base === "" ? "" : String.raw`|${escapeRegExp(base)}(?:[\\/]${SEGMENT})*`;
  return text.replace(new RegExp(RELATIVE + absolute, "g"), (m) => displayPath(os, m));
}

/**
 * A duration for a person: whole milliseconds below a second (`12 ms`),
 * then seconds with one decimal (`1.5 s`), then whole seconds (`75 s`);
 * the unit always after a space. Negative or non-finite inputs print as `0 ms`.
 * @example
 * ```ts
 * import { formatDuration } from "./display.ts";
 * if (formatDuration(12.4) !== "12 ms" || formatDuration(1500) !== "1.5 s") throw new Error();
 * ```
 */
export function formatDuration(ms: number): string {
  const v = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (v < 999.5) return `${Math.round(v)} ms`;
  if (v < 59_950) return `${(v / 1000).toFixed(1)} s`;
  return `${Math.round(v / 1000)} s`;
}

/**
 * A point in time for a person: `2026-12-01 11:20:05 UTC`. Always UTC and
 * marked so (pwf's output depends on no time zone setting), a space instead
 * of ISO's `T`, no fraction, no `Z`. An unreadable time prints as `unknown time`.
 * @example
 * ```ts
 * import { formatUtc } from "./display.ts";
 * if (formatUtc(new Date(Date.UTC(2026, 11, 1, 11, 20, 5, 123))) !== "2026-12-01 11:20:05 UTC") throw new Error();
 * ```
 */
export function formatUtc(t: Date): string {
  const ms = t.getTime();
  if (!Number.isFinite(ms)) return "unknown time";
  return `${isoTimestamp(ms).slice(0, 19).replace("T", " ")} UTC`;
}

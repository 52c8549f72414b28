/**
 * How pwf prints a path and a time to a person (docs/windows.md "Printed
 * paths and timings"). Inside pwf and on disk, paths are neutral: relative
 * to the project root, joined with "/". What a person reads is rendered
 * here, for the platform the Host names: on Windows `.planning\p\task_plan.md`
 * and `C:\Users\dev\app`, never `/C:/...` or `file:///...`; elsewhere the
 * neutral form. Text for the model (injected context, notices, the gate's
 * reasons, `pwf inject`, `pwf catchup`) keeps the neutral form on every OS.
 *
 * It also holds the one display-sanitising rule (`printable`,
 * `printableLines`, `printableOutput`): what pwf prints for a person holds
 * no control character and no bidi control, so text from a plan, a ledger,
 * a transcript or argv cannot move the cursor, set a window title, write
 * the clipboard or reorder what a reader sees (docs/security.md).
 * @module
 */

import { splitLines } from "./lines.ts";
import { isoTimestamp } from "./timestamp.ts";
import { trimTrailing } from "./trim.ts";

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
const SEGMENT = String.raw`(?:[\p{L}\p{M}\p{N}._-]|<[a-z ]+>)+`;
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
 * names are plain segments (letters, marks, digits, `._-`), so a path ends at the first
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
  const base = root === undefined ? "" : trimTrailing(root, "\\/");
  const absolute = base === "" ? "" : String.raw`|${escapeRegExp(base)}(?:[\\/]${SEGMENT})*`;
  return text.replace(new RegExp(RELATIVE + absolute, "gu"), (m) => displayPath(os, m));
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

/**
 * Characters no printed line may hold: C0 but tab, DEL, C1 (0x9b is a
 * one-byte CSI), the line and paragraph separators, and the bidi controls (U+061C, U+200E/F, U+202A-U+202E,
 * U+2066-U+2069) that reorder what a reader sees.
 */
const UNSAFE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text safe to print on one line: every unsafe character (line feeds
 * included) becomes U+FFFD, so plan text cannot move the cursor, inject escape
 * sequences or reorder the line; cut to `max` characters with "…".
 * @example
 * ```ts
 * import { printable } from "./display.ts";
 * if (printable("a\x1b[2Jb\tc\u202e") !== "a\uFFFD[2Jb\tc\uFFFD") throw new Error();
 * if (printable("abcdef", 4) !== "abc…") throw new Error();
 * ```
 */
export function printable(text: string, max: number = Infinity): string {
  const safe = text.replace(UNSAFE, "\uFFFD");
  if (safe.length <= max) return safe;
  // Never half a surrogate pair before the ellipsis.
  return safe.slice(0, Math.max(0, max - 1)).replace(/[\ud800-\udbff]$/, "") + "…";
}

/**
 * Every line made `printable` (line structure kept, as `lines.ts` defines
 * it): for human output that mixes pwf's lines with text from disk.
 * @example
 * ```ts
 * import { printableLines } from "./display.ts";
 * if (printableLines("a\x1b]52;c;x\x07\nb\u2066\n") !== "a\uFFFD]52;c;x\uFFFD\nb\uFFFD\n") throw new Error();
 * ```
 */
export function printableLines(text: string): string {
  return splitLines(text).map((line) => printable(line)).join("\n");
}

/**
 * Longest line pwf writes to stderr, and longest report line (check, lint), in
 * characters; a longer one is cut with "…" (docs/security.md).
 */
export const OUTPUT_LINE_MAX = 1000;

/**
 * Output for a person at the edge (every stderr write): `printableLines`,
 * each line cut to `max` characters with "…", so an echoed argv or plan id
 * can neither carry a control nor flood the terminal.
 * @example
 * ```ts
 * import { printableOutput } from "./display.ts";
 * if (printableOutput("pwf: unknown command \"\x1b]0;x\x07\"\n") !== "pwf: unknown command \"\uFFFD]0;x\uFFFD\"\n") throw new Error();
 * if (printableOutput("x".repeat(20), 5) !== "xxxx…") throw new Error();
 * ```
 */
export function printableOutput(text: string, max: number = OUTPUT_LINE_MAX): string {
  return splitLines(text).map((line) => printable(line, max)).join("\n");
}

/** What JSON.stringify leaves raw that a terminal would act on: DEL, C1, U+2028/9, bidi controls. */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `--json` output: JSON.stringify (two-space indent) with every character it
 * leaves raw that a terminal would act on written as a `\uXXXX` escape, so
 * the data is exact and the bytes are safe.
 * @example
 * ```ts
 * import { printableJson } from "./display.ts";
 * if (printableJson({ t: "a\u202eb\x9b" }) !== '{\n  "t": "a\\u202eb\\u009b"\n}') throw new Error();
 * ```
 */
export function printableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    UNSAFE_IN_JSON,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

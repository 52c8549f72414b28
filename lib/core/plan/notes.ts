/**
 * Notes a model appends to a plan's findings.md and progress.md (the MCP
 * `findings_add` and `progress_log` tools): one markdown list item each,
 * control characters made printable, continuation lines indented.
 * @module
 */

import { formatUtc } from "../text/display.ts";
import { splitLines } from "../text/lines.ts";
import { printable } from "../text/display.ts";

/** The two files a note goes to. */
export type NoteFile = "findings.md" | "progress.md";

/**
 * The list item for a note: `- text` (progress.md: `- <UTC time> text`),
 * further lines indented two spaces, blank lines dropped.
 * @example
 * ```ts
 * import { noteEntry } from "./notes.ts";
 * const t = new Date(Date.UTC(2026, 11, 2, 3, 4, 5));
 * if (noteEntry("findings.md", "a\r\nb\x1b", t) !== "- a\n  b\uFFFD\n") throw new Error();
 * if (noteEntry("progress.md", "done", t) !== "- 2026-12-02 03:04:05 UTC done\n") throw new Error();
 * ```
 */
export function noteEntry(file: NoteFile, text: string, now: Date): string {
  const lines = splitLines(text).map((l) => printable(l).trimEnd()).filter((l) => l !== "");
  const head = file === "progress.md" ? `${formatUtc(now)} ` : "";
  return `- ${head}${lines.join("\n  ")}\n`;
}

/**
 * A file's text with an entry appended on a line of its own.
 * @example
 * ```ts
 * import { appendEntry } from "./notes.ts";
 * if (appendEntry("x", "- y\n") !== "x\n- y\n" || appendEntry("", "- y\n") !== "- y\n") throw new Error();
 * ```
 */
export function appendEntry(text: string, entry: string): string {
  return text === "" || /[\n\r\u2028\u2029\v\f\x85]$/.test(text)
    ? text + entry
    : `${text}\n${entry}`;
}

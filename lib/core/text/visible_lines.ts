/**
 * Which lines of a Markdown text are visible: outside fenced code blocks and
 * HTML comments (the plan parser ignores everything else).
 * @module
 */

/**
 * Which lines are visible Markdown, i.e. outside fenced code blocks and HTML
 * comments; a line holding a comment is reduced to its text outside the
 * comment. Comments follow CommonMark: a line starting with `<!--` (after at
 * most three spaces) opens an HTML block that ends at the first line holding
 * `-->` (or at the end of the text: unclosedComment says so); elsewhere in a
 * line, `<!--` opens a comment only outside a code span and only when a
 * `-->` follows before the paragraph ends, and otherwise is plain text.
 * @example
 * ```ts
 * import { visibleLines } from "./visible_lines.ts";
 * const v = visibleLines(["a", "~~~", "b", "~~~", "<!-- c", "d -->", "e"]);
 * if (v.map((x) => x ?? "-").join() !== "a,-,-,-,,-,e") throw new Error(v.join());
 * const code = visibleLines(["Use `<!--` here", "### Phase 1"]);
 * if (code.join("|") !== "Use `<!--` here|### Phase 1") throw new Error(code.join("|"));
 * ```
 */
export function visibleLines(lines: readonly string[]): (string | null)[] {
  return scan(lines).shown;
}

function scan(lines: readonly string[]): { shown: (string | null)[]; openedAt: number } {
  const out: (string | null)[] = [];
  let openedAt = -1;
  let fence: string | null = null;
  let inComment = false;
  let ahead: CommentAhead | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      out.push(null);
      continue;
    }
    if (!inComment && mayBeFence(line)) {
      fence = fenceOpener(line);
      if (fence !== null) {
        out.push(null);
        continue;
      }
    }
    if (!inComment && !line.includes("<!--")) {
      out.push(line); // the common case, without allocating
      continue;
    }
    ahead ??= commentAhead(lines);
    const startedInComment = inComment;
    const closesLater = ahead.nextClose[i + 1]! < ahead.paragraphEnd[i + 1]!;
    const { text, open } = stripComments(line, inComment, closesLater);
    if (open && !inComment) openedAt = i;
    inComment = open;
    out.push(startedInComment && text.trim() === "" ? null : text);
  }
  return { shown: out, openedAt: inComment ? openedAt : -1 };
}

/**
 * The line (0-based) of an HTML comment that is never closed and so hides
 * the rest of the text, as in a Markdown renderer, or -1 (lint warns).
 * @example
 * ```ts
 * import { unclosedComment } from "./visible_lines.ts";
 * if (unclosedComment(["a", "<!-- b", "c"]) !== 1 || unclosedComment(["a <!-- b"]) !== -1) throw new Error();
 * ```
 */
export function unclosedComment(lines: readonly string[]): number {
  return scan(lines).openedAt;
}

/**
 * Whether `line` closes the fence opened by `fence`: at most three spaces,
 * a run of the same character at least as long, then only whitespace. A
 * loop, not a regex: a plan of a million fence lines made a match
 * array per line (docs/performance.md "Memory").
 */
function closesFence(line: string, fence: string): boolean {
  let p = 0;
  while (p < 3 && line.charCodeAt(p) === 32) p++;
  const c = fence.charCodeAt(0);
  const start = p;
  while (line.charCodeAt(p) === c) p++;
  if (p - start < fence.length) return false;
  return p === line.length || line.slice(p).trim() === "";
}

/** The run of three or more backticks or tildes opening a fence on `line`, or null. */
function fenceOpener(line: string): string | null {
  let p = 0;
  while (p < 3 && line.charCodeAt(p) === 32) p++;
  const c = line.charCodeAt(p);
  if (c !== 96 && c !== 126) return null;
  const start = p;
  while (line.charCodeAt(p) === c) p++;
  return p - start >= 3 ? line.slice(start, p) : null;
}

/** Cheap pre-check before fenceOpener: the first non-space is ` or ~. */
function mayBeFence(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("```") || t.startsWith("~~~");
}

/** For each line index, the next line holding `-->` and the end of its paragraph (n if none). */
interface CommentAhead {
  readonly nextClose: readonly number[];
  readonly paragraphEnd: readonly number[];
}

const BLOCK_START = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|<!--|```|~~~)/;

/** One backward pass: where a comment could close, and where each paragraph ends. */
function commentAhead(lines: readonly string[]): CommentAhead {
  const n = lines.length;
  const nextClose = new Array<number>(n + 1).fill(n);
  const paragraphEnd = new Array<number>(n + 1).fill(n);
  for (let i = n - 1; i >= 0; i--) {
    const line = lines[i]!;
    nextClose[i] = line.includes("-->") ? i : nextClose[i + 1]!;
    paragraphEnd[i] = line.trim() === "" || BLOCK_START.test(line) ? i : paragraphEnd[i + 1]!;
  }
  return { nextClose, paragraphEnd };
}

/**
 * The text of `line` outside comments, and whether a comment is open at its
 * end. `closesLater`: a `-->` comes on a later line of this paragraph.
 */
function stripComments(
  line: string,
  inComment: boolean,
  closesLater: boolean,
): { text: string; open: boolean } {
  const spans = line.includes("`") ? codeSpans(line) : [];
  // Past the last "-->" no search can succeed: without this bound, a long run of
  // unclosed "<!--" would search the rest of the line once per opener.
  const lastClose = line.lastIndexOf("-->");
  let text = "";
  let kept = 0;
  let p = 0;
  let open = inComment;
  for (;;) {
    if (open) {
      const end = p <= lastClose ? line.indexOf("-->", p) : -1;
      if (end < 0) return { text, open: true };
      p = kept = end + 3;
      open = false;
      continue;
    }
    const start = nextOpener(line, p, spans);
    if (start < 0) break;
    const end = start + 2 <= lastClose ? line.indexOf("-->", start + 2) : -1;
    const block = p === 0 && start <= 3 && line.slice(0, start).trim() === "" && !inComment;
    if (end >= 0 || block || closesLater) {
      text += line.slice(kept, start);
      open = true;
      p = start + 2;
    } else {
      p = start + 4; // an inline `<!--` that never closes is plain text
    }
  }
  return { text: text + line.slice(kept), open: false };
}

/** The next `<!--` at or after `from` outside the code spans `spans`, or -1. */
function nextOpener(line: string, from: number, spans: readonly [number, number][]): number {
  let at = line.indexOf("<!--", from);
  let k = 0;
  while (at >= 0) {
    while (k < spans.length && spans[k]![1] <= at) k++;
    const span = spans[k];
    if (!span || at < span[0]) return at;
    at = line.indexOf("<!--", span[1]);
  }
  return -1;
}

/**
 * The code spans of one line as [start, end) pairs: a backtick run opens a
 * span that the next run of the same length closes; a run with no such
 * partner is plain text (CommonMark). Linear: each run's partner is found by
 * one backward pass.
 */
function codeSpans(line: string): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < line.length;) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let j = i;
    while (line[j] === "`") j++;
    runs.push([i, j]);
    i = j;
  }
  const partner = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const len = runs[r]![1] - runs[r]![0];
    partner[r] = seen.get(len) ?? -1;
    seen.set(len, r);
  }
  const spans: [number, number][] = [];
  for (let r = 0; r < runs.length;) {
    const q = partner[r]!;
    if (q < 0) {
      r++;
      continue;
    }
    spans.push([runs[r]![0], runs[q]![1]]);
    r = q + 1;
  }
  return spans;
}

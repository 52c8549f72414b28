/**
 * The one definition of a "line" (SPEC 14): every consumer of plan, progress
 * or payload text (parser, framer, neutraliser, views, lint, gate, check, the
 * editor) splits text with the functions here and nowhere else.
 *
 * A line ends at any Unicode mandatory break (UAX #14 classes BK, CR, LF, NL):
 * CRLF (one terminator), LF, CR, VT (U+000B), FF (U+000C), NEL (U+0085),
 * LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029). A terminal, an
 * editor, a JavaScript regex or a model may treat any of them as a new line,
 * so pwf does too: text that looks like a line start to someone is a line
 * start to pwf.
 * @module
 */

/** The line terminators as a regex source (CRLF first: it is one terminator). */
export const LINE_TERMINATOR_SOURCE = "\\r\\n|[\\n\\r\\v\\f\\x85\\u2028\\u2029]";

const TERMINATOR = new RegExp(LINE_TERMINATOR_SOURCE);
const TERMINATORS = new RegExp(LINE_TERMINATOR_SOURCE, "g");
/** Terminators other than LF: when none occurs, `split("\n")` is the whole job. */
const EXOTIC = /[\r\v\f\x85\u2028\u2029]/;

/**
 * A reader of one text's lines: called with the index `from` where a line
 * starts, it says where that line ends: `end` is the index of its terminator
 * (or `text.length`), `next` the index where the next line starts (`end`
 * plus the terminator's length: 2 for CRLF, else 1; `text.length` at the
 * end). The search is the regex engine's, not a loop over every character in
 * JavaScript (V8 optimises such a loop in a typical hook fire, and the
 * optimising compiler costs more memory than the whole search;
 * docs/performance.md).
 * @example
 * ```ts
 * import { lineEndFinder } from "./lines.ts";
 * const crlf = lineEndFinder("ab\r\ncd")(0);
 * if (crlf.end !== 2 || crlf.next !== 4) throw new Error();
 * const at = lineEndFinder("a\u2028b\nc");
 * if (at(0).next !== 2 || at(2).end !== 3 || at(4).end !== 5) throw new Error();
 * ```
 */
export function lineEndFinder(text: string): (from: number) => { end: number; next: number } {
  const re = new RegExp(LINE_TERMINATOR_SOURCE, "g");
  return (from) => {
    re.lastIndex = from;
    const m = re.exec(text);
    return m
      ? { end: m.index, next: m.index + m[0].length }
      : { end: text.length, next: text.length };
  };
}

/**
 * Split text into lines without their terminators. A text ending with a
 * terminator gives a last empty string (as `split` does).
 * @example
 * ```ts
 * import { splitLines } from "./lines.ts";
 * if (splitLines("a\r\nb\u2028c\rd\n").join("|") !== "a|b|c|d|") throw new Error();
 * ```
 */
export function splitLines(text: string): string[] {
  if (!EXOTIC.test(text)) return text.split("\n");
  return RARE.test(text) ? text.split(TERMINATORS) : splitCrLf(text);
}

/** Terminators other than CR and LF. */
const RARE = /[\v\f\x85\u2028\u2029]/;

/**
 * splitLines for text whose only terminators are CR, LF and CRLF, by
 * single-character splits: a regex split of 4 MiB of CRs peaked at 217 MB,
 * `split("\r")` at about 85 MB (docs/performance.md "Memory").
 */
function splitCrLf(text: string): string[] {
  const pieces = text.split("\n");
  if (pieces.length === 1) return text.split("\r");
  const out: string[] = [];
  const last = pieces.length - 1;
  for (let i = 0; i <= last; i++) {
    const p = pieces[i]!;
    const body = i < last && p.endsWith("\r") ? p.slice(0, -1) : p; // CRLF is one terminator
    if (!body.includes("\r")) out.push(body);
    else for (const line of body.split("\r")) out.push(line);
  }
  return out;
}

/** Lines with the terminator that ended each (`""` for an unterminated last line). */
export interface SplitText {
  readonly lines: string[];
  readonly ends: string[];
}

/**
 * Split text into lines and keep each line's terminator, so an editor can
 * change some lines and rejoin the rest byte for byte: `join(split(t)) === t`.
 * @example
 * ```ts
 * import { joinSplit, splitLinesKeepEnds } from "./lines.ts";
 * const s = splitLinesKeepEnds("a\r\nb\u2029c");
 * if (s.ends.join("|") !== "\r\n|\u2029|" || joinSplit(s) !== "a\r\nb\u2029c") throw new Error();
 * ```
 */
export function splitLinesKeepEnds(text: string): SplitText {
  const lines: string[] = [];
  const ends: string[] = [];
  const lineEndAt = lineEndFinder(text);
  let at = 0;
  for (;;) {
    const { end, next } = lineEndAt(at);
    lines.push(text.slice(at, end));
    ends.push(text.slice(end, next));
    if (next >= text.length) {
      if (next > end) {
        lines.push("");
        ends.push("");
      }
      return { lines, ends };
    }
    at = next;
  }
}

/** Rejoin what `splitLinesKeepEnds` split. */
export function joinSplit(s: SplitText): string {
  let out = "";
  for (let i = 0; i < s.lines.length; i++) out += (s.lines[i] ?? "") + (s.ends[i] ?? "");
  return out;
}

/**
 * Every line terminator replaced by "\n" (CRLF counts once).
 * @example
 * ```ts
 * import { toLf } from "./lines.ts";
 * if (toLf("a\r\nb\vc\x85d") !== "a\nb\nc\nd") throw new Error();
 * ```
 */
export function toLf(text: string): string {
  return EXOTIC.test(text) ? text.replace(TERMINATORS, "\n") : text;
}

/**
 * Whether a text holds any line terminator.
 * @example
 * ```ts
 * import { hasLineTerminator } from "./lines.ts";
 * if (!hasLineTerminator("a\u2028") || hasLineTerminator("a b")) throw new Error();
 * ```
 */
export function hasLineTerminator(text: string): boolean {
  return TERMINATOR.test(text);
}

/**
 * Recognising a plan's structural lines in any language of labels.ts: phase
 * headings, status lines, named sections, phase references. The parser, the
 * status editor and lint share these. They scan strings by hand (no regex
 * with unbounded quantifiers), so each runs in time linear in its line.
 * @module
 */

import { LABELS, type Labels, type Lang } from "./labels.ts";
import { once } from "../text/once.ts";
import { isAscii } from "../text/text.ts";

/** The named `## ` sections the parser reads. */
export type SectionName = "goal" | "next step" | "current phase";

/** Distinct words with the languages that use each, longest first. */
function wordTable(pick: (l: Labels) => string): readonly (readonly [string, readonly Lang[]])[] {
  const map = new Map<string, Lang[]>();
  for (const l of LABELS) map.set(pick(l), [...(map.get(pick(l)) ?? []), l.lang]);
  return [...map.entries()].sort((a, b) => b[0].length - a[0].length);
}

/**
 * A label word in lower case. Words of Latin-1 letters are lowered by V8
 * itself; the others (Chinese, Japanese, Arabic) have no case, so they are
 * kept as they are, and ICU's case tables are never loaded by a fire
 * (label_match_test.ts checks every label word against toLowerCase).
 */
export function lowerLabel(word: string): string {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 0xff) return word;
  return word.toLowerCase();
}

const PHASE_WORDS = wordTable((l) => l.phase);
/** PHASE_WORDS' words in lower case, in the same order. */
const PHASE_WORDS_LOWER = PHASE_WORDS.map(([w]) => lowerLabel(w));
const STATUS_WORDS = wordTable((l) => l.status);
const SECTION_WORDS = new Map<string, { name: SectionName; langs: Lang[] }>();
for (const l of LABELS) {
  const pairs: [string, SectionName][] = [
    [l.goal, "goal"],
    [l.nextStep, "next step"],
    [l.currentPhase, "current phase"],
  ];
  for (const [word, name] of pairs) {
    const key = lowerLabel(word);
    const had = SECTION_WORDS.get(key);
    SECTION_WORDS.set(key, { name, langs: [...(had?.langs ?? []), l.lang] });
  }
}

/** A recognised `### <Phase> <n>` heading. */
export interface PhaseHeading {
  /** The phase number. */
  readonly number: number;
  /** Where the number ends: the title part starts here. */
  readonly end: number;
  /** The phase word as written, and where it starts. */
  readonly word: string;
  readonly wordStart: number;
  /** The languages that use this word. */
  readonly langs: readonly Lang[];
}

const SPACE = 32;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Read `### <phase word> <digits>` at the start of a line, in any language
 * of the table: `###`, one or more spaces, the word, spaces (at least one
 * after an ASCII word), then digits. Null when the line is no phase heading.
 * @example
 * ```ts
 * import { matchPhaseHeading } from "./label_match.ts";
 * const h = matchPhaseHeading("### 阶段 2：规划");
 * if (h?.number !== 2 || h.word !== "阶段" || h.end !== 8) throw new Error();
 * if (matchPhaseHeading("### Phase1") !== null || matchPhaseHeading("#### Phase 1") !== null) throw new Error();
 * ```
 */
export function matchPhaseHeading(line: string): PhaseHeading | null {
  if (!line.startsWith("### ")) return null;
  let p = 3;
  while (line.charCodeAt(p) === SPACE) p++;
  const wordStart = p;
  for (const [word, langs] of PHASE_WORDS) {
    if (!line.startsWith(word, wordStart)) continue;
    let q = wordStart + word.length;
    const spaces = q;
    while (line.charCodeAt(q) === SPACE) q++;
    if (q === spaces && isAscii(word)) return null;
    const digits = q;
    while (isDigit(line.charCodeAt(q))) q++;
    if (q === digits) return null;
    return { number: Number(line.slice(digits, q)), end: q, word, wordStart, langs };
  }
  return null;
}

/** A recognised `**<Status>:**` line. */
export interface StatusLine {
  /** Where `**` of the label starts and where the closing `**` ends. */
  readonly labelStart: number;
  readonly labelEnd: number;
  /** Where the value starts (after the label and its blanks). */
  readonly valueStart: number;
  /** The value, trimmed. */
  readonly value: string;
  /** The label word as written. */
  readonly word: string;
  /** The languages that use this label. */
  readonly langs: readonly Lang[];
}

function isBlank(c: string | undefined): boolean {
  return c !== undefined && c.trim() === "";
}

/** Skip a leading list marker (`-`, `*`, `+`, `12.`, `3)`) and the blanks after it. */
function afterMarker(line: string, p: number): number {
  const c = line[p];
  let q = p;
  if (c === "-" || c === "*" || c === "+") q = p + 1;
  else {
    while (isDigit(line.charCodeAt(q))) q++;
    if (q === p || (line[q] !== "." && line[q] !== ")")) return p;
    q++;
  }
  if (!isBlank(line[q])) return p;
  while (isBlank(line[q])) q++;
  return q;
}

/**
 * Read a phase status line in any language of the table: optional blanks and
 * list marker, then `**<label>:**` (`:` or `：`), then the value.
 * @example
 * ```ts
 * import { matchStatusLine } from "./label_match.ts";
 * const s = matchStatusLine("- **状态：** in_progress");
 * if (s?.value !== "in_progress" || s.word !== "状态" || s.labelStart !== 2) throw new Error();
 * if (matchStatusLine("- **Phase:** 1") !== null) throw new Error();
 * ```
 */
export function matchStatusLine(line: string): StatusLine | null {
  let p = 0;
  while (isBlank(line[p])) p++;
  if (!line.startsWith("**", p)) p = afterMarker(line, p);
  if (!line.startsWith("**", p)) return null;
  const labelStart = p;
  for (const [word, langs] of STATUS_WORDS) {
    if (!line.startsWith(word, p + 2)) continue;
    const colon = p + 2 + word.length;
    if ((line[colon] !== ":" && line[colon] !== "：") || !line.startsWith("**", colon + 1)) {
      continue;
    }
    const labelEnd = colon + 3;
    let v = labelEnd;
    while (isBlank(line[v])) v++;
    return { labelStart, labelEnd, valueStart: v, value: line.slice(v).trim(), word, langs };
  }
  return null;
}

/**
 * The named section a `## ` heading's text names, in any language (case
 * blind), with the languages using that name; null for any other heading.
 * @example
 * ```ts
 * import { matchSectionName } from "./label_match.ts";
 * if (matchSectionName("当前阶段")?.name !== "current phase") throw new Error();
 * if (matchSectionName("goal")?.name !== "goal" || matchSectionName("Notes") !== null) throw new Error();
 * ```
 */
export function matchSectionName(
  text: string,
): { readonly name: SectionName; readonly langs: readonly Lang[] } | null {
  return SECTION_WORDS.get(text.toLowerCase()) ?? null;
}

/**
 * The phase number a `## Current Phase` text names (`Phase 3`, `阶段 3`,
 * `フェーズ3`, any case), or null.
 * @example
 * ```ts
 * import { phaseNumberIn } from "./label_match.ts";
 * if (phaseNumberIn("Phase 3: Build") !== 3 || phaseNumberIn("阶段 2") !== 2) throw new Error();
 * if (phaseNumberIn("Emphases 4") !== null || phaseNumberIn("done") !== null) throw new Error();
 * ```
 */
export function phaseNumberIn(text: string): number | null {
  const lower = text.toLowerCase();
  for (const w of PHASE_WORDS_LOWER) {
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
      const ascii = isAscii(w);
      if (ascii && at > 0 && isWordChar(lower[at - 1]!)) continue;
      let q = at + w.length;
      while (isBlank(lower[q])) q++;
      if (ascii && q === at + w.length) continue;
      const digits = q;
      while (isDigit(lower.charCodeAt(q))) q++;
      if (q > digits && !isWordChar(lower[q] ?? " ")) return Number(lower.slice(digits, q));
    }
  }
  return null;
}

const wordChar = once(() => /[\p{L}\p{N}_]/u);

function isWordChar(c: string): boolean {
  if (!isAscii(c)) return wordChar().test(c);
  const n = c.charCodeAt(0);
  return (n >= 48 && n <= 57) || (n >= 65 && n <= 90) || (n >= 97 && n <= 122) || n === 95;
}

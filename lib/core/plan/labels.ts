/**
 * The plan's structural words per language: one table row per language, and
 * the matchers the parser, the status editor and lint share. The original's
 * translated templates localise the structure (`### 阶段 1：...` with
 * `- **状态：** in_progress`), so a heading or label is recognised in any
 * language of the table, with an ASCII or a full-width colon.
 *
 * The matchers scan strings by hand (no regex with unbounded quantifiers),
 * so each runs in time linear in its line.
 * @module
 */

/** Language codes pwf reads and writes (docs/languages.md). */
export const LANGS = ["en", "zh", "zh-Hant", "ar", "es", "de", "ja", "fr"] as const;

/** A language code. */
export type Lang = typeof LANGS[number];

/**
 * How the original's translated `check-complete.sh` counts a plan (its
 * `skills/i18n/planning-with-files-<dir>/scripts/`): lines holding
 * `totalGrep` are phases, lines holding `statusGrep + " complete"` are done.
 */
export interface OriginalCounting {
  /** The folder suffix under the original's `skills/i18n/`. */
  readonly dir: string;
  /** The fixed string its `grep -c` counts as phases. */
  readonly totalGrep: string;
  /** The fixed string before ` complete` / ` in_progress` / ` pending`. */
  readonly statusGrep: string;
}

/** What the original's check-complete script reports for a plan. */
export interface OriginalCounts {
  readonly total: number;
  readonly complete: number;
  readonly inProgress: number;
  readonly pending: number;
}

/**
 * The counts the original's check-complete.sh prints for `text` under `rule`:
 * `grep -c` (lines holding a fixed string) of the phase heading and of the
 * status label before each value; inline `[complete]`-style tokens only when
 * no labelled line matched.
 * @example
 * ```ts
 * import { labelsFor, originalCounts } from "./labels.ts";
 * const c = originalCounts("### 阶段 1：A\n- **状态：** complete\n", labelsFor("zh")!.original!);
 * if (c.total !== 1 || c.complete !== 1) throw new Error();
 * ```
 */
export function originalCounts(text: string, rule: OriginalCounting): OriginalCounts {
  // grep's lines, not pwf's (lib/core/text/lines.ts): the script sees only "\n".
  const lines = text.split("\n");
  const count = (s: string) => lines.filter((l) => l.includes(s)).length;
  const values = ["complete", "in_progress", "pending"];
  const labelled = values.map((v) => count(`${rule.statusGrep} ${v}`));
  const [complete = 0, inProgress = 0, pending = 0] = labelled.every((n) => n === 0)
    ? values.map((v) => count(`[${v}]`))
    : labelled;
  return { total: count(rule.totalGrep), complete, inProgress, pending };
}

/** One language's structural words. */
export interface Labels {
  readonly lang: Lang;
  /** The language's English name, for help and docs. */
  readonly name: string;
  /** The word of `### <phase> 1: Title`. */
  readonly phase: string;
  /** The label of `- **<status>:** pending`. */
  readonly status: string;
  /** `## <goal>`, `## <currentPhase>`, `## <nextStep>` section names. */
  readonly goal: string;
  readonly currentPhase: string;
  readonly nextStep: string;
  /** The colon this language writes (`:` or full-width `：`); both are read. */
  readonly colon: ":" | "：";
  /** The text `## Current Phase` holds when every phase is complete. */
  readonly allComplete: string;
  /** How the original's translated script counts, or null (en, ja, fr). */
  readonly original: OriginalCounting | null;
}

/** The table: one row per language, in LANGS order. */
export const LABELS: readonly Labels[] = [
  {
    lang: "en",
    name: "English",
    phase: "Phase",
    status: "Status",
    goal: "Goal",
    currentPhase: "Current Phase",
    nextStep: "Next Step",
    colon: ":",
    allComplete: "All phases complete",
    original: null,
  },
  {
    lang: "zh",
    name: "Simplified Chinese",
    phase: "阶段",
    status: "状态",
    goal: "目标",
    currentPhase: "当前阶段",
    nextStep: "下一步",
    colon: "：",
    allComplete: "所有阶段已完成",
    original: { dir: "zh", totalGrep: "### 阶段", statusGrep: "**状态：**" },
  },
  {
    lang: "zh-Hant",
    name: "Traditional Chinese",
    phase: "階段",
    status: "狀態",
    goal: "目標",
    currentPhase: "目前階段",
    nextStep: "下一步",
    colon: "：",
    allComplete: "所有階段已完成",
    original: { dir: "zht", totalGrep: "### 階段", statusGrep: "**狀態：**" },
  },
  {
    lang: "ar",
    name: "Arabic",
    phase: "المرحلة",
    status: "الحالة",
    goal: "الهدف",
    currentPhase: "المرحلة الحالية",
    nextStep: "الخطوة التالية",
    colon: ":",
    allComplete: "اكتملت جميع المراحل",
    original: { dir: "ar", totalGrep: "### المرحلة", statusGrep: "**الحالة:**" },
  },
  {
    lang: "es",
    name: "Spanish",
    phase: "Fase",
    status: "Estado",
    goal: "Objetivo",
    currentPhase: "Fase Actual",
    nextStep: "Siguiente Paso",
    colon: ":",
    allComplete: "Todas las fases completadas",
    // Its script counts "### Phase", not "### Fase": on its own template it
    // sees no phases and stays silent (pinned by labels_test.ts).
    original: { dir: "es", totalGrep: "### Phase", statusGrep: "**Estado:**" },
  },
  {
    lang: "de",
    name: "German",
    phase: "Phase",
    status: "Status",
    goal: "Ziel",
    currentPhase: "Aktuelle Phase",
    nextStep: "Nächster Schritt",
    colon: ":",
    allComplete: "Alle Phasen abgeschlossen",
    original: { dir: "de", totalGrep: "### Phase", statusGrep: "**Status:**" },
  },
  {
    lang: "ja",
    name: "Japanese",
    phase: "フェーズ",
    status: "ステータス",
    goal: "目標",
    currentPhase: "現在のフェーズ",
    nextStep: "次のステップ",
    colon: "：",
    allComplete: "すべてのフェーズが完了",
    original: null,
  },
  {
    lang: "fr",
    name: "French",
    phase: "Phase",
    status: "Statut",
    goal: "Objectif",
    currentPhase: "Phase actuelle",
    nextStep: "Prochaine étape",
    colon: ":",
    allComplete: "Toutes les phases sont terminées",
    original: null,
  },
];

/**
 * The row for a language code, or undefined.
 * @example
 * ```ts
 * import { labelsFor } from "./labels.ts";
 * if (labelsFor("zh")?.status !== "状态" || labelsFor("xx") !== undefined) throw new Error();
 * ```
 */
export function labelsFor(code: string): Labels | undefined {
  return LABELS.find((l) => l.lang === code);
}

/** The English row (the default). */
export const ENGLISH: Labels = LABELS[0]!;

/** The named `## ` sections the parser reads. */
export type SectionName = "goal" | "next step" | "current phase";

/** Distinct words with the languages that use each, longest first. */
function wordTable(pick: (l: Labels) => string): readonly (readonly [string, readonly Lang[]])[] {
  const map = new Map<string, Lang[]>();
  for (const l of LABELS) map.set(pick(l), [...(map.get(pick(l)) ?? []), l.lang]);
  return [...map.entries()].sort((a, b) => b[0].length - a[0].length);
}

const PHASE_WORDS = wordTable((l) => l.phase);
const STATUS_WORDS = wordTable((l) => l.status);
const SECTION_WORDS = new Map<string, { name: SectionName; langs: Lang[] }>();
for (const l of LABELS) {
  const pairs: [string, SectionName][] = [
    [l.goal, "goal"],
    [l.nextStep, "next step"],
    [l.currentPhase, "current phase"],
  ];
  for (const [word, name] of pairs) {
    const key = word.toLowerCase();
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

/** Whether a word is ASCII only (then a space must follow it: `Phase1` is no heading). */
function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 126) return false;
  return true;
}

/**
 * Read `### <phase word> <digits>` at the start of a line, in any language
 * of the table: `###`, one or more spaces, the word, spaces (at least one
 * after an ASCII word), then digits. Null when the line is no phase heading.
 * @example
 * ```ts
 * import { matchPhaseHeading } from "./labels.ts";
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
 * import { matchStatusLine } from "./labels.ts";
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
 * import { matchSectionName } from "./labels.ts";
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
 * import { phaseNumberIn } from "./labels.ts";
 * if (phaseNumberIn("Phase 3: Build") !== 3 || phaseNumberIn("阶段 2") !== 2) throw new Error();
 * if (phaseNumberIn("Emphases 4") !== null || phaseNumberIn("done") !== null) throw new Error();
 * ```
 */
export function phaseNumberIn(text: string): number | null {
  const lower = text.toLowerCase();
  for (const [word] of PHASE_WORDS) {
    const w = word.toLowerCase();
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

function isWordChar(c: string): boolean {
  return /[\p{L}\p{N}_]/u.test(c);
}

/**
 * How a language names phase `n` (`Phase 2`, `阶段 2`), as the templates
 * write it under `## Current Phase`.
 * @example
 * ```ts
 * import { labelsFor, phaseRef } from "./labels.ts";
 * if (phaseRef(labelsFor("zh")!, 2) !== "阶段 2") throw new Error();
 * ```
 */
export function phaseRef(labels: Pick<Labels, "phase">, n: number): string {
  return `${labels.phase} ${n}`;
}

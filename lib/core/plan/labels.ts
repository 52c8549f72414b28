/**
 * The plan's structural words per language: one table row per language, and
 * the matchers the parser, the status editor and lint share. The original's
 * translated templates localise the structure (`### 阶段 1：...` with
 * `- **状态：** in_progress`); label_match.ts recognises a heading or label
 * of any language in this table, with an ASCII or a full-width colon.
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

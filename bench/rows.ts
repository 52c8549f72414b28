/**
 * What the bench (tools/bench.ts) measures, as data: the plan shapes, the
 * hook-fire cases on them (pwf's and the original's), and the rows of issue
 * 32's table with the figure each must reach. Pure.
 * @module
 */

/** A plan shape the bench builds a project for (tools/bench.ts `shapeProject`). */
export type ShapeId =
  | "typical"
  | "1mib"
  | "attested-1mib"
  | "long"
  | "short"
  | "cjk"
  | "arabic"
  | "zh"
  | "progress"
  | "ledger";

/** Every shape and its label in case names. */
export const SHAPES: readonly { readonly id: ShapeId; readonly label: string }[] = [
  { id: "typical", label: "typical plan" },
  { id: "1mib", label: "1 MiB plan" },
  { id: "attested-1mib", label: "attested 1 MiB plan" },
  { id: "long", label: "64 KiB, 2 KiB lines" },
  { id: "short", label: "64 KiB, 4-byte lines" },
  { id: "cjk", label: "64 KiB CJK text" },
  { id: "arabic", label: "64 KiB Arabic text" },
  { id: "zh", label: "zh template" },
  { id: "progress", label: "1 MiB progress.md" },
  { id: "ledger", label: "10k-record ledger" },
];

/** Who answers a fire: pwf (dist/pwf.js) or the original's Claude Code hook commands. */
export type Side = "pwf" | "original";

/** One hook-fire case of the start-up table. */
export interface CaseSpec {
  readonly name: string;
  readonly side: Side;
  readonly shape: ShapeId;
  readonly event: "UserPromptSubmit" | "PreToolUse" | "Stop";
  /** The plan is gated (`autonomous gate`) and attested; otherwise interactive. */
  readonly gated: boolean;
  /** Must reach: wall time over the empty script's. */
  readonly time?: number;
  /** Must reach: peak RSS over the empty script's. */
  readonly mem?: number;
}

const label = (shape: ShapeId) => SHAPES.find((s) => s.id === shape)!.label;

/** The name of a case: `hook claude <event> (<shape>)`, or `original <event> (...)`. */
export function caseName(side: Side, event: string, shape: ShapeId, gated: boolean): string {
  return `${side === "pwf" ? "hook claude" : "original"} ${event} (${gated ? "gated " : ""}${
    label(shape)
  })`;
}

function spec(
  side: Side,
  event: CaseSpec["event"],
  shape: ShapeId,
  gated: boolean,
  must: { time?: number; mem?: number } = {},
): CaseSpec {
  return { name: caseName(side, event, shape, gated), side, event, shape, gated, ...must };
}

/** The SPEC section 13 cases: typical and 1 MiB plans (5 KiB, 5 phases; 1 MiB padded evenly). */
export const CORE_CASES: readonly CaseSpec[] = [
  spec("pwf", "UserPromptSubmit", "typical", false, { time: 1.5, mem: 1.35 }),
  spec("pwf", "PreToolUse", "typical", false, { time: 1.5, mem: 1.35 }),
  spec("pwf", "UserPromptSubmit", "1mib", false, { time: 2.0, mem: 1.6 }),
  spec("pwf", "PreToolUse", "1mib", false, { time: 2.0, mem: 1.6 }),
];

const SHAPED: readonly ShapeId[] = [
  "attested-1mib",
  "long",
  "short",
  "cjk",
  "arabic",
  "zh",
  "progress",
  "ledger",
];

/**
 * Issue 32's shapes: pre-tool and prompt fires on the interactive plan, and
 * prompt and Stop fires on the gated one (a pre-tool fire of a gated plan is
 * silent); the typical plan's interactive fires are CORE_CASES'.
 */
export const SHAPE_CASES: readonly CaseSpec[] = [
  spec("pwf", "UserPromptSubmit", "typical", true),
  spec("pwf", "Stop", "typical", true),
  ...SHAPED.flatMap((shape) => [
    spec("pwf", "PreToolUse", shape, false),
    spec("pwf", "UserPromptSubmit", shape, false),
    spec("pwf", "UserPromptSubmit", shape, true),
    spec("pwf", "Stop", shape, true),
  ]),
];

/** The original's hook commands on the plans the issue compares. */
export const ORIGINAL_CASES: readonly CaseSpec[] = [
  spec("original", "UserPromptSubmit", "typical", false),
  spec("original", "PreToolUse", "typical", false),
  spec("original", "UserPromptSubmit", "attested-1mib", false),
  spec("original", "UserPromptSubmit", "typical", true),
  spec("original", "Stop", "typical", true),
  spec("original", "UserPromptSubmit", "attested-1mib", true),
];

/** One line of issue 32's table. */
export interface IssueRow {
  /** The issue's row this line measures (its first column). */
  readonly issueRow: string;
  /** What this line measures. */
  readonly label: string;
  /** The pwf case. */
  readonly pwf: string;
  /** The original's case: the ratio is pwf's over it; absent, over the empty script. */
  readonly original?: string;
  /** Must reach: the wall ratio at most this (vs the original: below it). */
  readonly time?: number;
  /** Must reach: the peak RSS ratio at most this. */
  readonly mem?: number;
}

const TYPICAL = "typical plan, PreToolUse / UserPromptSubmit";
const ATTESTED_PRE = "attested 1 MiB plan (padding in one completed phase), PreToolUse";
const ATTESTED_PROMPT = "attested 1 MiB plan, UserPromptSubmit";
const VS_PROMPT = "vs the original's shell hooks, typical / 1 MiB prompt";
const VS_GATED = "vs the original, gated prompt / gated Stop / gated 1 MiB";
const VS_PRE = "vs the original, pre-tool (`head -30`, ~10 ms)";

const vs = (event: CaseSpec["event"], shape: ShapeId, gated: boolean) => ({
  pwf: caseName("pwf", event, shape, gated),
  original: caseName("original", event, shape, gated),
});

/** Issue 32's table, one line per figure, in the issue's order. */
export const ISSUE_ROWS: readonly IssueRow[] = [
  { issueRow: TYPICAL, label: "typical plan, PreToolUse", pwf: CORE_CASES[1]!.name, time: 1.3 },
  {
    issueRow: TYPICAL,
    label: "typical plan, UserPromptSubmit",
    pwf: CORE_CASES[0]!.name,
    time: 1.3,
  },
  {
    issueRow: ATTESTED_PRE,
    label: "attested 1 MiB plan, PreToolUse",
    pwf: caseName("pwf", "PreToolUse", "attested-1mib", false),
    time: 1.7,
  },
  {
    issueRow: ATTESTED_PROMPT,
    label: "attested 1 MiB plan, UserPromptSubmit",
    pwf: caseName("pwf", "UserPromptSubmit", "attested-1mib", false),
    time: 1.7,
    mem: 1.4,
  },
  {
    issueRow: VS_PROMPT,
    label: "vs the original, typical prompt",
    ...vs("UserPromptSubmit", "typical", false),
    time: 1,
  },
  {
    issueRow: VS_PROMPT,
    label: "vs the original, attested 1 MiB prompt",
    ...vs("UserPromptSubmit", "attested-1mib", false),
    time: 1,
  },
  {
    issueRow: VS_GATED,
    label: "vs the original, gated prompt",
    ...vs("UserPromptSubmit", "typical", true),
  },
  { issueRow: VS_GATED, label: "vs the original, gated Stop", ...vs("Stop", "typical", true) },
  {
    issueRow: VS_GATED,
    label: "vs the original, gated 1 MiB prompt",
    ...vs("UserPromptSubmit", "attested-1mib", true),
  },
  { issueRow: VS_PRE, label: "vs the original, pre-tool", ...vs("PreToolUse", "typical", false) },
];

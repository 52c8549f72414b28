/**
 * The status view: one result object, two renderers (human text and JSON).
 * @module
 */

import type { Attestation } from "../plan/attestation.ts";
import { paint, table } from "../text/color.ts";
import { displayPath, displayPathsIn, type PathOs, printable } from "../text/display.ts";
import { type Mode, modeName } from "../plan/mode.ts";
import { countPhases, type Phase, type PhaseCounts, type Plan } from "../plan/parse.ts";
import { type PhaseProofView, proofJson, proofLines } from "./proof.ts";

/** Everything `pwf status` shows. */
export interface StatusView {
  readonly id: string | null;
  readonly dir: string;
  readonly why: string;
  readonly title: string;
  readonly goal: string;
  readonly nextStep: string;
  readonly currentPhase: string;
  readonly mode: Mode;
  readonly attestation: Attestation;
  readonly phases: readonly Phase[];
  readonly counts: PhaseCounts;
  readonly truncated: boolean;
  /** The phases with AcceptanceCheck lines ([] when none). */
  readonly proofs: readonly PhaseProofView[];
}

/** Build the status view from a parsed plan and its state. */
export function statusView(
  ref: { id: string | null; dir: string; why: string },
  plan: Plan,
  mode: Mode,
  attestation: Attestation,
  truncated: boolean,
  proofs: readonly PhaseProofView[] = [],
): StatusView {
  return {
    ...ref,
    title: plan.title,
    goal: plan.goal?.text ?? "",
    nextStep: plan.nextStep?.text ?? "",
    currentPhase: plan.currentPhase?.text ?? "",
    mode,
    attestation,
    phases: plan.phases,
    counts: countPhases(plan),
    truncated,
    proofs,
  };
}

/**
 * A text progress bar.
 * @example
 * ```ts
 * import { progressBar } from "./status.ts";
 * if (progressBar(1, 4, 8) !== "[##------]") throw new Error();
 * ```
 */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
}

const MARKS: Record<string, string> = {
  complete: "x",
  "in_progress": ">",
  pending: " ",
  unknown: "?",
  missing: "?",
};

function statusColor(status: string): "green" | "yellow" | "dim" | "red" {
  if (status === "complete") return "green";
  if (status === "in_progress") return "yellow";
  if (status === "pending") return "dim";
  return "red";
}

/** Render the status view for people on `os` (its paths in that platform's form). */
export function renderStatus(view: StatusView, color: boolean, os: PathOs): string {
  const v = printableView(view);
  const c = v.counts;
  const pct = c.total === 0 ? 0 : Math.round((c.complete / c.total) * 100);
  const head = [
    [
      paint(color, "bold", v.title || "(untitled plan)"),
      paint(color, "dim", v.id ?? "legacy root plan"),
    ],
  ];
  const facts = [
    ["Plan", `${displayPath(os, v.dir)}  (${displayPathsIn(os, v.why)})`],
    ["Goal", v.goal || "(none)"],
    ["Next step", v.nextStep || "(none)"],
    ["Current", v.currentPhase || "(none)"],
    ["Mode", modeName(v.mode)],
    ["Attestation", attestationWord(v, color)],
    ["Progress", `${progressBar(c.complete, c.total)} ${c.complete}/${c.total} complete (${pct}%)`],
  ];
  const proofOf = (n: number) => v.proofs.find((x) => x.phase === n)?.proof ?? "";
  const rows = v.phases.map((p) => {
    const status = p.status === "unknown" ? `unknown: ${p.rawStatus}` : p.status;
    return [
      `[${MARKS[p.status] ?? "?"}]`,
      String(p.number),
      paint(color, statusColor(p.status), status),
      ...(v.proofs.length ? [proofOf(p.number)] : []),
      p.title,
    ];
  });
  const header = ["", "#", "Status", ...(v.proofs.length ? ["Proof"] : []), "Phase"];
  const phaseTable = rows.length
    ? "\n" + table([header, ...rows]) + owedLines(v)
    : '\nNo phases: add "### Phase 1: <title>" sections to task_plan.md.\n';
  const note = v.truncated
    ? "\nNote: task_plan.md is larger than 4 MiB; only the first 4 MiB were read.\n"
    : "";
  return table(head) + table(facts.map(([k, val]) => [`${k}:`, val ?? ""])) + phaseTable + note;
}

/** One line per phase with AcceptanceCheck lines (issue 28). */
function owedLines(v: StatusView): string {
  const lines = proofLines(v.proofs);
  return lines.length ? "\nChecks:\n" + lines.map((l) => `  ${l}\n`).join("") : "";
}

/** Longest text from disk in one field of `pwf status`, in characters (cut with "…"). */
export const STATUS_FIELD_MAX = 200;

/** The view with every text taken from disk made safe for a terminal, one bounded line each. */
function printableView(v: StatusView): StatusView {
  const field = (text: string) => printable(text, STATUS_FIELD_MAX);
  return {
    ...v,
    title: field(v.title),
    goal: field(v.goal),
    nextStep: field(v.nextStep),
    currentPhase: field(v.currentPhase),
    why: printable(v.why, 2 * STATUS_FIELD_MAX),
    phases: v.phases.map((p) => ({
      ...p,
      title: field(p.title),
      rawStatus: field(p.rawStatus),
    })),
  };
}

function attestationWord(v: StatusView, color: boolean): string {
  const a = v.attestation;
  if (a.state === "intact") return paint(color, "green", `attested (${a.hash.slice(0, 12)})`);
  if (a.state === "tampered") {
    return paint(
      color,
      "red",
      `TAMPERED: expected ${a.expected.slice(0, 12)}, actual ${
        a.actual.slice(0, 12)
      } (review, then "pwf attest")`,
    );
  }
  if (a.state === "invalid") {
    return paint(color, "red", 'invalid .attestation file (run "pwf attest")');
  }
  // An autonomous plan is injected only once approved: say so, with the step.
  return v.mode.autonomous
    ? paint(
      color,
      "red",
      'not attested: hooks show nothing until you review it and run "pwf attest"',
    )
    : "not attested";
}

/** A phase's `proof` and `checks` fields in JSON, when it has AcceptanceCheck lines. */
function phaseProofJson(v: StatusView, n: number): Record<string, unknown> {
  const p = proofJson(v.proofs.filter((x) => x.phase === n))[0];
  return p ? { proof: p.proof, checks: p.checks } : {};
}

/** The JSON form of the status view. */
export function statusJson(v: StatusView): Record<string, unknown> {
  return {
    schemaVersion: 1,
    id: v.id,
    dir: v.dir,
    why: v.why,
    title: v.title,
    goal: v.goal,
    nextStep: v.nextStep,
    currentPhase: v.currentPhase,
    mode: modeName(v.mode),
    modeTokens: v.mode.tokens,
    attestation: v.attestation,
    counts: v.counts,
    phases: v.phases.map((p) => ({
      number: p.number,
      title: p.title,
      status: p.status,
      rawStatus: p.rawStatus,
      ...phaseProofJson(v, p.number),
    })),
    truncated: v.truncated,
  };
}

/**
 * What to run next when something stands in the way: lint errors (the `[?]`
 * rows among them) and a plan whose injection is blocked (an unattested
 * autonomous plan, a tampered or invalid attestation). Empty when all is well.
 * @example
 * ```ts
 * import { statusHints } from "./status.ts";
 * const hints = statusHints({ mode: { autonomous: true }, attestation: { state: "none" } }, 0);
 * if (!hints[0]?.includes('"pwf attest"')) throw new Error(hints.join());
 * ```
 */
export function statusHints(
  v: { readonly mode: Pick<Mode, "autonomous">; readonly attestation: Pick<Attestation, "state"> },
  lintErrors: number,
): string[] {
  const hints: string[] = [];
  if (lintErrors > 0) {
    hints.push(
      `Lint: ${lintErrors} error(s) (a [?] row is a phase whose status pwf cannot read): ` +
        `run "pwf lint" for each one and its fix`,
    );
  }
  const a = v.attestation.state;
  if (a === "tampered") {
    hints.push(
      'Injection: blocked: task_plan.md changed since it was attested; review it, then run "pwf attest"',
    );
  } else if (a === "invalid") {
    hints.push('Injection: blocked: the .attestation file is not valid; run "pwf attest"');
  } else if (a === "none" && v.mode.autonomous) {
    hints.push(
      'Injection: blocked: an autonomous plan must be attested; review it, then run "pwf attest"',
    );
  }
  return hints;
}

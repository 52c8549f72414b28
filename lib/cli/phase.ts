/**
 * `pwf phase <N> <status>`: the one writer of status lines.
 * @module
 */

import { IntegrityError, NoPlanError, PwfError, UsageError } from "../core/errors.ts";
import { expectedCurrentPhase, writePhaseStatuses } from "../core/plan/edit.ts";
import { parsePlan, type Plan, STATUS_VALUES, type StatusValue } from "../core/plan/parse.ts";
import { owedPhrase, type Proof } from "../core/verify/evidence.ts";
import { appendLedger } from "../ledger/store.ts";
import { planProof } from "../verify/proof.ts";
import { planTransition, type StatusChange } from "../core/plan/transition.ts";
import { didYouMean } from "../core/text/suggest.ts";
import {
  decodeText,
  encodeAs,
  equalBytes,
  type TextEncoding,
  textEncoding,
} from "../core/text/text.ts";
import { writeFile } from "../fs/write.ts";
import { withLock } from "../fs/lock.ts";
import {
  readAttestation,
  readWholePlan,
  requirePlanningPlan,
  writeAttestedPlan,
} from "../plan/tree.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { noteRepaired, printJson, requirePlan } from "./plan_context.ts";

/** Parsed `pwf phase` arguments. */
export interface PhaseArgs {
  readonly number: number;
  readonly status: StatusValue;
  readonly json: boolean;
  /** Completing a phase starts the next pending one (off with --no-advance). */
  readonly advance: boolean;
  /** Starting a phase moves the one in progress back to pending (--switch). */
  readonly switchOthers: boolean;
  /** Completing a phase whose checks lack fresh passing evidence records a claim (--unverified). */
  readonly unverified: boolean;
}

const FLAGS = [
  JSON_FLAG,
  {
    name: "no-advance",
    summary: "change only this phase: completing it does not start the next pending one",
  },
  {
    name: "switch",
    summary: "starting this phase moves the phase in progress back to pending",
  },
  {
    name: "unverified",
    summary:
      "complete a phase whose AcceptanceCheck has no fresh passing run, recorded as a claim in the ledger",
  },
];

/**
 * Parse `pwf phase` argv.
 * @example
 * ```ts
 * import { parsePhaseArgs } from "./phase.ts";
 * const a = parsePhaseArgs(["2", "in_progress", "--switch"]);
 * if (a.number !== 2 || !a.switchOthers || !a.advance) throw new Error();
 * ```
 */
export function parsePhaseArgs(argv: readonly string[]): PhaseArgs {
  const p = parseArgv("phase", argv, FLAGS);
  maxPositionals("phase", p, 2);
  const [n, status] = p.positionals;
  if (n === undefined || status === undefined) {
    throw new UsageError(
      `phase: needs a phase number and a status: pwf phase <N> <${STATUS_VALUES.join("|")}>`,
    );
  }
  if (!/^\d{1,9}$/.test(n)) {
    throw new UsageError(`phase: phase number must be a positive integer, got "${n}"`);
  }
  if (!(STATUS_VALUES as readonly string[]).includes(status)) {
    throw new UsageError(
      `phase: status must be one of ${STATUS_VALUES.join(", ")}, got "${status}"${
        didYouMean(status, STATUS_VALUES)
      }`,
    );
  }
  return {
    number: Number(n),
    status: status as StatusValue,
    json: p.flags.json === true,
    advance: p.flags["no-advance"] !== true,
    switchOthers: p.flags.switch === true,
    unverified: p.flags.unverified === true,
  };
}

/** Attempts before `pwf phase` gives up on a plan another writer keeps changing. */
const EDIT_ATTEMPTS = 3;

/** What one edit did. */
export interface PhaseResult {
  readonly changes: readonly StatusChange[];
  readonly changed: boolean;
  readonly reattested: boolean;
  readonly current: string | null;
  /** The completed phase's proof when it has checks (verified, unverifiable, claimed), else null. */
  readonly proof: Proof | null;
  /** For a claim: the check still owed. */
  readonly owed: string | null;
}

/**
 * The core of `pwf phase`, shared with MCP's `phase_set`: resolve the plan,
 * then edit it under the plan lock, keeping an intact attestation valid.
 */
export async function setPhase(
  args: PhaseArgs,
  ctx: Context,
): Promise<{ plan: PlanRef; result: PhaseResult }> {
  const { plan } = requirePlan(ctx);
  requirePlanningPlan(plan, "edit");
  const result = await withLock(plan.dir, async () => {
    // Editors do not take pwf's lock: an edit commits only over the bytes it read (issue 26 item 5).
    for (let attempt = 1; attempt < EDIT_ATTEMPTS; attempt++) {
      const r = await editOnce(args, ctx, plan);
      if (r !== "raced") return r;
    }
    const last = await editOnce(args, ctx, plan);
    if (last !== "raced") return last;
    throw new PwfError(
      `phase: refused: ${plan.display}/task_plan.md kept changing while pwf edited it ` +
        `(${EDIT_ATTEMPTS} tries); nothing was written: save it in your editor, then run the command again`,
    );
  });
  if (result.proof === "claimed" && result.changed) {
    // A completion claimed without fresh passing evidence is recorded (issue 28), for MCP too.
    await appendLedger(plan, {
      event: "phase_complete",
      summary:
        `Phase ${args.number} claimed complete without fresh passing evidence (--unverified): ${
          result.owed ?? ""
        }`,
      agent: "main",
      phase: `Phase ${args.number}`,
      files: [],
      now: ctx.host.now(),
    });
  }
  return { plan, result };
}

/** The `--json` object of `pwf phase` (and MCP's `phase_set` answer). */
export function phaseJson(args: PhaseArgs, plan: PlanRef, result: PhaseResult): unknown {
  const asked = result.changes.find((c) => c.reason === "asked");
  return {
    schemaVersion: 1,
    plan: plan.id,
    phase: args.number,
    from: asked?.from ?? args.status,
    to: args.status,
    changed: result.changed,
    reattested: result.reattested,
    changes: result.changes.map((c) => ({
      phase: c.phase.number,
      from: c.from,
      to: c.to,
      reason: c.reason,
    })),
    currentPhase: result.current,
    proof: result.proof,
  };
}

/** Run `pwf phase`: edit under the plan lock; keep an intact attestation valid. */
export async function runPhase(args: PhaseArgs, ctx: Context): Promise<number> {
  const { plan, result } = await setPhase(args, ctx);
  if (args.json) printJson(ctx, phaseJson(args, plan, result));
  else {
    ctx.host.stdout(
      phaseReport(args, result.changes, result.reattested, result.current) +
        proofLine(args.number, result),
    );
  }
  return 0;
}

/** What `## Current Phase` says after the edit ("Phase 2", "All phases complete"). */
function currentOf(text: string): string | null {
  return expectedCurrentPhase(parsePlan(text));
}

const REASON_NOTE: Record<StatusChange["reason"], string> = {
  asked: "",
  started: " (started: the next pending phase)",
  paused: " (moved back to pending)",
};

/** The human report: one line per changed phase, then where the plan stands. */
function phaseReport(
  args: PhaseArgs,
  changes: readonly StatusChange[],
  reattested: boolean,
  current: string | null,
): string {
  const lines = changes.map((c) =>
    `Phase ${c.phase.number}: ${c.from} -> ${c.to}${REASON_NOTE[c.reason]}`
  );
  if (!changes.some((c) => c.reason === "asked")) {
    lines.unshift(`Phase ${args.number}: already ${args.status}`);
  }
  if (reattested) lines.push("Plan re-attested.");
  if (current !== null) lines.push(`Current Phase: ${current}`);
  return lines.join("\n") + "\n";
}

/** The line saying how a completed phase with checks was proven ("" for none). */
function proofLine(n: number, r: PhaseResult): string {
  if (r.proof === "unverifiable") {
    return `Phase ${n}: unverifiable: the host that ran its check does not report outcomes\n`;
  }
  if (r.proof === "claimed") return `Phase ${n}: claimed (unverified): ${r.owed ?? ""}\n`;
  return r.proof === "verified" ? `Phase ${n}: verified by its AcceptanceCheck run\n` : "";
}

/**
 * The proof of completing phase `args.number`: null when it has no checks
 * or is not being completed; refuses (one line naming the command to run)
 * when a check has no fresh passing run and `--unverified` is not given.
 */
function completionProof(
  args: PhaseArgs,
  plan: PlanRef,
  parsed: Plan,
): { proof: Proof; owed: string | null } | null {
  if (args.status !== "complete") return null;
  const target = parsed.phases.find((p) => p.number === args.number);
  if (!target || target.status === "complete") return null;
  const e = planProof(plan, parsed).find((p) => p.phase === args.number);
  if (!e) return null;
  if (!e.owed) return { proof: e.verdict === "verified" ? "verified" : "unverifiable", owed: null };
  const what = owedPhrase(e.owed);
  if (!args.unverified) {
    throw new PwfError(
      `phase: refused: Phase ${args.number}'s AcceptanceCheck has no fresh passing run: ${what}, ` +
        `then "pwf phase ${args.number} complete" again (or record a claim: "--unverified"); ` +
        `${plan.display}/task_plan.md is unchanged`,
    );
  }
  return { proof: "claimed", owed: what };
}

/** Read, decide and write once; "raced" when the file changed between the read and the write. */
async function editOnce(
  args: PhaseArgs,
  ctx: Context,
  plan: PlanRef,
): Promise<PhaseResult | "raced"> {
  const got = readWholePlan(plan);
  if (got.kind === "missing") {
    throw new NoPlanError(`no plan: ${plan.display}/task_plan.md is missing`);
  }
  const before = await readAttestation(plan, got, false);
  noteRepaired(ctx, plan, before);
  if (before.state === "tampered") {
    throw new IntegrityError(
      `refused to edit ${plan.display}/task_plan.md: it changed since it was attested (expected ${before.expected}, actual ${before.actual}); review it, then run "pwf attest"`,
    );
  }
  const text = decodeText(got.bytes);
  const encoding = textEncoding(got.bytes);
  if (!roundTrips(got.bytes, text, encoding)) {
    throw new PwfError(
      `refused to edit ${plan.display}/task_plan.md: it is not valid ${
        encoding.startsWith("utf-16") ? "UTF-16" : "UTF-8"
      } and rewriting it would change other bytes; fix its encoding first`,
    );
  }
  const parsed = parsePlan(text);
  const t = planTransition(parsed, args);
  if (!t.ok) {
    throw new PwfError(`phase: refused: ${t.message}; ${plan.display}/task_plan.md is unchanged`);
  }
  const proved = completionProof(args, plan, parsed);
  const edited = writePhaseStatuses(text, t.changes.map((c) => ({ phase: c.phase, to: c.to })));
  const changed = edited !== text;
  const result = {
    changes: t.changes,
    changed,
    current: currentOf(edited),
    proof: proved?.proof ?? null,
    owed: proved?.owed ?? null,
  };
  if (!changed) return { ...result, reattested: false };
  // written back in the file's own encoding (a PowerShell 5.1 plan stays UTF-16LE)
  const bytes = encodeAs(edited, encoding);
  const opts = {
    stillCurrent: () => {
      const now = readWholePlan(plan);
      return now.kind === "file" && equalBytes(now.bytes, got.bytes);
    },
  };
  // An attested plan and its new attestation commit as a pair (crash-safe: lib/plan/tree.ts).
  if (before.state === "intact") {
    return (await writeAttestedPlan(plan, bytes, opts)) === null
      ? "raced"
      : { ...result, reattested: true };
  }
  return writeFile(planFile(plan, "task_plan.md"), bytes, opts)
    ? { ...result, reattested: false }
    : "raced";
}

/** Whether writing `text` back in the file's encoding gives the same bytes (nothing else changes). */
function roundTrips(bytes: Uint8Array, text: string, encoding: TextEncoding): boolean {
  return equalBytes(encodeAs(text, encoding), bytes);
}

/** The `phase` command row. */
export const phaseCommand = defineCommand({
  name: "phase",
  summary:
    "set a phase's status; completing one starts the next, Current Phase follows, attestation stays valid",
  usage: ["phase <N> <pending|in_progress|complete> [--switch] [--no-advance] [--unverified]"],
  flags: FLAGS,
  words: [],
  values: ["phase", "status"],
  parse: parsePhaseArgs,
  run: runPhase,
});

/**
 * Receipts from host post-tool fires (issue 28): a shell run whose command
 * matches an AcceptanceCheck of the session's plan appends a receipt; a file
 * edit appends an edit mark. The cheapest test that proves there is nothing
 * to do comes first: no plan, then no "AcceptanceCheck" in the plan's text
 * (one substring search, no parse), then no match.
 * @module
 */

import { parsePlan } from "../core/plan/parse.ts";
import { decodeText } from "../core/text/text.ts";
import { isoTimestamp } from "../core/text/timestamp.ts";
import { CHECK_LABEL, matchingChecks, planChecks } from "../core/verify/checks.ts";
import type { Outcome } from "../core/verify/records.ts";
import { readFile } from "../fs/read.ts";
import { planFile, type PlanRef, type SessionScope } from "../session/plan_ref.ts";
import { resolvePlan } from "../session/resolve.ts";
import { appendEvidence } from "./store.ts";

/** Where a fire happened. */
export interface FireWhere {
  readonly root: string;
  readonly env: (name: string) => string | undefined;
  readonly scope: SessionScope | undefined;
  readonly host: string;
  readonly session: string;
  readonly now: Date;
}

/** A shell run the host reported. */
export interface ShellRun {
  readonly command: string;
  readonly outcome: Outcome;
  readonly exit: number | null;
  readonly callId: string;
}

/** What a fire did, for the hook receipt. */
export interface Recorded {
  readonly outcome: "no-plan" | "no-check" | "no-match" | "receipt" | "edit";
  readonly planId: string | null;
}

/** The resolved plan and its text when it declares AcceptanceCheck lines, else why not. */
function planWithChecks(w: FireWhere): { plan: PlanRef; text: string } | Recorded {
  const r = resolvePlan(w.root, w.env, w.scope);
  if (r.kind !== "plan" || r.plan.legacy) return { outcome: "no-plan", planId: null };
  const got = readFile(planFile(r.plan, "task_plan.md"));
  if (got.kind !== "file") return { outcome: "no-plan", planId: null };
  const text = decodeText(got.bytes);
  if (!text.includes(CHECK_LABEL)) return { outcome: "no-check", planId: r.plan.id };
  return { plan: r.plan, text };
}

/** Record a shell run when it is one of the plan's acceptance checks. */
export async function recordShellRun(w: FireWhere, run: ShellRun): Promise<Recorded> {
  if (run.command.trim() === "") return { outcome: "no-match", planId: null };
  const found = planWithChecks(w);
  if ("outcome" in found) return found;
  const matched = matchingChecks(run.command, planChecks(parsePlan(found.text)).checks);
  if (matched.length === 0) return { outcome: "no-match", planId: found.plan.id };
  await appendEvidence(found.plan, [{
    kind: "run",
    t: isoTimestamp(w.now.getTime()),
    command: matched[0]!.command,
    phases: [...new Set(matched.map((m) => m.phase))],
    outcome: run.outcome,
    exit: run.exit,
    host: w.host,
    call: run.callId,
    session: w.session,
  }]);
  return { outcome: "receipt", planId: found.plan.id };
}

/** Record a file edit when the plan has acceptance checks (its evidence becomes stale). */
export async function recordEdit(w: FireWhere): Promise<Recorded> {
  const found = planWithChecks(w);
  if ("outcome" in found) return found;
  await appendEvidence(found.plan, [{
    kind: "edit",
    t: isoTimestamp(w.now.getTime()),
    host: w.host,
    session: w.session,
  }]);
  return { outcome: "edit", planId: found.plan.id };
}

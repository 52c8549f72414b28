/**
 * One injection fire: resolve the plan, apply the refusals, session
 * isolation and regression guard, gather the state and compose the text
 * (lib/core/inject/compose.ts). Used by `pwf inject` and by every host adapter.
 * @module
 */

import { plainExcerpt } from "../core/text/excerpt.ts";
import { recentLedgerSummary } from "../ledger/store.ts";
import { sessionStartGuidance } from "../core/inject/guidance.ts";
import { catchupSummary, renderCatchupSummary } from "../core/catchup/summary.ts";
import { type ChosenBy, gatherCatchupInput, type ParsedPlanText } from "../catchup/input.ts";
import { PwfError } from "../core/errors.ts";
import type { Mode } from "../core/plan/mode.ts";
import { countPhases, parsePlan, type Plan } from "../core/plan/parse.ts";
import { owedPhrase } from "../core/verify/evidence.ts";
import { planProof } from "../verify/proof.ts";
import {
  budgetFrom,
  composePosttool,
  composePrecompact,
  composeUserprompt,
  framePretool,
  type InjectionState,
  PREFIX,
  pretoolView,
  refusalFor,
  type Tier,
} from "../core/inject/compose.ts";
import { cutFramed } from "../core/inject/framing.ts";
import { isValidPlanId } from "../core/plan/id.ts";
import { regressionLine } from "../core/plan/regression.ts";
import { NOTICES, type Notices, noticesFor } from "../core/plan/notices.ts";
import { inspect, inspectListed, planningLoc } from "../fs/containment.ts";
import { readMode, readPlanForView, readStoredAttestation, readText } from "../plan/tree.ts";
import { listIds } from "../core/session/binding.ts";
import { listPlans, openPlansAmong } from "../plan/catalog.ts";
import { planFile, type PlanRef, type SessionScope } from "../session/plan_ref.ts";
import { type PinSource, resolvePlan } from "../session/resolve.ts";
import { markArchivedTold } from "../session/bindings.ts";
import { cacheName, readCache, writeCache } from "../fs/cache.ts";
import { clearTurnMarker, hasTurnMarker, setTurnMarker } from "./turn_markers.ts";
import { setCompactMarker, takeCompactMarker } from "./compact_markers.ts";
import { type PretoolKey, recallPretoolView, rememberPretoolView } from "./pretool_memo.ts";

/** What one fire produced. */
export interface Fire {
  /** The text to inject ("" for nothing). */
  readonly text: string;
  /** What happened, for receipts: injected, silent, refused, no-plan, ... */
  readonly outcome: string;
  /** The plan id the fire used, if any. */
  readonly planId: string | null;
}

/** Inputs of a fire besides the tier. */
export interface FireOptions {
  readonly root: string;
  readonly env: (name: string) => string | undefined;
  /** How PLAN_ID was given (`pwf inject --plan`), for messages. */
  readonly pinnedBy?: PinSource | undefined;
  /** The clock (the session-start catch-up says how long ago files changed). */
  readonly now: Date;
  /** The host's own cap on one context string, in characters (clamps the budget). */
  readonly maxChars?: number | undefined;
  /** The session id (the host's payload, else the environment), if known. */
  readonly sessionId?: string | undefined;
  /** Set by hooks: bind an unbound session to what resolves, recorded under this host name. */
  readonly bindHost?: string | undefined;
  /** The host process the session runs in (`claude:<pid>`), when known. */
  readonly proc?: string | undefined;
  /** SessionStart's `source` (startup, resume, clear, compact), when the payload has one. */
  readonly startSource?: string | undefined;
}

/**
 * The resolution scope of a fire (or of a hook's stop or error: no tier): its
 * session, binding only when a hook fires.
 */
export function scopeOf(opts: FireOptions, tier?: Tier): SessionScope | undefined {
  if (opts.sessionId === undefined) return undefined;
  if (opts.bindHost === undefined) return { id: opts.sessionId };
  // SessionStart (startup, resume, clear, compact) re-stamps the binding and never drops it.
  return {
    id: opts.sessionId,
    bind: {
      host: opts.bindHost,
      now: opts.now,
      refresh: tier === "session-start",
      proc: opts.proc,
      afterClear: tier === "session-start" && opts.startSource === "clear",
    },
  };
}

/**
 * One line naming the plan when more than one is open (prompt tiers only):
 * which plan this session uses, to pass --plan to commands, how to switch.
 */
function planLine(tier: Tier, planId: string | null, opts: FireOptions, say: Notices): string {
  if (planId === null || (tier !== "userprompt" && tier !== "session-start")) return "";
  let others: string[];
  try {
    // The common case, one plan: a directory listing, no plan parsed a second time. Otherwise
    // the other plans are read once each; this session's own was read by gatherState.
    const ids = listPlans(opts.root);
    if (ids.length < 2) return "";
    others = openPlansAmong(opts.root, ids.filter((id) => id !== planId));
  } catch {
    return "";
  }
  if (others.length === 0) return "";
  const example = planId.length <= 40;
  return `${PREFIX} ${say.otherPlans(planId, listIds(others), example, opts.sessionId ?? null)}\n`;
}

/** Longest notice, in characters: ids, paths and messages inside it come from env and disk. */
export const NOTICE_MAX = 400;

/**
 * One bounded notice line: pwf's own prefix, then the rest as a control-free
 * excerpt (no line terminators, no second tag, no delimiter) of at most
 * NOTICE_MAX characters.
 */
function boundedNotice(text: string): string {
  const rest = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : text;
  return `${PREFIX} ${plainExcerpt(rest, NOTICE_MAX - PREFIX.length - 1)}`;
}

/** Whether a tier's notices reach the model (the prompt tiers). */
const speaks = (tier: Tier) => tier === "userprompt" || tier === "session-start";

const notice = (tier: Tier, text: string, outcome: string): Fire => ({
  text: speaks(tier) ? `${boundedNotice(text)}\n` : "",
  outcome,
  planId: null,
});

/**
 * The notices of a resolved plan that is not injected, in its language
 * (English when its task_plan.md cannot be read either).
 */
function noticesOf(plan: PlanRef): Notices {
  try {
    return noticesFor(parsePlan(readText(planFile(plan, "task_plan.md")) ?? ""));
  } catch (err) {
    if (err instanceof PwfError) return NOTICES.en;
    throw err;
  }
}

/** Check session isolation (SPEC 5.6): whether this session is not attached. */
function notAttached(opts: FireOptions): boolean {
  try {
    if (inspectListed(planningLoc(opts.root, "sessions")).kind !== "dir") return false;
    const id = opts.sessionId ?? opts.env("PWF_SESSION_ID") ?? "";
    if (
      isValidPlanId(id) &&
      inspect(planningLoc(opts.root, "sessions", `${id}.attached`)).kind === "file"
    ) return false;
  } catch { /* a sessions dir we cannot read safely counts as not attached */ }
  return true;
}

/** The characters one fire may inject: PWF_MAX_INJECT_CHARS, clamped to the host's cap. */
export function injectBudget(
  env: (name: string) => string | undefined,
  maxChars?: number | undefined,
): number {
  return Math.min(budgetFrom(env("PWF_MAX_INJECT_CHARS")), maxChars ?? Infinity);
}

/** What a caller of gatherState has read already, and what the tier needs. */
export interface GatherOptions {
  /** The plan's mode, when `.mode` was read already (pretool reads it first). */
  readonly mode?: Mode | undefined;
  /** `.attestation` as stored (null: none), when read already (the pretool memo's key). */
  readonly attestation?: string | null | undefined;
  /** The host's cap on the budget. */
  readonly maxChars?: number | undefined;
  /** The tier shows only the plan (pretool, posttool): progress.md and the evidence are not read. */
  readonly brief?: boolean;
}

/** Gather the state of a resolved plan for composing. */
export async function gatherState(
  plan: PlanRef,
  env: (name: string) => string | undefined,
  o: GatherOptions = {},
): Promise<InjectionState | null> {
  const { mode: known, maxChars, brief = false } = o;
  // One read: the view and the attestation hash come from the same bytes.
  const got = await readPlanForView(plan, o.attestation);
  if (got === null) return null;
  const planText = got.text;
  const parsed = parsePlan(planText);
  const mode = known ?? readMode(plan);
  // Autonomous modes show the ledger summary, bounded (the latest records of each file).
  const ledger = mode.autonomous ? recentLedgerSummary(plan, parsed) : "";
  return {
    id: plan.id,
    display: plan.display,
    planText,
    plan: parsed,
    planCut: got.truncated,
    planMtimeMs: got.mtimeMs,
    planStamp: got.stamp,
    mode,
    attestation: got.attestation,
    progress: mode.autonomous || brief ? null : readText(planFile(plan, "progress.md")),
    ledger,
    smart: env("PWF_INJECT") === "smart" || mode.smart,
    budget: injectBudget(env, maxChars),
    owed: brief ? [] : owedChecks(plan, parsed),
  };
}

/** What each phase with checks still owes, for the frame ([] when the plan has no checks). */
function owedChecks(plan: PlanRef, parsed: Plan): string[] {
  const owed = planProof(plan, parsed).filter((p) => p.owed !== null);
  if (owed.length === 0) return [];
  const say = noticesFor(parsed);
  return owed.map((p) => say.owedItem(p.phase, p.proof === "claimed", owedPhrase(p.owed!, say)));
}

/** The plan's mode, or undefined when `.mode` cannot be read (the full path then says why). */
function modeIfReadable(plan: PlanRef): Mode | undefined {
  try {
    return readMode(plan);
  } catch (err) {
    if (err instanceof PwfError) return undefined;
    throw err;
  }
}

/**
 * Run one injection fire for a tier. Never throws for bad state on disk.
 * Its text is at most the budget (PWF_MAX_INJECT_CHARS, clamped to the
 * host's cap), whatever the plan ids and the number of open plans: a final
 * cut at a line boundary, never inside a frame, is the hard bound.
 */
export async function fireInjection(tier: Tier, opts: FireOptions): Promise<Fire> {
  const fire = await composeFire(afterCompaction(tier, opts), opts);
  return { ...fire, text: cutFramed(fire.text, injectBudget(opts.env, opts.maxChars)) };
}

async function composeFire(tier: Tier, opts: FireOptions): Promise<Fire> {
  const r = resolvePlan(opts.root, opts.env, scopeOf(opts, tier), opts.pinnedBy);
  const told = r.kind === "refused" && r.archived !== undefined && opts.sessionId !== undefined &&
    opts.bindHost !== undefined && (tier === "userprompt" || tier === "session-start");
  // Told once, on a tier whose text reaches the model; later fires find no plan.
  if (told && opts.sessionId !== undefined) markArchivedTold(opts.root, opts.sessionId, opts.now);
  if (r.kind === "refused") {
    // One bounded line (NOTICE_MAX); the ambiguity list is sized to fit it whole.
    return notice(
      tier,
      `${PREFIX} ${NOTICES.en.notInjected(r.why)}`,
      r.choices ? "ambiguous" : "refused",
    );
  }
  if (r.kind === "none") return noPlan(tier, opts);
  // Autonomous modes inject nothing before tools, and every pretool notice is empty
  // (notice()): the .mode file alone settles it, before any plan read, parse or hash.
  // The mode read here is reused below: `.mode` is read once per fire.
  const mode = tier === "pretool" ? modeIfReadable(r.plan) : undefined;
  if (mode?.autonomous) return { text: "", outcome: "silent", planId: r.plan.id };
  if (notAttached(opts)) {
    // The plan is read for its language only when the notice reaches the model.
    const text = speaks(tier) ? noticesOf(r.plan).isolated : "";
    return notice(tier, `${PREFIX} ${text}`, "not-attached");
  }
  const session = turnSession(opts);
  // The cheapest check first: a turn that already got its post-tool nudge reads no plan.
  if (tier === "posttool" && hasTurnMarker(opts.root, r.plan.id, session)) {
    return { text: "", outcome: "silent", planId: r.plan.id };
  }
  const key = tier === "pretool" && mode !== undefined ? pretoolKey(r.plan, mode, opts) : null;
  const recalled = key === null ? null : recallPretoolView(r.plan, key);
  if (recalled !== null) {
    return { text: await framePretool(recalled), outcome: "injected", planId: r.plan.id };
  }
  let s: InjectionState | null;
  try {
    const brief = tier === "pretool" || tier === "posttool";
    s = await gatherState(r.plan, opts.env, {
      mode,
      maxChars: opts.maxChars,
      brief,
      attestation: key?.attestation,
    });
  } catch (err) {
    // SPEC 5.4: a plan file failing containment (or unreadable) gets one notice, not a crash.
    if (!(err instanceof PwfError)) throw err;
    return {
      ...notice(
        tier,
        `${PREFIX} ${speaks(tier) ? noticesOf(r.plan).notInjected(err.message) : ""}`,
        "refused",
      ),
      planId: r.plan.id,
    };
  }
  if (!s) return { text: "", outcome: "no-plan", planId: r.plan.id };
  const planId = r.plan.id;
  if (tier === "precompact") return { text: composePrecompact(s), outcome: "injected", planId };
  const refusal = refusalFor(s);
  if (refusal) return { ...notice(tier, refusal, "refused"), planId };
  if (tier === "posttool") {
    setTurnMarker(opts.root, planId, session, opts.now);
    return { text: composePosttool(s), outcome: "injected", planId };
  }
  if (tier === "pretool") {
    const view = pretoolView(s);
    if (key !== null) rememberPretoolView(r.plan, key, s.planStamp ?? null, view);
    return { text: await framePretool(view), outcome: "injected", planId };
  }
  clearTurnMarker(opts.root, planId, session);
  const say = noticesFor(s.plan);
  const named = planLine(tier, planId, opts, say);
  if (tier === "session-start") {
    const body = await composeSessionStart(r.plan, r, opts.now, s, s.budget - named.length);
    return { text: named + body, outcome: "injected", planId };
  }
  const guard = regressionGuard(opts, s, say);
  const body = await composeUserprompt({ ...s, budget: s.budget - guard.length - named.length });
  return { text: guard + named + body, outcome: "injected", planId };
}

/**
 * What the pretool view depends on besides the plan's bytes (lib/inject/pretool_memo.ts);
 * null when `.attestation` cannot be read (the full path then says why).
 */
function pretoolKey(plan: PlanRef, mode: Mode, opts: FireOptions): PretoolKey | null {
  try {
    return {
      smart: opts.env("PWF_INJECT") === "smart" || mode.smart,
      budget: injectBudget(opts.env, opts.maxChars),
      attestation: readStoredAttestation(plan),
    };
  } catch {
    return null;
  }
}

/** No plan: session-start in a project with an empty `.planning/` gets the short guidance (in PWF_LANG). */
function noPlan(tier: Tier, opts: FireOptions): Fire {
  let planning = false;
  try {
    planning = tier === "session-start" && inspect(planningLoc(opts.root)).kind === "dir";
  } catch { /* a refused .planning is not a planning project */ }
  const text = planning ? sessionStartGuidance(opts.env("PWF_LANG")) : "";
  return { text, outcome: text ? "guidance" : "no-plan", planId: null };
}

/**
 * The session-start text of a gathered plan within `budget` characters (the
 * plan line aside): the plan view, then the catch-up summary sharing the budget.
 */
export async function composeSessionStart(
  plan: PlanRef,
  chosen: ChosenBy,
  now: Date,
  s: InjectionState,
  budget: number,
): Promise<string> {
  // The catch-up shows the bytes the frame shows (one read per fire): task_plan.md is not read
  // again, so an edit landing between the two can never reach the model unattested.
  const catchup = await sessionCatchup(plan, chosen, now, budget, {
    text: s.planText,
    parsed: s.plan,
    truncated: s.planCut,
    mtimeMs: s.planMtimeMs,
  });
  const body = await composeUserprompt({ ...s, budget: budget - catchup.length });
  // The plan view has a floor: at a small budget the catch-up gives way.
  return body + cutFramed(catchup, Math.max(0, budget - body.length));
}

/** The zero-access catch-up summary for session-start (at most a third of the budget). */
async function sessionCatchup(
  plan: PlanRef,
  chosen: ChosenBy,
  now: Date,
  budget: number,
  known?: ParsedPlanText,
): Promise<string> {
  const summary = catchupSummary(gatherCatchupInput(plan, chosen, now, known));
  const text = await renderCatchupSummary(summary, { dataOnlyLine: false, excerpts: false });
  return cutFramed(text, Math.floor(budget / 3));
}

/**
 * The tier to fire: the first prompt after a compaction the host could not
 * restore the plan in (a PostCompact marker) gets the session-start frame,
 * once; a session-start fire drops the marker (compact_markers.ts).
 */
function afterCompaction(tier: Tier, opts: FireOptions): Tier {
  if (tier !== "userprompt" && tier !== "session-start") return tier;
  const had = takeCompactMarker(opts.root, turnSession(opts));
  return had ? "session-start" : tier;
}

/** Record a compaction for this session's next prompt (the `postcompact` op). */
export function markCompaction(opts: FireOptions): void {
  setCompactMarker(opts.root, turnSession(opts), opts.now);
}

/** Whose turn a post-tool marker belongs to. */
function turnSession(opts: FireOptions): string {
  return opts.sessionId ?? opts.env("PWF_SESSION_ID") ?? "any";
}

/** A new user turn without injection (hosts whose prompt event has no context channel). */
export function startTurn(opts: FireOptions): void {
  const r = resolvePlan(opts.root, opts.env, scopeOf(opts, "userprompt"));
  if (r.kind === "plan") clearTurnMarker(opts.root, r.plan.id, turnSession(opts));
}

/** SPEC 5.5: compare checked items and complete phases with the previous fire. */
function regressionGuard(opts: FireOptions, s: InjectionState, say: Notices): string {
  if (opts.env("PWF_PLAN_GUARD") === "0" || s.mode.guardOff) return "";
  const name = cacheName("guard", s.id ?? "legacy");
  const now = { checked: s.plan.checkedItems, complete: countPhases(s.plan).complete };
  const before = readCache(opts.root, name);
  const text = `${now.checked} ${now.complete}\n`;
  if (before !== text) writeCache(opts.root, name, text);
  const line = regressionLine(s.display, before, now, say);
  return line ? `${line}\n` : "";
}

/**
 * Plan resolution (SPEC section 3, issue 17), the one function every command
 * and hook uses: PLAN_ID (binding, no fallback) -> this session's binding ->
 * .planning/.active_plan -> the only open plan -> legacy root task_plan.md
 * (read-only, only when .planning has no plan); two or more open plans and
 * nothing chosen: refused with the list (pwf never guesses). Candidates
 * failing containment are skipped. docs/storage.md "Resolution order".
 * @module
 */

import { plainExcerpt, quoteExcerpt } from "../core/text/excerpt.ts";
import { ContainmentError } from "../core/errors.ts";
import { isValidPlanId } from "../core/plan/id.ts";
import { ambiguityWhy } from "../core/session/binding.ts";
import { decodeText } from "../core/text/text.ts";
import {
  bindingListed,
  type BindingState,
  listBindings,
  readBinding,
  touchBinding,
  writeBinding,
} from "./bindings.ts";
import { inspect, legacyLoc, type Location, planningLoc } from "../fs/containment.ts";
import { pause, readFile } from "../fs/files.ts";
import type { PlanFileName } from "../fs/paths.ts";
import { planStates } from "../plan/catalog.ts";

/** A resolved plan: where its files live. */
export interface PlanRef {
  /** Plan id, or null for the legacy root plan. */
  readonly id: string | null;
  /** Whether this is the read-only legacy root plan. */
  readonly legacy: boolean;
  /** The plan directory (`.planning/<id>`), or the root for a legacy plan. */
  readonly dir: Location;
  /** Display path of the plan directory relative to the root. */
  readonly display: string;
}

/** How the plan was chosen. */
export type ResolutionSource =
  | "PLAN_ID"
  | "session"
  | "active_plan"
  | "only_open"
  | "only_plan"
  | "legacy";

/** Outcome of resolution. */
export type Resolution =
  | {
    readonly kind: "plan";
    readonly plan: PlanRef;
    readonly source: ResolutionSource;
    readonly why: string;
  }
  | { readonly kind: "none"; readonly why: string }
  | {
    readonly kind: "refused";
    readonly why: string;
    /** With two or more open plans and nothing chosen: the plans to choose from. */
    readonly choices?: readonly string[];
  };

/** The session a resolution is for (a hook's payload id, or one from the environment). */
export interface SessionScope {
  /** A validated session id (lib/hosts/payload.ts isValidSessionId). */
  readonly id: string;
  /** When set, bind an unbound session to what resolves (hooks do; commands only read). */
  readonly bind?: {
    /** Host name recorded in the binding. */
    readonly host: string;
    readonly now: Date;
    /** Re-stamp an existing binding now (SessionStart: startup, resume, clear, compact). */
    readonly refresh?: boolean;
    /** The host process (`claude:<pid>`), recorded in the binding. */
    readonly proc?: string | undefined;
    /** SessionStart after /clear: an unbound session takes over the plan of the last session of `proc`. */
    readonly afterClear?: boolean;
  };
}

/** A file of a resolved plan. */
export function planFile(plan: PlanRef, name: PlanFileName | string): Location {
  return plan.legacy
    ? legacyLoc(plan.dir.root, name)
    : planningLoc(plan.dir.root, plan.id ?? "", name);
}

/** A resolved plan reference for a plan id. */
export function planRef(root: string, id: string): PlanRef {
  return { id, legacy: false, dir: planningLoc(root, id), display: `.planning/${id}` };
}

/** Whether plan `id` has a task_plan.md: true, false, or the containment refusal. */
function planFileState(root: string, id: string): boolean | string {
  try {
    return inspect(planningLoc(root, id, "task_plan.md")).kind === "file";
  } catch (err) {
    if (err instanceof ContainmentError) return err.message;
    throw err;
  }
}

function readPointer(root: string): string | null {
  try {
    const got = readFile(planningLoc(root, ".active_plan"), 4096);
    return got.kind === "file" ? decodeText(got.bytes).trim() : null;
  } catch (err) {
    if (err instanceof ContainmentError) return null;
    throw err;
  }
}

function pinProblem(root: string, pin: string | undefined): string | null {
  if (pin === undefined || pin === "") return null;
  const trim = (p: string) => p.replace(/[\\/]+$/, "") || p;
  if (pin === "." || pin === "./" || trim(pin) === trim(root)) return null;
  return `PWF_PLAN_ROOT=${
    quoteExcerpt(pin, 60)
  } is not the directory pwf started in; the sandbox cannot reach it (run pwf from that directory instead)`;
}

/**
 * Resolve the plan for a project root. `env` gives PLAN_ID and PWF_PLAN_ROOT;
 * `session` is the session the answer is for. Never throws for a bad
 * candidate; a symlinked `.planning` is refused.
 */
export function resolvePlan(
  root: string,
  env: (name: string) => string | undefined,
  session?: SessionScope,
): Resolution {
  const pinned = pinProblem(root, env("PWF_PLAN_ROOT"));
  if (pinned) return { kind: "refused", why: pinned };
  try {
    if (inspect(planningLoc(root)).kind === "file") {
      return {
        kind: "refused",
        why: '.planning is a regular file, not a directory (move it away, then run "pwf init")',
      };
    }
  } catch (err) {
    if (err instanceof ContainmentError) return { kind: "refused", why: err.message };
    throw err;
  }
  const bound = session ? sessionBinding(root, session.id) : { kind: "none" } as const;
  const pinnedId = env("PLAN_ID");
  if (pinnedId !== undefined && pinnedId !== "") {
    return bindIfNew(root, session, bound, byPlanId(root, pinnedId));
  }
  const notes: string[] = [];
  if (bound.kind === "bound") {
    const id = bound.binding.plan;
    const state = boundPlanState(root, id);
    if (state === true) {
      if (session?.bind) touchBinding(root, bound, session.bind.now, session.bind.refresh === true);
      return bySession(root, id, session?.id);
    }
    notes.push(
      typeof state === "string"
        ? `this session's plan "${id}" is refused: ${state}`
        : `this session's plan "${id}" is gone (archived or removed)`,
    );
  } else if (bound.kind === "bad" || bound.kind === "unreadable") {
    notes.push(`session binding ignored: ${bound.why}`);
  }
  const inherited = bound.kind === "none" || bound.kind === "bad"
    ? afterClear(root, session, bound)
    : null;
  if (inherited) return inherited;
  const r = unboundResolution(root);
  const noted = notes.length && r.kind !== "none"
    ? { ...r, why: `${r.why}; ${notes.join("; ")}` }
    : r;
  // A binding whose plan is gone is dropped: the session is bound afresh.
  return bindIfNew(root, session, bound.kind === "bound" ? { kind: "bad", why: "" } : bound, noted);
}

/** The resolution of a session bound to plan `id` (whose task_plan.md is there). */
function bySession(root: string, id: string, session: string | undefined): Resolution {
  return {
    kind: "plan",
    plan: planRef(root, id),
    source: "session",
    why: `this session's plan (session ${session} is bound to it)`,
  };
}

/**
 * Waits (ms) before each look again at a session's binding, or at its
 * plan, that the last look could not confirm. On Windows a lookup or open
 * can fail for a moment while another process holds or renames files, and
 * acting on that one answer would switch the session to another plan and
 * bind it there for good. Bounded (about 0.1 s), paid only when a look failed.
 */
export const RELOOK_MS: readonly number[] = [1, 2, 5, 10, 20, 40];

/** `read()`, and again after each RELOOK_MS wait while `again` holds for what it gave. */
function steady<T>(read: () => T, again: (got: T) => boolean): T {
  let got = read();
  for (const wait of RELOOK_MS) {
    if (!again(got)) return got;
    pause(wait);
    got = read();
  }
  return got;
}

/**
 * A session's binding, looked at again while it cannot be read, or reads as
 * missing although the bindings directory lists it. Still so after the last
 * look: "unreadable", which is never replaced (bindIfNew); a session that was
 * never bound costs one listing of that directory.
 */
function sessionBinding(root: string, id: string): BindingState {
  // The listing answer for the read steady last looked at: steady returns that read
  // when it stops early, so the directory is listed again only for a read never looked at.
  let looked: BindingState | null = null;
  let listed = false;
  const got = steady(() => readBinding(root, id), (b) => {
    looked = b;
    listed = b.kind === "none" && bindingListed(root, id);
    return b.kind === "unreadable" || listed;
  });
  const stillListed = got === looked ? listed : got.kind === "none" && bindingListed(root, id);
  return stillListed
    ? {
      kind: "unreadable",
      why: `.planning/.cache/bindings lists this session's binding, but it reads as missing`,
    }
    : got;
}

/** Whether a bound session's plan is there, looked at again while it seems gone. */
function boundPlanState(root: string, id: string): boolean | string {
  return steady(() => planFileState(root, id), (s) => s === false);
}

/** After /clear in the same host process: the plan of the last session bound there, bound to this one. */
function afterClear(
  root: string,
  session: SessionScope | undefined,
  bound: BindingState,
): Resolution | null {
  const proc = session?.bind?.proc;
  if (!session?.bind?.afterClear || proc === undefined) return null;
  const before = listBindings(root).bindings
    .filter((b) => b.proc === proc && b.session !== session.id)
    .sort((a, b) => (a.seen < b.seen ? 1 : a.seen > b.seen ? -1 : 0))[0];
  if (!before || planFileState(root, before.plan) !== true) return null;
  const r: Resolution = {
    kind: "plan",
    plan: planRef(root, before.plan),
    source: "session",
    why: `this session's plan, kept across /clear (session ${before.session} of this ${
      proc.split(":")[0]
    } process was bound to it)`,
  };
  return bindIfNew(root, session, bound, r);
}

/** Resolution for a session with no (usable) binding: .active_plan, the only open plan, legacy. */
function unboundResolution(root: string): Resolution {
  const pointer = readPointer(root);
  const refusals: string[] = [];
  const pointed = pointer !== null && isValidPlanId(pointer) ? planFileState(root, pointer) : false;
  if (typeof pointed === "string") refusals.push(pointed);
  if (pointer !== null && pointed === true) {
    return {
      kind: "plan",
      plan: planRef(root, pointer),
      source: "active_plan",
      why: "named by .planning/.active_plan",
    };
  }
  const skipped = pointer === null || pointer === ""
    ? ""
    : ` (.active_plan ${quoteExcerpt(pointer, 60)} is invalid or has no task_plan.md)`;
  let plans: ReturnType<typeof planStates>;
  try {
    plans = planStates(root, refusals);
  } catch (err) {
    // .planning itself cannot be listed (too many entries): a refusal, never a throw.
    if (err instanceof ContainmentError) return { kind: "refused", why: err.message };
    throw err;
  }
  const open = plans.filter((p) => !p.finished).map((p) => p.id);
  const only = open.length === 1 ? open[0] : plans.length === 1 ? plans[0]?.id : undefined;
  if (only !== undefined) {
    const openOne = open.length === 1;
    const others = plans.length - 1;
    return {
      kind: "plan",
      plan: planRef(root, only),
      source: openOne ? "only_open" : "only_plan",
      why: (openOne
        ? `the only open plan in .planning${
          others ? ` (${others} other${others > 1 ? "s" : ""} finished)` : ""
        }`
        : "the only plan in .planning (finished)") + skipped,
    };
  }
  if (plans.length >= 2) {
    const choices = open.length >= 2 ? open : plans.map((p) => p.id);
    return {
      kind: "refused",
      why: ambiguityWhy(choices, open.length >= 2 ? "open" : "finished") + skipped,
      choices,
    };
  }
  const legacy = legacyPlan(root);
  // Candidates failing containment were skipped; with nothing else to use, say why.
  return legacy.kind === "none" && refusals[0] !== undefined
    ? { kind: "refused", why: `no usable plan: ${refusals[0]}` }
    : legacy;
}

/**
 * Bind an unbound session, or one whose binding is no usable binding
 * ("bad"), to the plan that resolved; best effort. An unreadable binding is
 * never replaced, and an unbound session's binding is only created, never
 * written over: one that appeared meanwhile (or that a failed lookup
 * missed) is read and, when its plan is there, wins.
 */
function bindIfNew(
  root: string,
  session: SessionScope | undefined,
  bound: BindingState,
  r: Resolution,
): Resolution {
  if (!session?.bind || r.kind !== "plan" || r.plan.id === null) return r;
  if (bound.kind !== "none" && bound.kind !== "bad") return r;
  let made = true;
  try {
    made = writeBinding(
      root,
      {
        session: session.id,
        plan: r.plan.id,
        host: session.bind.host,
        ...(session.bind.proc === undefined ? {} : { proc: session.bind.proc }),
      },
      session.bind.now,
      { createOnly: bound.kind === "none" },
    );
  } catch { /* a session that cannot be bound resolves afresh next time */ }
  if (made) return r;
  const there = sessionBinding(root, session.id);
  if (there.kind !== "bound" || boundPlanState(root, there.binding.plan) !== true) return r;
  return bySession(root, there.binding.plan, session.id);
}

function byPlanId(root: string, id: string): Resolution {
  if (!isValidPlanId(id)) {
    return {
      kind: "refused",
      why: `PLAN_ID=${
        quoteExcerpt(id, 60)
      } is not a valid plan id (letters, digits, ".", "_", "-"; no leading "." or "-")`,
    };
  }
  const state = planFileState(root, id);
  if (typeof state === "string") {
    return { kind: "refused", why: `PLAN_ID=${quoteExcerpt(id, 60)}: ${state}` };
  }
  if (!state) {
    return {
      kind: "refused",
      why: `PLAN_ID=${quoteExcerpt(id, 60)} names no plan: .planning/${
        plainExcerpt(id, 60)
      }/task_plan.md is missing (see "pwf use --list")`,
    };
  }
  return { kind: "plan", plan: planRef(root, id), source: "PLAN_ID", why: "named by PLAN_ID" };
}

function legacyPlan(root: string): Resolution {
  try {
    if (inspect(legacyLoc(root, "task_plan.md")).kind === "file") {
      const plan: PlanRef = { id: null, legacy: true, dir: { root, segments: [] }, display: "." };
      return {
        kind: "plan",
        plan,
        source: "legacy",
        why: "legacy task_plan.md in the project root (read-only)",
      };
    }
  } catch (err) {
    if (!(err instanceof ContainmentError)) throw err;
    return { kind: "refused", why: err.message };
  }
  return {
    kind: "none",
    why: 'no plan: .planning has no plan and there is no task_plan.md (start one with "pwf init")',
  };
}

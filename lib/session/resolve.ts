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
import { ambiguityWhy, type Binding } from "../core/session/binding.ts";
import { decodeText } from "../core/text/text.ts";
import { trimTrailing } from "../core/text/trim.ts";
import { type BindingState, listBindings, touchBinding, writeBinding } from "./bindings.ts";
import { inspect, legacyLoc, planningLoc, sandboxAllows } from "../fs/containment.ts";
import { readFile } from "../fs/read.ts";
import { isArchived, planStates } from "../plan/catalog.ts";
import {
  planFileState,
  type PlanRef,
  planRef,
  type Resolution,
  type SessionScope,
} from "./plan_ref.ts";
import { boundPlanState, sessionBinding } from "./relook.ts";

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
  const trim = (p: string) => trimTrailing(p, "\\/") || p;
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
  pinnedBy: PinSource = "PLAN_ID",
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
    return bindIfNew(root, session, bound, byPlanId(root, pinnedId, pinnedBy));
  }
  const notes: string[] = [];
  if (bound.kind === "bound") {
    const id = bound.binding.plan;
    const state = boundPlanState(root, id);
    if (state === true) {
      if (session?.bind) {
        const back = bound.binding.archivedTold === true; // unarchived: the flag goes
        touchBinding(root, bound, session.bind.now, session.bind.refresh === true || back);
      }
      return bySession(root, id, session?.id);
    }
    if (state === false && isArchived(root, id)) return archivedResolution(id, bound.binding);
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

/**
 * A session whose own plan was archived keeps its binding (so "pwf unarchive"
 * brings it back): told once, then no plan; never moved to another plan.
 */
function archivedResolution(id: string, binding: Binding): Resolution {
  const how =
    `choose a plan with "pwf use <id>" (see "pwf use --list"), or bring it back with "pwf unarchive ${id}"`;
  if (binding.archivedTold) {
    return { kind: "none", why: `this session's plan "${id}" is archived: ${how}` };
  }
  return {
    kind: "refused",
    why: `this session's plan "${id}" was archived (.planning/.archive/${id}): ${how}`,
    archived: id,
  };
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

/** Where a pinned plan id came from: the environment variable or the `--plan` flag. */
export type PinSource = "PLAN_ID" | "--plan";

function byPlanId(root: string, id: string, by: PinSource): Resolution {
  const pin = by === "PLAN_ID"
    ? `PLAN_ID=${quoteExcerpt(id, 60)}`
    : `--plan ${quoteExcerpt(id, 60)}`;
  if (!isValidPlanId(id)) {
    return {
      kind: "refused",
      why: `${pin} is not a valid plan id (letters, digits, ".", "_", "-"; no leading "." or "-")`,
    };
  }
  const state = planFileState(root, id);
  if (typeof state === "string") {
    return { kind: "refused", why: `${pin}: ${plainExcerpt(state, 300)}` };
  }
  if (!state) {
    return {
      kind: "refused",
      why: `${pin} names no plan: .planning/${
        plainExcerpt(id, 60)
      }/task_plan.md is missing (see "pwf use --list")`,
    };
  }
  return { kind: "plan", plan: planRef(root, id), source: "PLAN_ID", why: `named by ${by}` };
}

function legacyPlan(root: string): Resolution {
  try {
    const loc = legacyLoc(root, "task_plan.md");
    if (sandboxAllows(loc) && inspect(loc).kind === "file") {
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

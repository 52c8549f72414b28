/**
 * Session bindings and the never-guess rule (issue 17), the pure part: the
 * binding record, its file name, the bound on their number, which plans
 * count as open, and the refusal text when a guess would be needed.
 * @module
 */

import { isValidPlanId } from "../plan/id.ts";
import type { PhaseCounts } from "../plan/parse.ts";

/** Most binding files kept in `.planning/.cache/bindings/` (least recently used go first). */
export const MAX_BINDINGS = 64;

/** A binding not used for this long is dropped when bindings are pruned. */
export const BINDING_EXPIRY_MS = 30 * 24 * 60 * 60 * 1000;

/** A binding in use is re-stamped at most this often (start, resume, /clear, compaction always). */
export const BINDING_REFRESH_MS = 24 * 60 * 60 * 1000;

/** Largest binding file pwf reads; a longer one is corrupt. */
export const BINDING_CAP = 1024;

/** Open plans named in a list at most (the rest are counted). */
export const LIST_MAX = 8;

/** Characters of plan ids in one list at most, so a refusal fits a 400-character notice whole. */
export const LIST_CHARS = 140;

/** One session's binding. */
export interface Binding {
  /** The session id (as the host sent it). */
  readonly session: string;
  /** The bound plan id. */
  readonly plan: string;
  /** Host name that made it (`pwf hook <host>`), or "cli" for `pwf use`. */
  readonly host: string;
  /** When it was made or last re-stamped (ISO). */
  readonly seen: string;
  /**
   * The host process the session runs in (`claude:<CLAUDE_PID>`), when known:
   * Claude Code gives a session a new id on /clear, and the new one takes over
   * the plan of the last session bound in the same process.
   */
  readonly proc?: string;
  /** Set once the session was told its plan was archived (issue 24): told once, never moved. */
  readonly archivedTold?: true;
}

/** A host-process token as stored in a binding. */
export const PROC_RE = /^[a-z0-9-]{1,32}:[0-9]{1,10}$/;

/**
 * File name for a session id: `<16 hex>.json`, FNV-1a 64 of the id. The id
 * itself never becomes a path (it is host input); the record inside names
 * the session, so a collision reads as "not bound", never as another
 * session's plan.
 * @example
 * ```ts
 * import { bindingFileName } from "./binding.ts";
 * if (!/^[0-9a-f]{16}\.json$/.test(bindingFileName("../x"))) throw new Error();
 * if (bindingFileName("a") === bindingFileName("A")) throw new Error();
 * ```
 */
export function bindingFileName(sessionId: string): string {
  return `${fnv1a64(sessionId)}.json`;
}

/**
 * FNV-1a 64 of a string's UTF-8 bytes, as 16 hex digits: how per-session
 * state files are named, so host input never becomes a path.
 * @example
 * ```ts
 * import { fnv1a64 } from "./binding.ts";
 * if (fnv1a64("") !== "cbf29ce484222325") throw new Error();
 * if (fnv1a64("a") !== "af63dc4c8601ec8c") throw new Error();
 * ```
 */
export function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, "0");
}

/** The text of a binding file (one JSON line). */
export function renderBinding(b: Binding): string {
  const proc = b.proc !== undefined && PROC_RE.test(b.proc) ? { proc: b.proc } : {};
  return JSON.stringify({
    v: 1,
    session: b.session,
    plan: b.plan,
    host: b.host,
    seen: b.seen,
    ...proc,
    ...(b.archivedTold ? { archivedTold: true } : {}),
  }) +
    "\n";
}

/**
 * Parse a binding file for `sessionId`; a string saying what is wrong when
 * it is not a well-formed binding of that session.
 * @example
 * ```ts
 * import { parseBinding, renderBinding } from "./binding.ts";
 * const b = { session: "s1", plan: "p", host: "claude", seen: "2026-01-01T00:00:00.000Z" };
 * if (typeof parseBinding(renderBinding(b), "s1") === "string") throw new Error();
 * if (typeof parseBinding('{"v":1,"session":"s1","plan":"../x"}', "s1") !== "string") throw new Error();
 * ```
 */
export function parseBinding(text: string, sessionId: string): Binding | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "not JSON";
  }
  return bindingFrom(v, sessionId);
}

/**
 * parseBinding for a binding file's JSON value, already parsed.
 * @example
 * ```ts
 * import { bindingFrom } from "./binding.ts";
 * if (typeof bindingFrom({ v: 1, session: "s1", plan: "p" }, "s1") === "string") throw new Error();
 * if (bindingFrom([], "s1") !== "not a JSON object") throw new Error();
 * ```
 */
export function bindingFrom(v: unknown, sessionId: string): Binding | string {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return "not a JSON object";
  const r = v as Record<string, unknown>;
  if (r.v !== 1) return "unknown version";
  if (r.session !== sessionId) return "names another session";
  if (typeof r.plan !== "string" || !isValidPlanId(r.plan)) return "no valid plan id";
  const host = typeof r.host === "string" && /^[a-z0-9-]{1,32}$/.test(r.host) ? r.host : "?";
  const seen = typeof r.seen === "string" && !Number.isNaN(Date.parse(r.seen)) ? r.seen : "";
  const proc = typeof r.proc === "string" && PROC_RE.test(r.proc) ? { proc: r.proc } : {};
  const told = r.archivedTold === true ? { archivedTold: true as const } : {};
  return { session: sessionId, plan: r.plan, host, seen, ...proc, ...told };
}

/** A plan whose phases are all complete is finished; no phases at all is not (yet) finished. */
export function isFinished(counts: Pick<PhaseCounts, "total" | "complete">): boolean {
  return counts.total > 0 && counts.complete === counts.total;
}

/**
 * Plan ids for a message: at most LIST_MAX ids and LIST_CHARS characters,
 * ids over 40 characters cut, the rest counted ("and N more").
 * @example
 * ```ts
 * import { listIds } from "./binding.ts";
 * if (listIds(["a", "b"]) !== "a, b") throw new Error();
 * const many = listIds(Array.from({ length: 20 }, (_, i) => `plan-${i}-${"x".repeat(50)}`));
 * if (!many.endsWith(" more") || many.length > 160) throw new Error(many);
 * ```
 */
export function listIds(ids: readonly string[]): string {
  const shown: string[] = [];
  let chars = 0;
  for (const id of ids.slice(0, LIST_MAX)) {
    const cut = id.length > 40 ? `${id.slice(0, 37)}...` : id;
    if (shown.length > 0 && chars + cut.length + 2 > LIST_CHARS) break;
    shown.push(cut);
    chars += cut.length + 2;
  }
  const rest = ids.length - shown.length;
  return shown.join(", ") + (rest > 0 ? ` and ${rest} more` : "");
}

/**
 * The refusal when two or more plans are open and nothing chose one (one
 * line; commands print it and exit 5, hooks inject it on prompt events).
 * @example
 * ```ts
 * import { ambiguityWhy } from "./binding.ts";
 * const why = ambiguityWhy(["a", "b"], "open");
 * if (!why.includes("a, b") || !why.includes("--plan <id>")) throw new Error(why);
 * ```
 */
export function ambiguityWhy(ids: readonly string[], kind: "open" | "finished"): string {
  const what = kind === "open" ? `${ids.length} plans are open` : `${ids.length} finished plans`;
  return `${what} and none is chosen, so pwf does not guess: pass --plan <id>, run "pwf use <id>" ` +
    `(this session, else .active_plan) or retire finished ones with "pwf archive <id>". ` +
    `${kind === "open" ? "Open" : "Plans"}: ${listIds(ids)}`;
}

/**
 * How many sessions are bound to each plan, in the bindings' order (plans
 * with none are absent).
 * @example
 * ```ts
 * import { sessionCounts } from "./binding.ts";
 * const n = sessionCounts([{ plan: "b" }, { plan: "a" }, { plan: "b" }]);
 * if (n.get("b") !== 2 || n.get("a") !== 1 || n.has("c")) throw new Error();
 * ```
 */
export function sessionCounts(bindings: readonly Pick<Binding, "plan">[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of bindings) counts.set(b.plan, (counts.get(b.plan) ?? 0) + 1);
  return counts;
}

/** Which plans exist and how many sessions are bound to each (status, doctor). */
export interface PlanOverview {
  readonly open: readonly string[];
  readonly finished: readonly string[];
  readonly archived: readonly string[];
  /** Sessions bound per plan id, sorted by plan id. */
  readonly sessions: readonly { readonly plan: string; readonly count: number }[];
  /** Binding files that are not usable (corrupt, misplaced, refused). */
  readonly badBindings: number;
}

/**
 * One line: open, finished and archived plans, and session counts.
 * @example
 * ```ts
 * import { overviewLine } from "./binding.ts";
 * const o = { open: ["a", "b"], finished: [], archived: ["c"], sessions: [{ plan: "a", count: 2 }], badBindings: 0 };
 * if (overviewLine(o) !== "2 open (a, b), 0 finished, 1 archived; sessions bound: a 2") throw new Error(overviewLine(o));
 * ```
 */
export function overviewLine(o: PlanOverview): string {
  const open = o.open.length ? ` (${listIds(o.open)})` : "";
  const bound = o.sessions.length
    ? o.sessions.map((s) => `${s.plan} ${s.count}`).join(", ")
    : "none";
  return `${o.open.length} open${open}, ${o.finished.length} finished, ${o.archived.length} archived; sessions bound: ${bound}`;
}

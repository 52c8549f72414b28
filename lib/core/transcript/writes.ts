/**
 * Finding the last write to a planning file in a transcript: Claude's
 * Write/Edit/MultiEdit of task_plan.md, progress.md or findings.md (unless
 * its result says it failed), Codex's apply_patch touching one (when its
 * output or `patch_apply_end` says it succeeded). Also the path comparisons
 * the project filter uses.
 * @module
 */

import type { TranscriptEvent } from "./event.ts";
import { trimTrailing } from "../text/trim.ts";

/** The planning files whose writes mark the point catch-up replays from. */
export const PLANNING_FILE_NAMES = ["task_plan.md", "progress.md", "findings.md"] as const;

/** Where the last planning-file write happened. */
export interface PlanningWrite {
  /** 1-based line of the record holding the write (the call, or the patch event). */
  readonly line: number;
  /** The tool that wrote (Write, Edit, MultiEdit, apply_patch). */
  readonly tool: string;
  /** Which planning file (task_plan.md, progress.md or findings.md). */
  readonly file: string;
  /** The path as written in the transcript, relative to the root when inside it. */
  readonly path: string;
}

function normalise(path: string): string {
  const p = trimTrailing(path.replace(/\\/g, "/"), "/");
  return /^[A-Za-z]:\//.test(p) ? p.toLowerCase() : p;
}

/**
 * Whether `path` is `root` or below it (separators and a Windows drive's case ignored).
 * @example
 * ```ts
 * import { sameOrInside } from "./writes.ts";
 * if (!sameOrInside("/p/src", "/p") || sameOrInside("/p2", "/p")) throw new Error();
 * if (!sameOrInside("C:\\Work\\App", "c:/work/app/")) throw new Error();
 * ```
 */
export function sameOrInside(path: string, root: string): boolean {
  const p = normalise(path);
  const r = normalise(root);
  return p === r || p.startsWith(r === "" ? "/" : `${r}/`);
}

/**
 * The path relative to `root` when it is inside it, else as given.
 * @example
 * ```ts
 * import { relativeToRoot } from "./writes.ts";
 * if (relativeToRoot("/p/.planning/x/progress.md", "/p") !== ".planning/x/progress.md") throw new Error();
 * ```
 */
export function relativeToRoot(path: string, root: string): string {
  const p = path.replace(/\\/g, "/");
  if (!sameOrInside(p, root) || normalise(p) === normalise(root)) return path;
  return p.slice(normalise(root).length + 1);
}

/**
 * Which planning file a path names (by its last segment), if any. An
 * absolute path outside the root is some other project's file.
 * @example
 * ```ts
 * import { planningFileOf } from "./writes.ts";
 * if (planningFileOf(".planning/2025-01-01-x/progress.md", "/p") !== "progress.md") throw new Error();
 * if (planningFileOf("/elsewhere/task_plan.md", "/p") !== null) throw new Error();
 * if (planningFileOf("my_task_plan.md", "/p") !== null) throw new Error();
 * ```
 */
export function planningFileOf(path: string, root: string): string | null {
  const p = path.replace(/\\/g, "/");
  const absolute = p.startsWith("/") || /^[A-Za-z]:\//.test(p);
  if (absolute && !sameOrInside(p, root)) return null;
  const name = p.slice(p.lastIndexOf("/") + 1);
  return (PLANNING_FILE_NAMES as readonly string[]).includes(name) ? name : null;
}

interface Located {
  readonly line: number;
  readonly events: readonly TranscriptEvent[];
}

/**
 * The last successful write to a planning file among the records, or null.
 * @example
 * ```ts
 * import { lastPlanningWrite } from "./writes.ts";
 * const w = lastPlanningWrite([{ line: 3, events: [{ kind: "tool", id: "t1", name: "Edit", detail: "", writes: ["/p/progress.md"] }] }], "/p");
 * if (w?.line !== 3 || w.file !== "progress.md") throw new Error();
 * ```
 */
export function lastPlanningWrite(records: readonly Located[], root: string): PlanningWrite | null {
  const results = new Map<string, boolean | null>();
  const patched = new Set<string>();
  for (const r of records) {
    for (const e of r.events) {
      if (e.kind === "result") results.set(e.id, e.ok);
      if (e.kind === "patch" && e.ok && e.id) patched.add(e.id);
    }
  }
  let last: PlanningWrite | null = null;
  for (const r of records) {
    for (const e of r.events) {
      const hit = writeOf(e, results, patched);
      if (!hit) continue;
      const found = pickPlanningFile(hit.files, root);
      if (found) {
        last = { line: r.line, tool: hit.tool, ...found, path: relativeToRoot(found.path, root) };
      }
    }
  }
  return last;
}

function writeOf(
  e: TranscriptEvent,
  results: ReadonlyMap<string, boolean | null>,
  patched: ReadonlySet<string>,
): { tool: string; files: readonly string[] } | null {
  if (e.kind === "patch") return e.ok ? { tool: "apply_patch", files: e.files } : null;
  if (e.kind !== "tool" || e.writes.length === 0) return null;
  const outcome = e.id === null ? undefined : results.get(e.id);
  if (e.name === "apply_patch") {
    // Codex: only a patch known to have applied counts.
    const ok = outcome === true || (e.id !== null && patched.has(e.id));
    return ok ? { tool: e.name, files: e.writes } : null;
  }
  // Claude: a Write/Edit counts unless its result says it failed.
  return outcome === false ? null : { tool: e.name, files: e.writes };
}

/** task_plan.md beats progress.md beats findings.md when one patch touches several. */
function pickPlanningFile(files: readonly string[], root: string) {
  let best: { file: string; path: string } | null = null;
  for (const path of files) {
    const file = planningFileOf(path, root);
    if (!file) continue;
    const rank = (f: string) =>
      PLANNING_FILE_NAMES.indexOf(f as typeof PLANNING_FILE_NAMES[number]);
    if (!best || rank(file) < rank(best.file)) best = { file, path };
  }
  return best;
}

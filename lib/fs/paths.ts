/**
 * Path spelling for the store: every path pwf touches is the project root
 * plus validated segments, joined with "/" (Deno accepts it on Windows too).
 * @module
 */

import { ContainmentError } from "../core/errors.ts";
import { once } from "../core/text/once.ts";
import { isAscii } from "../core/text/text.ts";

/** Name of the planning directory under the project root. */
export const PLANNING_DIR = ".planning";

/** The three plan files. */
export const PLAN_FILES = ["task_plan.md", "findings.md", "progress.md"] as const;

/** One of the three plan files. */
export type PlanFileName = typeof PLAN_FILES[number];

/**
 * A plain name: letters, combining marks and digits of any script (plan ids
 * keep their words, docs/languages.md), `.`, `_`, `-`; no separator, no
 * space, no control or format character.
 */
const segmentRegexp = once(() => /^[\p{L}\p{M}\p{N}._-]+$/u);
/** The same for an ASCII name (every one a hook fire meets, usually): it answers alike there. */
const ASCII_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Refuse a path segment that could climb or name another directory. */
export function checkSegment(segment: string): void {
  const plain = ASCII_SEGMENT.test(segment) ||
    (!isAscii(segment) && segmentRegexp().test(segment));
  if (!plain || segment === "." || segment === "..") {
    throw new ContainmentError(
      `refused path segment "${segment}": only plain file names are allowed`,
    );
  }
}

/** Join the root and segments with "/", validating each segment. */
export function joinPath(root: string, ...segments: string[]): string {
  segments.forEach(checkSegment);
  const base = root.endsWith("/") || root.endsWith("\\") ? root.slice(0, -1) : root;
  return [base, ...segments].join("/");
}

/** The display form of segments below the root: `.planning/x/task_plan.md`. */
export function displayPath(...segments: string[]): string {
  return segments.join("/");
}

/**
 * MCP resources: the active plan's three files, each returned framed as the
 * hooks frame data from disk (the DATA ONLY line, then one BEGIN/END frame).
 * @module
 */

import { DATA_ONLY_LINE, frame, type FrameKind } from "../inject/framing.ts";
import type { NoteFile } from "../plan/notes.ts";

/** One resource as `resources/list` shows it. */
export interface ResourceDef {
  readonly uri: string;
  readonly name: string;
  readonly description: string;
  readonly mimeType: "text/markdown";
  /** The plan file it reads. */
  readonly file: "task_plan.md" | NoteFile;
  readonly kind: FrameKind;
}

/** The most bytes of a file a resource returns (the frame says `truncated=true` past it). */
export const RESOURCE_CAP = 256 * 1024;

/** The three resources. */
export const RESOURCES: readonly ResourceDef[] = [
  {
    uri: "pwf://plan/task_plan.md",
    name: "task_plan.md",
    description: "The active plan: goal, phases and their status.",
    mimeType: "text/markdown",
    file: "task_plan.md",
    kind: "plan",
  },
  {
    uri: "pwf://plan/findings.md",
    name: "findings.md",
    description: "The active plan's findings and decisions.",
    mimeType: "text/markdown",
    file: "findings.md",
    kind: "findings",
  },
  {
    uri: "pwf://plan/progress.md",
    name: "progress.md",
    description: "The active plan's progress log.",
    mimeType: "text/markdown",
    file: "progress.md",
    kind: "progress",
  },
];

/**
 * The text of a resource: the DATA ONLY line, then the framed file.
 * @example
 * ```ts
 * import { framedFile } from "./resources.ts";
 * const t = await framedFile("plan", "# Plan", false);
 * if (!t.startsWith("[planning-with-files] DATA ONLY.") || !t.includes("===BEGIN-PWF-DATA kind=plan ")) throw new Error(t);
 * ```
 */
export async function framedFile(
  kind: FrameKind,
  text: string,
  truncated: boolean,
): Promise<string> {
  return `${DATA_ONLY_LINE}\n${await frame(kind, text, truncated)}`;
}

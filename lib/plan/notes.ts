/**
 * Appending a note to a plan's findings.md or progress.md: under the plan
 * lock, as a whole-file atomic write that commits only over the bytes it
 * read (an editor may hold the file too), in the file's own encoding.
 * @module
 */

import { NoPlanError, PwfError } from "../core/errors.ts";
import { appendEntry, noteEntry, type NoteFile } from "../core/plan/notes.ts";
import { decodeText, encodeAs, equalBytes, textEncoding } from "../core/text/text.ts";
import { withLock } from "../fs/lock.ts";
import { readFile } from "../fs/read.ts";
import { writeFile } from "../fs/write.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";
import { requirePlanningPlan } from "./tree.ts";

/** Tries before giving up on a file another writer keeps changing. */
const ATTEMPTS = 3;

/** Append a note; returns the entry written. */
export async function appendNote(
  plan: PlanRef,
  file: NoteFile,
  text: string,
  now: Date,
): Promise<string> {
  requirePlanningPlan(plan, "edit");
  const entry = noteEntry(file, text, now);
  if (entry.trim() === "-") {
    throw new PwfError(`nothing to add to ${plan.display}/${file}: the text is empty`);
  }
  return await withLock(plan.dir, () => {
    for (let i = 0; i < ATTEMPTS; i++) {
      if (appendOnce(plan, file, entry)) return entry;
    }
    throw new PwfError(
      `refused: ${plan.display}/${file} kept changing while pwf edited it (${ATTEMPTS} tries); nothing was written: save it in your editor, then try again`,
    );
  });
}

function appendOnce(plan: PlanRef, file: NoteFile, entry: string): boolean {
  const loc = planFile(plan, file);
  const got = readFile(loc);
  if (got.kind === "missing") {
    throw new NoPlanError(
      `no ${file}: ${plan.display}/${file} is missing (create it, or run "pwf init" for a new plan)`,
    );
  }
  if (got.truncated) {
    throw new PwfError(
      `refused to edit ${plan.display}/${file}: it is larger than pwf reads (4 MiB); trim it first`,
    );
  }
  const encoding = textEncoding(got.bytes);
  const bytes = encodeAs(appendEntry(decodeText(got.bytes), entry), encoding);
  return writeFile(loc, bytes, {
    stillCurrent: () => {
      const now = readFile(loc);
      return now.kind === "file" && equalBytes(now.bytes, got.bytes);
    },
  });
}

/**
 * Session bindings on disk: `.planning/.cache/bindings/<16 hex>.json`, one
 * small file per session (so concurrent sessions never write the same file),
 * at most MAX_BINDINGS of them (a bounded directory, cache.ts: the least
 * recently used and the expired go when a new one is made; every fire of a
 * session marks its file used, touchBinding). Every file goes
 * through containment; a binding file that fails it or does not parse is
 * ignored like any other bad state file (docs/storage.md "Sessions").
 * @module
 */

import { PwfError } from "../core/errors.ts";
import {
  type Binding,
  BINDING_CAP,
  BINDING_EXPIRY_MS,
  BINDING_REFRESH_MS,
  bindingFileName,
  bindingFrom,
  MAX_BINDINGS,
  parseBinding,
  renderBinding,
} from "../core/session/binding.ts";
import { decodeText } from "../core/text/text.ts";
import { type Location, planningLoc, showLoc } from "../fs/containment.ts";
import { listDir } from "../fs/dirs.ts";
import { readFile } from "../fs/read.ts";
import { touchFile, writeFile } from "../fs/write.ts";
import { type BoundedDir, boundedLoc, makeRoom } from "../fs/cache.ts";
import { isoTimestamp } from "../core/text/timestamp.ts";

const DIR = [".cache", "bindings"] as const;
const FILE_RE = /^[0-9a-f]{16}\.json$/;

/** When the directory is full, a new binding prunes it down to this many (itself included). */
export const PRUNE_TO = 48;

/** The bindings directory's bounds. */
const BINDINGS: BoundedDir = {
  dir: DIR,
  files: FILE_RE,
  max: MAX_BINDINGS,
  pruneTo: PRUNE_TO,
  expiryMs: BINDING_EXPIRY_MS,
};

/** The bindings directory. */
function bindingsDir(root: string): Location {
  return planningLoc(root, ...DIR);
}

/** The binding file of a session. */
export function bindingLoc(root: string, sessionId: string): Location {
  return boundedLoc(root, BINDINGS, bindingFileName(sessionId));
}

/**
 * What is on disk for one session: no binding, a binding, a file whose
 * contents are no usable binding ("bad": the next hook fire replaces it), or
 * a file that could not be read ("unreadable": refused by containment, or a
 * lookup or open that failed; never replaced, since it may be a good binding
 * that was busy for a moment).
 */
export type BindingState =
  | { readonly kind: "none" }
  | { readonly kind: "bound"; readonly binding: Binding; readonly mtimeMs: number }
  | { readonly kind: "bad"; readonly why: string }
  | { readonly kind: "unreadable"; readonly why: string };

/** Read a session's binding; never throws (a bad file is reported, not followed). */
export function readBinding(root: string, sessionId: string): BindingState {
  const loc = bindingLoc(root, sessionId);
  let got: ReturnType<typeof readFile>;
  try {
    got = readFile(loc, BINDING_CAP + 1);
  } catch (err) {
    if (err instanceof PwfError) return { kind: "unreadable", why: err.message };
    throw err;
  }
  if (got.kind === "missing") return { kind: "none" };
  if (got.size > BINDING_CAP) {
    return { kind: "bad", why: `${showLoc(loc)} is larger than ${BINDING_CAP} bytes` };
  }
  const b = parseBinding(decodeText(got.bytes), sessionId);
  if (typeof b === "string") return { kind: "bad", why: `${showLoc(loc)}: ${b}` };
  return { kind: "bound", binding: b, mtimeMs: got.mtimeMs };
}

/**
 * Whether the bindings directory lists a file for this session: a second
 * look, by another kind of lookup, at a binding a read found missing (false
 * when the directory cannot be listed).
 */
export function bindingListed(root: string, sessionId: string): boolean {
  const name = bindingFileName(sessionId);
  try {
    return listDir(bindingsDir(root)).some((e) => e.name.toLowerCase() === name);
  } catch (err) {
    if (err instanceof PwfError) return false;
    throw err;
  }
}

/**
 * Write a session's binding stamped `seen` = `now` (atomic temp + rename).
 * A new file in a full directory (MAX_BINDINGS files) first prunes it to
 * PRUNE_TO - 1 others: the expired and the least recently used go (cache.ts
 * makeRoom). Throws PwfError when it cannot be written (a symlinked or
 * hard-linked binding is refused, never written through). With `createOnly`
 * an existing file is left as it is and false returned.
 */
export function writeBinding(
  root: string,
  b: Omit<Binding, "seen">,
  now: Date,
  opts: { readonly createOnly?: boolean } = {},
): boolean {
  makeRoom(root, BINDINGS, bindingFileName(b.session), now);
  return writeFile(
    bindingLoc(root, b.session),
    renderBinding({ ...b, seen: isoTimestamp(now.getTime()) }),
    opts,
  );
}

/** Bind a session to a plan from the command line (`pwf init`, `pwf use`); throws like writeBinding. */
export function bindCliSession(root: string, session: string, plan: string, now: Date): void {
  writeBinding(root, { session, plan, host: "cli" }, now);
}

/** Record that the session was told its plan was archived (best effort: told again if it fails). */
export function markArchivedTold(root: string, sessionId: string, now: Date): void {
  const b = readBinding(root, sessionId);
  if (b.kind !== "bound" || b.binding.archivedTold) return;
  try {
    writeBinding(root, { ...b.binding, archivedTold: true }, now);
  } catch { /* told again on the next prompt */ }
}

/**
 * Record a use of a binding (every hook fire of its session): its file's
 * mtime becomes `now`, so pruning, least recently used first, never takes
 * a session that fired more recently than PRUNE_TO - 1 others. The record's
 * `seen` is re-stamped (a rewrite) only when older than BINDING_REFRESH_MS,
 * or with `force`; a rewrite drops the archivedTold flag (the plan is back).
 * Best effort.
 */
export function touchBinding(
  root: string,
  state: Extract<BindingState, { kind: "bound" }>,
  now: Date,
  force: boolean,
): void {
  const seen = Date.parse(state.binding.seen);
  const stale = !(now.getTime() - seen < BINDING_REFRESH_MS); // an unreadable `seen` is stale
  const { archivedTold: _told, ...binding } = state.binding;
  try {
    if (force || stale) writeBinding(root, binding, now);
    else touchFile(bindingLoc(root, state.binding.session), now);
  } catch { /* a binding that cannot be re-stamped still binds */ }
}

/** Every binding on disk (for status and doctor), and the files that are not usable bindings. */
export function listBindings(root: string): {
  bindings: Binding[];
  bad: { file: string; why: string }[];
} {
  const bindings: Binding[] = [];
  const bad: { file: string; why: string }[] = [];
  let entries: ReturnType<typeof listDir>;
  try {
    entries = listDir(bindingsDir(root));
  } catch (err) {
    if (!(err instanceof PwfError)) throw err;
    return { bindings, bad: [{ file: ".planning/.cache/bindings", why: err.message }] };
  }
  for (const e of entries) {
    if (e.name.startsWith(".") && e.name.includes(".tmp-")) continue; // a writer's temp file
    const file = `.planning/${DIR.join("/")}/${e.name}`;
    if (!FILE_RE.test(e.name)) {
      bad.push({ file, why: "not a binding file name" });
      continue;
    }
    try {
      const got = readFile(planningLoc(root, ...DIR, e.name), BINDING_CAP + 1);
      if (got.kind === "missing") continue;
      let v: unknown;
      try {
        v = JSON.parse(decodeText(got.bytes));
      } catch { /* reported below */ }
      const session = (v as Record<string, unknown> | undefined)?.session;
      const b = typeof session === "string" && bindingFileName(session) === e.name &&
          got.size <= BINDING_CAP
        ? bindingFrom(v, session)
        : "corrupt or misplaced";
      if (typeof b === "string") bad.push({ file, why: b });
      else bindings.push(b);
    } catch (err) {
      if (!(err instanceof PwfError)) throw err;
      bad.push({ file, why: err.message });
    }
  }
  return { bindings, bad };
}

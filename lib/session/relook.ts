/**
 * Looking again at what a failed look could not confirm: a session's
 * binding, and its bound plan, are read again after short waits before
 * resolution acts on a missing answer (Windows lookups fail for a moment
 * while another process holds or renames files).
 * @module
 */

import { bindingListed, type BindingState, readBinding } from "./bindings.ts";
import { pause } from "../fs/write.ts";
import { planFileState } from "./plan_ref.ts";

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
export function sessionBinding(root: string, id: string): BindingState {
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
export function boundPlanState(root: string, id: string): boolean | string {
  return steady(() => planFileState(root, id), (s) => s === false);
}

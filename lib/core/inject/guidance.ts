/**
 * Session-start guidance: the few lines injected when `.planning/` exists but
 * holds no plan, telling the model how to start one.
 * @module
 */

import guidance from "../../../templates/agent/session_start_guidance.md" with { type: "text" };

/** Upper bound on the guidance's length in characters (SPEC 11b). */
export const GUIDANCE_MAX_CHARS = 600;

/**
 * The session-start guidance text ("\n"-terminated, at most GUIDANCE_MAX_CHARS).
 * @example
 * ```ts
 * import { sessionStartGuidance } from "./guidance.ts";
 * if (!sessionStartGuidance().includes("pwf init")) throw new Error();
 * ```
 */
export function sessionStartGuidance(): string {
  return guidance.replace(/\r\n/g, "\n").trimEnd() + "\n";
}

/**
 * Attestation (SPEC section 6): the SHA-256 of task_plan.md's raw bytes,
 * stored as 64 lowercase hex + "\n". This module decides the state.
 * @module
 */

/** The attestation state of a plan. */
export type Attestation =
  | { readonly state: "none" }
  | { readonly state: "invalid"; readonly stored: string }
  | {
    readonly state: "intact";
    readonly hash: string;
    /** The pair was repaired after an interrupted `pwf phase` (plan written, attestation not yet). */
    readonly repaired?: boolean;
  }
  | { readonly state: "tampered"; readonly expected: string; readonly actual: string };

const HASH_REGEXP = /^[0-9a-f]{64}$/;

/**
 * Decide the attestation state from the stored text (null: no file) and the
 * plan's current hash.
 * @example
 * ```ts
 * import { attestationState } from "./attestation.ts";
 * const h = "a".repeat(64);
 * if (attestationState(h + "\n", h).state !== "intact") throw new Error();
 * if (attestationState(null, h).state !== "none") throw new Error();
 * ```
 */
export function attestationState(stored: string | null, actual: string): Attestation {
  if (stored === null) return { state: "none" };
  const expected = stored.trim().toLowerCase();
  if (!HASH_REGEXP.test(expected)) return { state: "invalid", stored: expected.slice(0, 80) };
  return expected === actual
    ? { state: "intact", hash: actual }
    : { state: "tampered", expected, actual };
}

/** File content for an attestation. */
export function attestationText(hash: string): string {
  return `${hash}\n`;
}

/** Short human label for an attestation state. */
export function attestationLabel(a: Attestation): string {
  switch (a.state) {
    case "none":
      return "not attested";
    case "invalid":
      return 'INVALID attestation file (run "pwf attest")';
    case "intact":
      return `attested (${a.hash.slice(0, 12)})`;
    case "tampered":
      return `TAMPERED (expected ${a.expected.slice(0, 12)}, actual ${
        a.actual.slice(0, 12)
      }; review, then "pwf attest")`;
  }
}

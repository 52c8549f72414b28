/**
 * The plan's `.mode` file: space-separated tokens. `autonomous` turns on the
 * autonomous behaviour (ledger summary, attestation required), `gate` arms
 * the completion gate; the original's extra tokens are kept.
 * @module
 */

/** Parsed `.mode`. */
export interface Mode {
  /** The tokens, in file order. */
  readonly tokens: readonly string[];
  /** `autonomous` or `gate` present (gate implies autonomous behaviour). */
  readonly autonomous: boolean;
  /** `gate` present: the completion gate is armed. */
  readonly gate: boolean;
  /** `inject-smart` present: always use the smart plan view. */
  readonly smart: boolean;
  /** `plan-guard-off` present: no regression guard. */
  readonly guardOff: boolean;
}

/**
 * Parse `.mode` text (missing file -> "").
 * @example
 * ```ts
 * import { parseMode } from "./mode.ts";
 * const m = parseMode("autonomous gate\n");
 * if (!m.gate || !m.autonomous || modeName(m) !== "gated") throw new Error();
 * ```
 */
export function parseMode(text: string): Mode {
  const tokens = text.split(/\s+/).filter((t) => t !== "");
  const has = (t: string) => tokens.includes(t);
  return {
    tokens,
    autonomous: has("autonomous") || has("gate"),
    gate: has("gate"),
    smart: has("inject-smart"),
    guardOff: has("plan-guard-off"),
  };
}

/** `interactive`, `autonomous` or `gated`. */
export function modeName(mode: Mode): "interactive" | "autonomous" | "gated" {
  return mode.gate ? "gated" : mode.autonomous ? "autonomous" : "interactive";
}

/**
 * The `.mode` file content for a mode chosen at init (null: no file).
 * @example
 * ```ts
 * import { modeFileText } from "./mode.ts";
 * if (modeFileText("gated") !== "autonomous gate\n") throw new Error();
 * ```
 */
export function modeFileText(mode: "interactive" | "autonomous" | "gated"): string | null {
  if (mode === "gated") return "autonomous gate\n";
  if (mode === "autonomous") return "autonomous\n";
  return null;
}

/**
 * Typed errors that carry their exit code, and the one place that maps an
 * error to an exit code.
 * @module
 */

import { joinLines } from "./text/trim.ts";

/** Exit codes of the command-line contract (SPEC section 4). */
export const ExitCode = {
  ok: 0,
  error: 1,
  usage: 2,
  incomplete: 3,
  integrity: 4,
  noPlan: 5,
} as const;

/** An expected failure with a one-line message and an exit code. */
export class PwfError extends Error {
  /** Process exit code for this failure. */
  readonly exitCode: number;
  constructor(message: string, exitCode: number = ExitCode.error) {
    super(message);
    this.name = "PwfError";
    this.exitCode = exitCode;
  }
}

/** Bad command line: unknown command, flag or value (exit 2). */
export class UsageError extends PwfError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = "UsageError";
  }
}

/** No plan could be resolved where one is required (exit 5). */
export class NoPlanError extends PwfError {
  constructor(message: string) {
    super(message, ExitCode.noPlan);
    this.name = "NoPlanError";
  }
}

/** The plan's attestation does not match, or is missing where required (exit 4). */
export class IntegrityError extends PwfError {
  constructor(message: string) {
    super(message, ExitCode.integrity);
    this.name = "IntegrityError";
  }
}

/** A path was refused by the containment rules (exit 1). */
export class ContainmentError extends PwfError {
  constructor(message: string) {
    super(message, ExitCode.error);
    this.name = "ContainmentError";
  }
}

/**
 * Exit code for any thrown value: typed errors carry theirs, anything else is 1.
 * @example
 * ```ts
 * import { exitCodeFor, UsageError } from "./errors.ts";
 * if (exitCodeFor(new UsageError("x")) !== 2) throw new Error();
 * ```
 */
export function exitCodeFor(err: unknown): number {
  return err instanceof PwfError ? err.exitCode : ExitCode.error;
}

/**
 * The one-line stderr message for a thrown value.
 * @example
 * ```ts
 * import { errorLine, PwfError } from "./errors.ts";
 * if (errorLine(new PwfError("x failed")) !== "pwf: x failed") throw new Error();
 * ```
 */
export function errorLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return `pwf: ${joinLines(text)}`;
}

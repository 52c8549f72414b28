/**
 * The Host: everything the program needs from the outside world besides the
 * filesystem (which goes through lib/fs). main.ts builds the real one;
 * tests build fakes. No ambient state anywhere else.
 * @module
 */

import type { PathOs } from "./text/display.ts";

/** When a stdin read may stop before end of file. */
export interface StdinUntil {
  /** Wall-clock milliseconds after which the read returns what it has. */
  readonly deadlineMs: number;
  /** Whether the bytes read so far are a whole payload (then stop reading). */
  readonly complete: (bytes: Uint8Array) => boolean;
}

/** The process environment as the program sees it. */
export interface Host {
  /** Absolute path of the directory pwf started in: the project root. */
  readonly cwd: string;
  /** The platform, for what pwf prints: paths in its form (lib/core/text/display.ts). */
  readonly os: PathOs;
  /** Value of an environment variable the sandbox allows, else undefined. */
  env(name: string): string | undefined;
  /** The clock. */
  now(): Date;
  /**
   * Read stdin to its end, at most `limit` bytes (the rest is drained, not
   * kept). With `until`, stop early: as soon as `until.complete(bytes so
   * far)` holds, or after `until.deadlineMs` even if the writer keeps stdin
   * open (a hook must answer within its budget; SPEC 14).
   */
  readStdin(limit: number, until?: StdinUntil): Promise<Uint8Array>;
  /**
   * The next chunk of stdin as it arrives, null at its end (a long-running
   * command: `pwf mcp`). Absent where stdin cannot be streamed.
   */
  readonly readChunk?: () => Promise<Uint8Array | null>;
  /** Whether a write to stdout has failed (a closed pipe): further output is dropped. */
  readonly stdoutBroken?: () => boolean;
  /** Write text to stdout. */
  stdout(text: string): void;
  /** Write text to stderr. */
  stderr(text: string): void;
  /** Whether stdout is a terminal (colour and alignment for people). */
  readonly isTty: boolean;
}

/**
 * Whether colour may be used: stdout is a terminal and NO_COLOR is unset or empty.
 * @example
 * ```ts
 * import { useColor } from "./host.ts";
 * const host = { isTty: true, env: (_: string) => "1" };
 * if (useColor(host)) throw new Error("NO_COLOR must win");
 * ```
 */
export function useColor(host: Pick<Host, "isTty" | "env">): boolean {
  const noColor = host.env("NO_COLOR");
  return host.isTty && (noColor === undefined || noColor === "");
}

/** `PLANNING_DISABLED=1` (exactly) turns every command and hook into a no-op. */
export function isDisabled(host: Pick<Host, "env">): boolean {
  return host.env("PLANNING_DISABLED") === "1";
}

/**
 * Build information. This committed file describes a run from source;
 * `deno task compile` generates a replacement module with the release
 * version, the git commit and the target stamped in (see tools/compile.ts).
 * @module
 */

/** What `pwf version` reports about the build. */
export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  /** Target triple the binary was compiled for, or null from source. */
  readonly target: string | null;
  readonly compiled: boolean;
}

/** This build. */
export const BUILD_INFO: BuildInfo = {
  version: "0.1.0",
  commit: "unknown",
  target: null,
  compiled: false,
};

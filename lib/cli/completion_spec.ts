/**
 * What completion offers before any command. Everything else comes from
 * the command table when `pwf __complete` runs (lib/cli/complete.ts).
 * @module
 */

import type { FlagSpec } from "./argv.ts";

/** Options accepted before any command. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: "help", summary: "show usage" },
  { name: "version", summary: "print version, commit, target and sandbox" },
];

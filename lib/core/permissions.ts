/**
 * The sandbox: the one list of Deno permission flags that pwf runs under, from
 * source (`deno task pwf`) and when compiled (`deno task compile`). A test
 * fails when deno.json's `pwf` task drifts from this list.
 * @module
 */

import { planningGrants } from "./plan/planning_root.ts";

/**
 * Paths pwf may read, relative to the directory it starts in: the `.planning`
 * of that directory and of its MAX_LEVELS_UP nearest ancestors (pwf uses the
 * nearest that exists: lib/core/plan/planning_root.ts, docs/security.md).
 */
export const READ_PATHS: readonly string[] = [
  ...planningGrants(),
  // Read-only support for plans made by the original's legacy root mode: the start directory only.
  "task_plan.md",
  "findings.md",
  "progress.md",
];

/** Paths pwf may write, relative to the directory it starts in: the same `.planning` directories. */
export const WRITE_PATHS: readonly string[] = planningGrants();

/**
 * Environment variables pwf may read. Each is documented in the README's
 * "Environment" table; the non-pwf ones are `NO_COLOR` (colour control),
 * the session ids hosts export to the agent's shell (each host's `sessionEnv`
 * in the host table), read only to know which session a command runs in,
 * and the host process id a host gives its hooks (`processEnv`: Claude
 * Code's CLAUDE_PID, so the session after /clear keeps its plan), and the
 * project root a host names to its hooks (`projectRootEnv`), read only to
 * bound the search for `.planning` there.
 */
export const ENV_VARS: readonly string[] = [
  "PLANNING_DISABLED",
  "PLAN_ID",
  "PWF_*",
  "NO_COLOR",
  "CLAUDE_CODE_SESSION_ID",
  "CODEX_THREAD_ID",
  "CLAUDE_PID",
  "CLAUDE_PROJECT_DIR",
  "GEMINI_PROJECT_DIR",
];

/** Flags that must never appear: they would widen the sandbox. */
export const FORBIDDEN_FLAGS: readonly string[] = [
  "--allow-all",
  "-A",
  "--allow-run",
  "--allow-ffi",
  "--allow-sys",
  "--allow-net",
  "--allow-import",
];

/**
 * The permission flags, in order, for `deno run` and `deno compile`.
 * @example
 * ```ts
 * import { PERMISSION_FLAGS } from "./permissions.ts";
 * if (!PERMISSION_FLAGS.includes("--deny-net")) throw new Error("net must be denied");
 * ```
 */
export const PERMISSION_FLAGS: readonly string[] = [
  `--allow-read=${READ_PATHS.join(",")}`,
  `--allow-write=${WRITE_PATHS.join(",")}`,
  `--allow-env=${ENV_VARS.join(",")}`,
  "--deny-net",
  "--no-prompt",
];

/**
 * V8 flags, for `deno run` (part of RUN_FLAGS) and `deno compile` alike,
 * placed before PERMISSION_FLAGS. Only flags that won
 * in `deno task bench` belong here (docs/performance.md records the
 * measurement); deno.json's `pwf` task carries the same list and a test fails
 * when they drift.
 *
 * `--no-concurrent-recompilation`: V8 optimises hot functions on the main
 * thread instead of on a background compiler thread, whose first zone
 * allocations cost resident memory (a fresh malloc arena) in a process that
 * lives for tens of milliseconds. Measured (docs/performance.md): 1 MiB plan
 * peak RSS 1.69-1.74x -> 1.52-1.57x the empty script, CPU per 1 MiB fire
 * about 74 -> 50 ms; typical fires and the 100k-phase tiers unchanged in CPU.
 * The stdin deadline (Atomics.waitAsync, main.ts) still fires under it.
 *
 * `--min-semi-space-size=4` (MB): V8's young generation starts at 4 MB
 * instead of growing from 1 MB, so a fire that allocates a big plan's lines
 * runs fewer scavenges. Measured (docs/performance.md, "Flags"):
 * 1 MiB plan wall 0.96x paired, peak +0.8 MiB (1.54x the empty script,
 * under its 1.6x); a typical fire allocates less than that and is unchanged
 * (no scavenge either way).
 *
 * Measured and not adopted: `--no-lazy` (more CPU per fire); `--lite-mode`
 * (doubled the 100k-phase tiers); `--single-threaded` (stops V8's delayed
 * tasks, so the stdin deadline never fires and a host that keeps stdin open
 * hangs the hook; tests/host_io_test.ts fails with it); `--no-concurrent-sparkplug`,
 * `--single-threaded-gc`, `--no-maglev`, `--jitless`, `--optimize-for-size`,
 * `--efficiency-mode`, `--max-semi-space-size=1` (no further gain, or a loss
 * at 1 MiB).
 */
export const V8_FLAGS: readonly string[] = [
  "--v8-flags=--no-concurrent-recompilation,--min-semi-space-size=4",
];

/**
 * Every flag of a `deno run` of the artifact besides PERMISSION_FLAGS: the
 * V8 flags, and `--no-config`, so that `deno run` behaves as the compiled
 * binary does, which never looks for a configuration file. Without it Deno
 * looks for a deno.json (and package.json) from the artifact's directory up
 * and loads the one it finds (in a checkout: the repository's own), which
 * cost 1.3 MiB of peak memory per fire and can let a configuration the
 * artifact does not need change how it runs (docs/performance.md). The
 * artifact imports nothing, so no configuration applies to it. `deno compile`
 * takes V8_FLAGS only (it is given its configuration explicitly).
 */
export const RUN_FLAGS: readonly string[] = ["--no-config", ...V8_FLAGS];

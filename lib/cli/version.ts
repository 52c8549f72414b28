/**
 * `pwf version` / `pwf --version`.
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { ENV_VARS, PERMISSION_FLAGS, READ_PATHS, WRITE_PATHS } from "../core/permissions.ts";
import { type Context, defineCommand, JSON_FLAG, parseJsonOnly } from "./command.ts";
import { printJson } from "./plan_context.ts";

/** Parsed `pwf version` arguments. */
export interface VersionArgs {
  readonly json: boolean;
}

/** Parse `pwf version` argv. */
export function parseVersionArgs(argv: readonly string[]): VersionArgs {
  return parseJsonOnly("version", argv);
}

/** The `--version` line: `pwf <version> (commit: ..., deno: ..., target: ..., build: ...)`. */
export function versionLine(): string {
  const target = BUILD_INFO.target ?? Deno.build.target;
  const kind = BUILD_INFO.compiled ? "compiled" : "source";
  return `pwf ${BUILD_INFO.version} (commit: ${BUILD_INFO.commit}, deno: ${Deno.version.deno}, ` +
    `target: ${target}, build: ${kind})`;
}

/** Run `pwf version`. */
export function runVersion(args: VersionArgs, ctx: Context): number {
  const target = BUILD_INFO.target ?? Deno.build.target;
  const kind = BUILD_INFO.compiled ? "compiled" : "source";
  if (args.json) {
    printJson(ctx, {
      schemaVersion: 1,
      version: BUILD_INFO.version,
      commit: BUILD_INFO.commit,
      deno: Deno.version.deno,
      target,
      build: kind,
      compiled: BUILD_INFO.compiled,
      permissions: PERMISSION_FLAGS,
      sandbox: {
        read: READ_PATHS,
        write: WRITE_PATHS,
        env: ENV_VARS,
        net: false,
        run: false,
        ffi: false,
        sys: false,
      },
    });
  } else {
    // One line, every field labelled; the sandbox is in --json and doctor.
    ctx.host.stdout(`${versionLine()}\n`);
  }
  return 0;
}

/** The `version` command row. */
export const versionCommand = defineCommand({
  name: "version",
  summary: "print version, commit, deno version, target and build kind (--json: and the sandbox)",
  usage: ["version [--json]"],
  flags: [JSON_FLAG],
  parse: parseVersionArgs,
  run: runVersion,
});

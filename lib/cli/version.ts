/**
 * `pwf version` / `pwf --version`.
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { PERMISSION_FLAGS } from "../core/permissions.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { printJson } from "./plan_context.ts";

/** Parsed `pwf version` arguments. */
export interface VersionArgs {
  readonly json: boolean;
}

/** Parse `pwf version` argv. */
export function parseVersionArgs(argv: readonly string[]): VersionArgs {
  const p = parseArgv("version", argv, [JSON_FLAG]);
  maxPositionals("version", p, 0);
  return { json: p.flags.json === true };
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
      permissions: PERMISSION_FLAGS,
    });
  } else {
    ctx.host.stdout(
      `pwf ${BUILD_INFO.version} (${BUILD_INFO.commit}, deno ${Deno.version.deno}, ${target}, ${kind})\n`,
    );
  }
  return 0;
}

/** The `version` command row. */
export const versionCommand = defineCommand({
  name: "version",
  summary: "print version, commit, deno version, target and build kind",
  usage: ["version [--json]"],
  flags: [JSON_FLAG],
  parse: parseVersionArgs,
  run: runVersion,
});

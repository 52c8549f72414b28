/**
 * `pwf mcp`: the plan as a small MCP server on stdio (docs/mcp.md).
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { PwfError } from "../core/errors.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type AnyCommand, type Context, defineCommand } from "./command.ts";
import { mcpBackend } from "./mcp_backend.ts";
import { serveMcp } from "../mcp/serve.ts";

/** Parsed `pwf mcp` arguments. */
export type McpArgs = { readonly kind: "serve" };

/** Parse `pwf mcp` argv. */
export function parseMcpArgs(argv: readonly string[]): McpArgs {
  const p = parseArgv("mcp", argv, []);
  maxPositionals("mcp", p, 0);
  return { kind: "serve" };
}

/** Serve MCP on stdio until stdin ends (exit 0) or stdout breaks (exit 1). */
export async function runMcp(
  _args: McpArgs,
  ctx: Context,
  commands: () => readonly AnyCommand[],
): Promise<number> {
  const { readChunk, stdoutBroken } = ctx.host;
  if (readChunk === undefined) throw new PwfError("mcp: this platform cannot stream stdin");
  const end = await serveMcp(
    {
      read: readChunk,
      write: (text) => {
        ctx.host.stdout(text);
        return stdoutBroken === undefined || !stdoutBroken();
      },
    },
    mcpBackend(ctx, commands),
    { version: BUILD_INFO.version },
  );
  return end === "eof" ? 0 : 1;
}

/** The `mcp` command row; `commands` is the table its tools run (given lazily: the table holds this row). */
export function mcpCommand(commands: () => readonly AnyCommand[]): AnyCommand {
  return defineCommand({
    name: "mcp",
    summary:
      "serve the plan to MCP clients on stdio: status, phases, notes, ledger, the gate's view",
    usage: ["mcp"],
    flags: [],
    parse: parseMcpArgs,
    run: (args: McpArgs, ctx: Context) => runMcp(args, ctx, commands),
  });
}

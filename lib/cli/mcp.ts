/**
 * `pwf mcp`: the plan as a small MCP server on stdio; `pwf mcp print|check
 * <client>`: its registration in an MCP client's config (docs/mcp.md).
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { PwfError, UsageError } from "../core/errors.ts";
import { findMcpClient, MCP_CLIENTS } from "../hosts/mcp_clients.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type AnyCommand, type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { mcpBackend } from "./mcp_backend.ts";
import { type McpPrintArgs, runMcpPrint } from "./mcp_print.ts";
import { serveMcp } from "../mcp/serve.ts";

/** Parsed `pwf mcp` arguments. */
export type McpArgs = { readonly sub: "serve" } | McpPrintArgs;

const FLAGS = [
  {
    name: "bin",
    value: "PATH",
    summary: "the pwf binary the client starts (default: this executable, else pwf on PATH)",
  },
  {
    name: "merge",
    summary: "read the client's config on stdin, print it with pwf's server added or replaced",
  },
  { name: "remove", summary: "read the client's config on stdin, print it without pwf's server" },
  JSON_FLAG,
];

const CLIENT_NAMES = MCP_CLIENTS.map((c) => c.name).join(", ");

/** Parse `pwf mcp [print|check <client> ...]` argv. */
export function parseMcpArgs(argv: readonly string[]): McpArgs {
  const [sub, ...rest] = argv;
  if (sub === undefined) return { sub: "serve" };
  if (sub !== "print" && sub !== "check") {
    throw new UsageError(`mcp: expected nothing (serve), "print" or "check", got "${sub}"`);
  }
  const cmd = `mcp ${sub}`;
  const p = parseArgv(cmd, rest, FLAGS);
  maxPositionals(cmd, p, 1);
  const name = p.positionals[0];
  if (name === undefined) throw new UsageError(`${cmd}: name a client (${CLIENT_NAMES})`);
  const client = findMcpClient(name);
  if (!client) throw new UsageError(`${cmd}: unknown client "${name}" (${CLIENT_NAMES})`);
  const merge = p.flags.merge === true, remove = p.flags.remove === true;
  if (merge && remove) throw new UsageError(`${cmd}: give --merge or --remove, not both`);
  if (sub === "check" && (merge || remove)) {
    throw new UsageError(`mcp check: --${merge ? "merge" : "remove"} belongs to "mcp print"`);
  }
  if (sub === "print" && p.flags.json === true) {
    throw new UsageError(`mcp print: --json belongs to "mcp check" (print writes the file itself)`);
  }
  const bin = stringFlag(p, "bin");
  if (bin !== undefined && bin.trim() === "") throw new UsageError(`${cmd}: --bin needs a path`);
  return {
    sub,
    client,
    bin,
    edit: merge ? "merge" : remove ? "remove" : undefined,
    json: p.flags.json === true,
  };
}

/** Serve MCP on stdio until stdin ends (exit 0) or stdout breaks (exit 1). */
async function serve(ctx: Context, commands: () => readonly AnyCommand[]): Promise<number> {
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

/** Run `pwf mcp`. */
export function runMcp(
  args: McpArgs,
  ctx: Context,
  commands: () => readonly AnyCommand[],
): Promise<number> {
  return args.sub === "serve" ? serve(ctx, commands) : runMcpPrint(args, ctx);
}

/** The `mcp` command row; `commands` is the table its tools run (given lazily: the table holds this row). */
export function mcpCommand(commands: () => readonly AnyCommand[]): AnyCommand {
  return defineCommand({
    name: "mcp",
    summary:
      "serve the plan to MCP clients on stdio, or print, merge or check a client's registration",
    usage: [
      "mcp",
      `mcp print <${MCP_CLIENTS.map((c) => c.name).join("|")}> [--bin PATH]`,
      "mcp print CLIENT [--bin PATH] --merge|--remove < CONFIG",
      "mcp check CLIENT [--bin PATH] [--json] < CONFIG",
    ],
    flags: FLAGS,
    words: ["print", "check"],
    parse: parseMcpArgs,
    run: (args: McpArgs, ctx: Context) => runMcp(args, ctx, commands),
  });
}

/**
 * `pwf mcp print <client> [--bin PATH] [--merge|--remove]` and `pwf mcp
 * check <client> [--bin PATH] [--json]`: pwf's server entry for an MCP
 * client, merged into (or out of) its config read on stdin, or a report of
 * what that config registers. Like `pwf hooks print`, pwf writes no config
 * itself: the caller redirects stdout. Invalid input prints nothing (exit 2).
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import { type EntryEdit, mergeMcpJson, removeMcpJson } from "../core/settings/mcp_json.ts";
import { SettingsError } from "../core/settings/merge.ts";
import {
  mergeToml,
  removeToml,
  tableText,
  type TomlTableSpec,
} from "../core/settings/toml_table.ts";
import { MCP_SERVER_NAME, type McpClient, mcpEntry } from "../hosts/mcp_clients.ts";
import type { Context } from "./command.ts";
import { SETTINGS_LIMIT } from "./hooks_print.ts";

/** What `print` and `check` need. */
export interface McpPrintArgs {
  readonly sub: "print" | "check";
  readonly client: McpClient;
  readonly bin: string | undefined;
  readonly edit: "merge" | "remove" | undefined;
  readonly json: boolean;
}

/** The binary a client should start: this executable when compiled, else `pwf` on PATH. */
function defaultBin(): string {
  if (!BUILD_INFO.compiled) return "pwf";
  try {
    return Deno.execPath();
  } catch {
    return "pwf"; // the sandbox may not let us read our own path
  }
}

function tomlSpec(client: McpClient, bin: string): TomlTableSpec {
  return {
    path: [client.container, MCP_SERVER_NAME],
    entry: Object.entries(mcpEntry(client, bin)),
  };
}

/** The entry as a whole file of its own (no config yet). */
function fresh(client: McpClient, bin: string): string {
  return client.format === "toml"
    ? tableText(tomlSpec(client, bin), "\n")
    : mergeMcpJson("", jsonSpec(client, bin)).text;
}

function jsonSpec(client: McpClient, bin: string) {
  return { container: client.container, name: MCP_SERVER_NAME, entry: mcpEntry(client, bin) };
}

function editConfig(
  text: string,
  client: McpClient,
  bin: string,
  mode: "merge" | "remove",
  what: string,
): EntryEdit {
  try {
    if (client.format === "toml") {
      return (mode === "merge" ? mergeToml : removeToml)(text, tomlSpec(client, bin));
    }
    return (mode === "merge" ? mergeMcpJson : removeMcpJson)(text, jsonSpec(client, bin));
  } catch (err) {
    if (err instanceof SettingsError) {
      throw new SettingsError(
        `${what}: config on stdin: ${err.message} (fix the file, or edit it by hand from "pwf mcp print ${client.name}")`,
      );
    }
    throw err;
  }
}

async function readConfig(ctx: Context): Promise<string> {
  const bytes = await ctx.host.readStdin(SETTINGS_LIMIT + 1);
  if (bytes.length > SETTINGS_LIMIT) {
    throw new SettingsError(`the config on stdin exceeds ${SETTINGS_LIMIT / 1024 / 1024} MiB`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new SettingsError("the config on stdin is not UTF-8 text");
  }
}

const STATE_TEXT: Record<EntryEdit["state"], string> = {
  ok: "registered",
  missing: "not registered",
  "other-bin": "runs another binary",
  outdated: "registered, but not as this version writes it",
};

/** Run `pwf mcp print|check`. */
export async function runMcpPrint(args: McpPrintArgs, ctx: Context): Promise<number> {
  const { client } = args;
  const bin = args.bin ?? defaultBin();
  if (!client.projectCwd && args.sub === "print") {
    ctx.host.stderr(
      `pwf: note: ${client.title} starts servers outside your project; pwf mcp serves the .planning of the folder it starts in\n`,
    );
  }
  if (args.sub === "print" && args.edit === undefined) {
    ctx.host.stdout(fresh(client, bin));
    return 0;
  }
  const text = await readConfig(ctx);
  if (args.sub === "print") {
    const mode = args.edit ?? "merge";
    ctx.host.stdout(editConfig(text, client, bin, mode, `mcp print ${client.name} --${mode}`).text);
    return 0;
  }
  const r = editConfig(text, client, bin, "merge", `mcp check ${client.name}`);
  if (args.json) {
    ctx.host.stdout(
      JSON.stringify({
        schemaVersion: 1,
        client: client.name,
        bin,
        state: r.state,
        command: r.had,
        mergeChanges: r.changed,
      }) + "\n",
    );
    return r.changed ? 1 : 0;
  }
  const detail = r.state === "other-bin"
    ? `${STATE_TEXT[r.state]}: ${r.had} (expected ${bin})`
    : STATE_TEXT[r.state];
  const fix = `pwf mcp print ${client.name}${
    args.bin ? ` --bin ${bin}` : ""
  } --merge < ${client.file}`;
  ctx.host.stdout(
    `${r.state.toUpperCase().padEnd(9)} ${MCP_SERVER_NAME}  ${detail}\n` +
      (r.changed
        ? `--merge would change this file: ${fix} (save the output, then replace the file)\n`
        : "--merge would change nothing\n"),
  );
  return r.changed ? 1 : 0;
}

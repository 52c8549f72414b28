/**
 * The MCP clients `pwf mcp print|check` knows: where each keeps its server
 * list and how pwf's entry looks there. Data only; every client decision is
 * a field here (docs/mcp.md records the sources and the date they were read).
 * @module
 */

/** One MCP client. */
export interface McpClient {
  /** The name on the command line. */
  readonly name: string;
  readonly title: string;
  /** Where its config usually lives, for messages and docs (`~` is the home folder). */
  readonly file: string;
  /** The same file on Windows when it is not `file` with `\\` (PowerShell syntax). */
  readonly windowsFile?: string;
  /** `json`: strict JSON, pwf's entry at `<container>.pwf`; `toml`: a `[<container>.pwf]` table. */
  readonly format: "json" | "toml";
  readonly container: string;
  /** Extra keys of pwf's entry before `command` and `args` (VS Code: `type`). */
  readonly extra?: Readonly<Record<string, string>>;
  /** Whether the client starts servers in the project folder (pwf serves the folder it starts in). */
  readonly projectCwd: boolean;
}

/** Every client, sorted by name. */
export const MCP_CLIENTS: readonly McpClient[] = [
  {
    name: "claude",
    title: "Claude Code",
    file: ".mcp.json",
    format: "json",
    container: "mcpServers",
    projectCwd: true,
  },
  {
    name: "claude-desktop",
    title: "Claude Desktop",
    file: "~/Library/Application Support/Claude/claude_desktop_config.json",
    windowsFile: "$env:APPDATA\\Claude\\claude_desktop_config.json",
    format: "json",
    container: "mcpServers",
    projectCwd: false,
  },
  {
    name: "codex",
    title: "Codex CLI",
    file: "~/.codex/config.toml",
    format: "toml",
    container: "mcp_servers",
    projectCwd: true,
  },
  {
    name: "cursor",
    title: "Cursor",
    file: ".cursor/mcp.json",
    format: "json",
    container: "mcpServers",
    projectCwd: true,
  },
  {
    name: "gemini",
    title: "Gemini CLI",
    file: ".gemini/settings.json",
    format: "json",
    container: "mcpServers",
    projectCwd: true,
  },
  {
    name: "vscode",
    title: "VS Code",
    file: ".vscode/mcp.json",
    format: "json",
    container: "servers",
    extra: { type: "stdio" },
    projectCwd: true,
  },
  {
    name: "windsurf",
    title: "Windsurf",
    file: "~/.codeium/windsurf/mcp_config.json",
    format: "json",
    container: "mcpServers",
    projectCwd: false,
  },
  {
    name: "zed",
    title: "Zed",
    file: ".zed/settings.json",
    format: "json",
    container: "context_servers",
    projectCwd: true,
  },
];

/** The server name pwf registers under. */
export const MCP_SERVER_NAME = "pwf";

/** The client with this name. */
export function findMcpClient(name: string): McpClient | undefined {
  return MCP_CLIENTS.find((c) => c.name === name);
}

/**
 * pwf's entry for a client: its extra keys, then `command` and `args`.
 * @example
 * ```ts
 * import { findMcpClient, mcpEntry } from "./mcp_clients.ts";
 * const e = mcpEntry(findMcpClient("vscode")!, "pwf");
 * if (JSON.stringify(e) !== '{"type":"stdio","command":"pwf","args":["mcp"]}') throw new Error();
 * ```
 */
export function mcpEntry(client: McpClient, bin: string): Record<string, string | string[]> {
  return { ...client.extra, command: bin, args: ["mcp"] };
}

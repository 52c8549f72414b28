/**
 * How Claude Code and Codex load pwf's MCP server in the e2e (e2e/mcp_suite.ts).
 * @module
 */

import type { McpRoute } from "./mcp_suite.ts";

const PHASE_1_COMPLETE = { phase: 1, status: "complete" };

/** Claude Code: `--mcp-config <file> --strict-mcp-config`, the tool allowed by name. */
export const claudeMcpRoute: McpRoute = {
  client: "claude",
  // Claude Code names an MCP tool mcp__<server>__<tool>.
  script: [{ tool: "mcp__pwf__phase_set", args: PHASE_1_COMPLETE }],
  withServer(driver, mergeInto) {
    return {
      ...driver,
      async configure(sb, server) {
        await driver.configure(sb, server);
        await Deno.writeTextFile(`${sb.root}/mcp.json`, await mergeInto(""));
      },
      command(sb, server, prompt) {
        const cmd = driver.command(sb, server, prompt);
        const args = cmd.args.flatMap((a) =>
          a === "Write" ? ["Write", "mcp__pwf__phase_set"] : [a]
        );
        return {
          ...cmd,
          args: [...args, "--mcp-config", `${sb.root}/mcp.json`, "--strict-mcp-config"],
        };
      },
    };
  },
};

/** Codex: `[mcp_servers.pwf]` merged into the sandbox's `~/.codex/config.toml`. */
export const codexMcpRoute: McpRoute = {
  client: "codex",
  // Codex 0.171.0 defers MCP tools behind its client-side tool_search: the model searches,
  // Codex answers with a namespace "mcp__pwf" holding pwf's tools, then the call names both.
  script: [
    { tool: "tool_search", item: "tool_search_call", args: { query: "pwf phase_set", limit: 8 } },
    { tool: "phase_set", namespace: "mcp__pwf", args: PHASE_1_COMPLETE },
  ],
  withServer(driver, mergeInto) {
    return {
      ...driver,
      async configure(sb, server) {
        await driver.configure(sb, server);
        const path = `${sb.home}/.codex/config.toml`;
        await Deno.writeTextFile(path, await mergeInto(await Deno.readTextFile(path)));
      },
    };
  },
};

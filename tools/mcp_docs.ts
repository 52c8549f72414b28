/**
 * The README's MCP registration lines, rendered from the MCP client table
 * (lib/hosts/mcp_clients.ts): per client one POSIX and one PowerShell line
 * that merge pwf's server into the client's config. `deno task gen`.
 * @module
 */

import { MCP_CLIENTS, type McpClient } from "../lib/hosts/mcp_clients.ts";

function posixPath(c: McpClient): string {
  return c.file.startsWith("~/") ? `$HOME/${c.file.slice(2)}` : c.file;
}

function windowsPath(c: McpClient): string {
  if (c.windowsFile !== undefined) return c.windowsFile;
  const win = c.file.replaceAll("/", "\\");
  return win.startsWith("~\\") ? `$HOME\\${win.slice(2)}` : `$PWD\\${win}`;
}

/** The POSIX and PowerShell lines that merge (or remove) pwf's server in a client's config. */
export function mcpMergeLines(c: McpClient, mode: "merge" | "remove"): [string, string] {
  const posix = `f="${posixPath(c)}"; mkdir -p "$(dirname "$f")" && ` +
    `{ cat "$f" 2>/dev/null || true; } | pwf mcp print ${c.name} --${mode} > "$f.new" && ` +
    `mv "$f.new" "$f" || { rm -f "$f.new"; false; }`;
  const ps =
    `$f = "${windowsPath(c)}"; New-Item -ItemType Directory -Force (Split-Path $f) | Out-Null; ` +
    `$OutputEncoding = [Console]::OutputEncoding = [Text.UTF8Encoding]::new($false); ` +
    `$old = if (Test-Path $f) { [IO.File]::ReadAllText($f) } else { "" }; ` +
    `$new = $old | pwf mcp print ${c.name} --${mode}; ` +
    `if ($LASTEXITCODE -eq 0) { [IO.File]::WriteAllText($f, ($new -join "\`n") + "\`n") }`;
  return [posix, ps];
}

/** The README section: a table of clients, then each client's two lines. */
export function renderMcpSection(): string {
  const rows = MCP_CLIENTS.map((c) =>
    `| ${c.title} | \`${c.name}\` | \`${c.file}\`${
      c.windowsFile ? ` (Windows: \`${c.windowsFile}\`)` : ""
    } | ${c.projectCwd ? "yes" : "no: it serves the folder the client starts it in"} |`
  );
  const blocks = MCP_CLIENTS.flatMap((c) => {
    const [posix, ps] = mcpMergeLines(c, "merge");
    return [
      `**${c.title}**`,
      "",
      "```sh",
      posix,
      "```",
      "",
      "PowerShell (never run here: no PowerShell on these machines):",
      "",
      "```powershell",
      ps,
      "```",
      "",
    ];
  });
  return [
    "| client | name | config file | starts pwf in the project |",
    "|---|---|---|---|",
    ...rows,
    "",
    ...blocks,
  ].join("\n");
}

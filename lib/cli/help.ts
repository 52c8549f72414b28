/**
 * Help text, rendered from the command table.
 * @module
 */

import { BUILD_INFO } from "../core/build_info.ts";
import type { AnyCommand } from "./command.ts";

/** Top-level help: every command with its summary. */
export function renderHelp(table: readonly AnyCommand[]): string {
  const width = Math.max(...table.map((c) => c.name.length));
  const rows = table.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    `pwf ${BUILD_INFO.version}: planning-with-files as one sandboxed binary`,
    "",
    "Usage: pwf <command> [args]",
    "",
    "Commands:",
    ...rows,
    "",
    'Run "pwf help <command>" for a command\'s flags.',
    "Exit codes: 0 ok, 1 error, 2 usage, 3 plan incomplete, 4 integrity failure, 5 no plan.",
    "PLANNING_DISABLED=1 makes every command and hook a silent no-op.",
    "",
  ].join("\n");
}

/** Help for one command: usage lines and flags. */
export function renderCommandHelp(c: AnyCommand): string {
  const flags = c.flags.map((f) => {
    const name = f.value ? `--${f.name} ${f.value}` : `--${f.name}`;
    return `  ${name.padEnd(24)} ${f.summary}`;
  });
  return [
    `pwf ${c.name}: ${c.summary}`,
    "",
    "Usage:",
    ...c.usage.map((u) => `  pwf ${u}`),
    ...(flags.length ? ["", "Flags:", ...flags] : []),
    "",
  ].join("\n");
}

/** The README's command table (Markdown), rendered from the command table. */
export function renderCommandsMarkdown(table: readonly AnyCommand[]): string {
  const rows = table.map((c) => {
    const usage = c.usage.map((u) => `\`pwf ${u.replaceAll("|", "\\|")}\``).join("<br>");
    return `| ${usage} | ${c.summary.replaceAll("|", "\\|")} |`;
  });
  return ["| Command | What it does |", "|---|---|", ...rows, ""].join("\n");
}

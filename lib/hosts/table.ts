/**
 * The host table: every adapter. Manifests in hooks/, `pwf hooks print` and
 * the README host table are rendered from it (a test guards the drift).
 * @module
 */

import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { factory } from "./factory.ts";
import { gemini } from "./gemini.ts";
import { hermes } from "./hermes.ts";
import type { GlueFile, HostEvent, HostSpec } from "./host_spec.ts";
import { kilo } from "./kilo.ts";
import { mastra } from "./mastra.ts";
import { opencode } from "./opencode.ts";
import { pi } from "./pi.ts";
import { plain } from "./plain.ts";
import { qoder } from "./qoder.ts";
import { qwen } from "./qwen.ts";

/** Every host, in README order. */
export const HOSTS: readonly HostSpec[] = [
  claude,
  codex,
  cursor,
  copilot,
  gemini,
  opencode,
  pi,
  qwen,
  factory,
  qoder,
  kilo,
  mastra,
  hermes,
  plain,
];

/** The host with this name, if any. */
export function findHost(name: string): HostSpec | undefined {
  return HOSTS.find((h) => h.name === name);
}

/** A host's event by name (case-insensitive), if any. */
export function findEvent(host: HostSpec, name: string): HostEvent | undefined {
  return host.events.find((e) => e.name.toLowerCase() === name.toLowerCase());
}

function baseName(path: string): string {
  return path.split("/").pop() ?? path;
}

/** The committed manifest file for a host, relative to the repository root. */
export function manifestFile(host: HostSpec): string {
  return `hooks/${host.name}/${baseName(host.manifestPath)}`;
}

/** The manifest text: pretty JSON + "\n", or the glue file's text as it is. */
export function manifestText(host: HostSpec, bin: string): string {
  const m = host.manifest(bin);
  return host.glue !== undefined && typeof m === "string" ? m : JSON.stringify(m, null, 2) + "\n";
}

/** The companion files of a host's registration (none for most). */
export function companionFiles(host: HostSpec, bin: string): readonly GlueFile[] {
  return host.companions?.(bin) ?? [];
}

/** Every committed registration file of a host: repo-relative path -> text. */
export function registrationFiles(host: HostSpec, bin: string): Record<string, string> {
  const files: Record<string, string> = { [manifestFile(host)]: manifestText(host, bin) };
  for (const f of companionFiles(host, bin)) {
    files[`hooks/${host.name}/${baseName(f.path)}`] = f.text;
  }
  return files;
}

/** The README host table (Markdown). */
export function renderHostsMarkdown(): string {
  const rows = HOSTS.map((h) =>
    `| ${h.title} | \`${h.name}\` | \`${h.manifestPath}\` | ${
      h.events.map((e) => `\`${e.name}\``).join(", ")
    } | ${h.proven} |`
  );
  return [
    "| Host | `pwf hook` name | Registration | Events | Proven |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/**
 * How a host section says to get pwf's registration: a settings file is
 * merged (never overwritten: it may hold the user's own settings); a file
 * of pwf's own is printed to be saved.
 */
function registrationLine(h: HostSpec): string {
  return h.settings
    ? `\`pwf hooks print ${h.name} --merge < ${h.manifestPath}\` prints that file with pwf's hooks merged in, to save over it (the install line does both); \`pwf hooks print ${h.name}\` alone prints only pwf's registration`
    : `\`pwf hooks print ${h.name}\` prints the file to save as \`${h.manifestPath}\``;
}

/** Per-host sections (docs/hosts.md): how to install and what each event does. */
export function renderHostSections(): string {
  return HOSTS.map((h) =>
    [
      `### ${h.title}`,
      "",
      `${registrationLine(h)} (committed copy: \`${manifestFile(h)}\`). ${h.notes}`,
      "",
      `Proven: ${h.proven}.`,
      "",
      "| Event | Registered | What pwf does, or why not | Proven how |",
      "|---|---|---|---|",
      ...h.events.map((e) =>
        `| \`${e.name}\` | yes | ${e.does} | ${e.proof ?? "golden test (tests/hosts_test.ts)"} |`
      ),
      ...(h.unregistered ?? []).map((u) => `| \`${u.name}\` | no | ${u.why} | not registered |`),
      "",
    ].join("\n")
  ).join("\n");
}

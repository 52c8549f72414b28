/**
 * The host table: every adapter. Manifests in hooks/, `pwf hooks print` and
 * the README host table are rendered from it (a test guards the drift).
 * @module
 */

import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { gemini } from "./gemini.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";
import { plain } from "./plain.ts";

/** Every host, in README order. */
export const HOSTS: readonly HostSpec[] = [claude, codex, cursor, copilot, gemini, plain];

/** The host with this name, if any. */
export function findHost(name: string): HostSpec | undefined {
  return HOSTS.find((h) => h.name === name);
}

/** A host's event by name (case-insensitive), if any. */
export function findEvent(host: HostSpec, name: string): HostEvent | undefined {
  return host.events.find((e) => e.name.toLowerCase() === name.toLowerCase());
}

/** The committed manifest file for a host, relative to the repository root. */
export function manifestFile(host: HostSpec): string {
  return `hooks/${host.name}/${host.manifestPath.split("/").pop()}`;
}

/** The manifest text: pretty JSON + "\n". */
export function manifestText(host: HostSpec, bin: string): string {
  return JSON.stringify(host.manifest(bin), null, 2) + "\n";
}

/** The README host table (Markdown). */
export function renderHostsMarkdown(): string {
  const rows = HOSTS.map((h) =>
    `| ${h.title} | \`${h.name}\` | \`${h.manifestPath}\` | ${
      h.events.map((e) => `\`${e.name}\``).join(", ")
    } |`
  );
  return ["| Host | `pwf hook` name | Manifest | Events |", "|---|---|---|---|", ...rows, ""].join(
    "\n",
  );
}

/** Per-host README sections: what each event does. */
export function renderHostSections(): string {
  return HOSTS.map((h) =>
    [
      `### ${h.title}`,
      "",
      `\`pwf hooks print ${h.name} > ${h.manifestPath}\` (committed copy: \`${
        manifestFile(h)
      }\`). ${h.notes}`,
      "",
      "| Event | What pwf does |",
      "|---|---|",
      ...h.events.map((e) => `| \`${e.name}\` | ${e.does} |`),
      "",
    ].join("\n")
  ).join("\n");
}

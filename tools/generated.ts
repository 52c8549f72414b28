/**
 * Every generated artifact in the repository, rendered from the tables in
 * lib/ and tools/layers.ts (and the packed templates, tools/i18n_pack.ts): README, docs/hosts.md and docs/architecture.md sections between `<!-- BEGIN GENERATED: x -->` markers (and,
 * as they are added, hook manifests and the host-native packages under
 * packages/). `deno task gen` writes them; a test
 * fails when a committed file differs from what the tables render.
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { renderSkillHostsMarkdown } from "../lib/hosts/skill_places.ts";
import { COMMANDS } from "../lib/cli/commands.ts";
import { renderCommandsMarkdown } from "../lib/cli/help.ts";
import {
  HOSTS,
  registrationFiles,
  renderHostSections,
  renderHostsMarkdown,
} from "../lib/hosts/mod.ts";
import { renderInstallSections } from "./install_docs.ts";
import { renderLayersMarkdown } from "./layers.ts";
import { renderMcpSection } from "./mcp_docs.ts";
import { packageFiles } from "./package_layout.ts";
import { renderLabelsMarkdown } from "../lib/core/plan/labels_doc.ts";
import { PACKED_REL, renderI18nPacked } from "./i18n_pack.ts";

/** README sections: marker name -> rendered Markdown. */
export function readmeSections(): Record<string, string> {
  return {
    commands: renderCommandsMarkdown(COMMANDS),
    hosts: renderHostsMarkdown(),
    "skill-hosts": renderSkillHostsMarkdown(),
    mcp: renderMcpSection(),
  };
}

/** Sections of docs/hosts.md, the per-host detail: install lines, registration and events. */
export function hostsDocSections(): Record<string, string> {
  return { install: renderInstallSections(), "host-sections": renderHostSections() };
}

/** Sections of docs/architecture.md: marker name -> rendered Markdown. */
export function architectureSections(): Record<string, string> {
  return { layers: renderLayersMarkdown() };
}

/** Replace each generated README section with its rendering. */
export function renderReadme(readme: string): string {
  return renderSections(readme, readmeSections(), "README.md");
}

/** Replace each `<!-- BEGIN GENERATED: name -->` section of `text` with its rendering. */
export function renderSections(
  text: string,
  sections: Record<string, string>,
  file: string,
): string {
  let out = text;
  for (const [name, body] of Object.entries(sections)) {
    const begin = `<!-- BEGIN GENERATED: ${name} -->\n`;
    const end = `<!-- END GENERATED: ${name} -->`;
    const a = out.indexOf(begin), b = out.indexOf(end);
    if (a < 0 || b < a) {
      throw new Error(`${file} lacks the generated section markers for "${name}"`);
    }
    out = out.slice(0, a + begin.length) + body + out.slice(b);
  }
  return out;
}

/** Generated files: repo-relative path -> expected content. */
export async function generatedFiles(root: string): Promise<Record<string, string>> {
  const readme = await Deno.readTextFile(`${root}/README.md`);
  const architecture = await Deno.readTextFile(`${root}/docs/architecture.md`);
  const languages = await Deno.readTextFile(`${root}/docs/languages.md`);
  const hostsDoc = await Deno.readTextFile(`${root}/docs/hosts.md`);
  const files: Record<string, string> = {
    "README.md": renderReadme(readme),
    "docs/hosts.md": renderSections(hostsDoc, hostsDocSections(), "docs/hosts.md"),
    "docs/architecture.md": renderSections(
      architecture,
      architectureSections(),
      "docs/architecture.md",
    ),
    "docs/languages.md": renderSections(
      languages,
      { labels: renderLabelsMarkdown() },
      "docs/languages.md",
    ),
  };
  for (const host of HOSTS) Object.assign(files, registrationFiles(host, "pwf"));
  for (const file of packageFiles()) files[file.path] = file.text;
  files[PACKED_REL] = await renderI18nPacked(root);
  return files;
}

if (import.meta.main) {
  const root = REPO_ROOT;
  // The packages are rendered from the texts lib/ reads, which come from the packed module this
  // process already loaded: when the pack changes, write it and render the rest in a new process.
  const pack = await renderI18nPacked(root);
  if (pack !== await Deno.readTextFile(`${root}/${PACKED_REL}`).catch(() => null)) {
    await Deno.writeTextFile(`${root}/${PACKED_REL}`, pack);
    const again = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-write", "--allow-run", import.meta.filename!],
    }).spawn().status;
    Deno.exit(again.code);
  }
  for (const [path, text] of Object.entries(await generatedFiles(root))) {
    await Deno.mkdir(`${root}/${path}`.replace(/\/[^/]+$/, ""), { recursive: true });
    await Deno.writeTextFile(`${root}/${path}`, text);
  }
}

/**
 * The README's per-host install section, rendered from the host table and
 * the package routes: for every host one copy-paste install in POSIX shell
 * and PowerShell (the package route where the pinned host has one, the
 * merge route for hosts with a settings file, the glue file otherwise),
 * then upgrade and uninstall. Rendered by `deno task gen` (docs/install.md).
 * @module
 */

import { companionFiles, HOSTS, type HostSpec } from "../lib/hosts/mod.ts";
import { PACKAGE_ROUTES, type PackageRoute, PACKAGES_DIR } from "./package_layout.ts";

const POSIX_PKG = `"$HOME/.local/share/pwf/${PACKAGES_DIR}`;
const PS_PKG = `"$env:LOCALAPPDATA\\Programs\\pwf\\${PACKAGES_DIR}`;

function fence(lang: string, lines: readonly string[]): string {
  return ["```" + lang, ...lines, "```"].join("\n");
}

function winPath(path: string): string {
  return path.replaceAll("/", "\\");
}

/**
 * POSIX and PowerShell one-liners that merge (or remove) pwf's hooks in the
 * host's settings file. A refused merge leaves no file behind (`$f.new` is
 * removed, the line fails); the remove line asks for `--delete-if-empty`, so
 * a file left with nothing but pwf's defaults is deleted.
 */
function mergeLines(h: HostSpec, mode: "merge" | "remove"): [string, string] {
  const f = h.manifestPath;
  const flags = mode === "merge" ? "--merge" : "--remove --delete-if-empty";
  const save = mode === "merge"
    ? `mv "$f.new" "$f"`
    : `{ if [ -s "$f.new" ]; then mv "$f.new" "$f"; else rm -f "$f" "$f.new"; fi; }`;
  const posix = `f=${f}; ${mode === "merge" ? `mkdir -p "$(dirname "$f")" && ` : ""}` +
    `{ cat "$f" 2>/dev/null || true; } | pwf hooks print ${h.name} ${flags} > "$f.new" && ` +
    `${save} || { rm -f "$f.new"; false; }`;
  const write = `[IO.File]::WriteAllText("$PWD\\$f", ($new -join "\`n") + "\`n")`;
  const ps = `$f = "${winPath(f)}"; ` +
    (mode === "merge" ? "New-Item -ItemType Directory -Force (Split-Path $f) | Out-Null; " : "") +
    `$OutputEncoding = [Console]::OutputEncoding = [Text.UTF8Encoding]::new($false); ` +
    `$old = if (Test-Path $f) { [IO.File]::ReadAllText("$PWD\\$f") } else { "" }; ` +
    `$new = $old | pwf hooks print ${h.name} ${flags}; ` +
    (mode === "merge"
      ? `if ($LASTEXITCODE -eq 0) { ${write} }`
      : `if ($LASTEXITCODE -eq 0) { if ("$new") { ${write} } elseif (Test-Path $f) { Remove-Item $f } }`);
  return [posix, ps];
}

/** POSIX and PowerShell lines that save pwf's own glue file(s) for the host. */
function glueLines(h: HostSpec): [string[], string[]] {
  const files = [
    { path: h.manifestPath, flag: "" },
    ...companionFiles(h, "pwf").map((c) => ({
      path: c.path,
      flag: ` --file ${c.path.split("/").pop()}`,
    })),
  ];
  const posix = files.map((f) =>
    `mkdir -p "$(dirname ${f.path})" && pwf hooks print ${h.name}${f.flag} > ${f.path}`
  );
  const ps = files.map((f) =>
    `New-Item -ItemType Directory -Force (Split-Path "${winPath(f.path)}") | Out-Null; ` +
    `[IO.File]::WriteAllText("$PWD\\${
      winPath(f.path)
    }", ((pwf hooks print ${h.name}${f.flag}) -join "\`n") + "\`n")`
  );
  return [posix, ps];
}

function packageSection(h: HostSpec, r: PackageRoute): string[] {
  const sub = (lines: readonly string[], pkg: string, sep: string) =>
    lines.map((l) => l.replace(`"$PKG"`, `${pkg}${sep}${r.dir}"`));
  const [merge, psMerge] = h.settings ? mergeLines(h, "merge") : ["", ""];
  return [
    `**Package** (${
      r.notes.split(". ")[0]!.replace(/^An? /, (a) => a.toLowerCase())
    }; see \`${PACKAGES_DIR}/${r.dir}/README.md\`):`,
    "",
    fence("sh", sub(r.install, POSIX_PKG, "/")),
    "",
    fence("powershell", sub(r.install, PS_PKG, "\\")),
    "",
    `Upgrade: replace the \`${PACKAGES_DIR}/\` directory with the new release's, then ` +
    (r.upgrade.length
      ? sub(r.upgrade, POSIX_PKG, "/").map((l) => `\`${l}\``).join(", ")
      : "start a new session (the host loads the directory in place)") +
    ". Uninstall: " +
    (r.uninstall.length
      ? sub(r.uninstall, POSIX_PKG, "/").map((l) => `\`${l}\``).join(", ") + "."
      : r.uninstallNote ?? ""),
    ...(h.settings
      ? [
        "",
        `Without the package (one project, or pwf not on PATH: add \`--bin /abs/path/to/pwf\`), merge the hooks into \`${h.manifestPath}\` (upgrade: run it again; uninstall: the same line with \`--remove\`):`,
        "",
        fence("sh", [merge]),
        "",
        fence("powershell", [psMerge]),
      ]
      : glueAlternative(h)),
  ];
}

function glueAlternative(h: HostSpec): string[] {
  if (h.glue === undefined) return [];
  const [posix, ps] = glueLines(h);
  return [
    "",
    "Without the package (one project), save the glue file instead (uninstall: delete it):",
    "",
    fence("sh", posix),
    "",
    fence("powershell", ps),
  ];
}

function mergeSection(h: HostSpec): string[] {
  const [merge, psMerge] = mergeLines(h, "merge");
  const [remove, psRemove] = mergeLines(h, "remove");
  return [
    `pwf ships no package for this host: merge pwf's hooks into \`${h.manifestPath}\` (add \`--bin /abs/path/to/pwf\` if pwf is not on PATH):`,
    "",
    fence("sh", [merge]),
    "",
    fence("powershell", [psMerge]),
    "",
    "Upgrade: run the same line again after replacing the binary (older pwf entries are replaced, " +
    "not duplicated; `pwf hooks check " + h.name + " < " + h.manifestPath +
    "` says whether anything would change). Uninstall: the same line with `--remove`:",
    "",
    fence("sh", [remove]),
    "",
    fence("powershell", [psRemove]),
  ];
}

function glueSection(h: HostSpec): string[] {
  const [posix, ps] = glueLines(h);
  const files = [h.manifestPath, ...companionFiles(h, "pwf").map((c) => c.path)];
  return [
    `pwf's registration is a file of its own (\`${files.join("`, `")}\`), no settings to merge:`,
    "",
    fence("sh", posix),
    "",
    fence("powershell", ps),
    "",
    "Upgrade: run the same lines again. Uninstall: delete " +
    files.map((f) => `\`${f}\``).join(", ") + ".",
  ];
}

/** Where the pinned host has a package route pwf does not ship, or none: one sentence. */
const ROUTE_NOTES: Readonly<Record<string, string>> = {
  cursor: "Cursor has no command-line plugin install here (its CLI is not on npm).",
  mastra:
    "Mastra Code 0.32.1 (npm `mastracode`) has plugins, but they carry tools, skills and commands, not hooks, and are installed from its interactive `/plugins` command (`mastracode plugin` only scaffolds one), so pwf's hooks go into `.mastracode/hooks.json`.",
  hermes:
    "Hermes Agent installs plugins from Git repositories (`hermes plugins install <git URL or owner/repo>`), and pwf's tests could not run Hermes (docs/install.md), so pwf ships no package for it: save the plugin files instead.",
};

/** The README section: one subsection per host, in host-table order. */
export function renderInstallSections(): string {
  return HOSTS.map((h) => {
    const r = PACKAGE_ROUTES.find((p) => p.host === h.name);
    const body = r ? packageSection(h, r) : h.settings ? mergeSection(h) : glueSection(h);
    const note = ROUTE_NOTES[h.name];
    return [`#### ${h.title}`, "", ...(note ? [note, ""] : []), ...body, ""].join("\n");
  }).join("\n");
}

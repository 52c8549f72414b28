// deno-lint-ignore-file no-console
/**
 * The shape of lib/, checked: which folder belongs to which layer, which
 * layer may import which, no import cycle, and a pure core (every non-test
 * file under lib/core type-checks with no Deno, console or timers).
 * docs/architecture.md's folder map is rendered from LAYERS (`deno task
 * gen`), so the table a reader sees is the table this check enforces.
 *
 * `deno run -A tools/layers.ts [root]` exits 1 and names every broken rule.
 * The import graph is Deno's own (`deno info --json`), so what it sees is
 * what the bundle and the type checker see, type-only imports included.
 * @module
 */

import { fileUrlToPath, pathToFileUrl, REPO_ROOT } from "./file_url.ts";

/** A layer: the folders in it, what it is for, and the layers it may import. */
export interface Layer {
  readonly name: string;
  readonly folders: readonly string[];
  readonly holds: string;
  readonly mayImport: readonly string[];
}

/** The layers, outermost first; a layer may always import itself. Every folder under lib/ is in one. */
export const LAYERS: readonly Layer[] = [
  {
    name: "entry",
    folders: ["main.ts"],
    holds: "argv, real stdio, the real Host, the exit code",
    mayImport: ["cli", "core"],
  },
  {
    name: "cli",
    folders: ["lib/cli"],
    holds: "the command table and one module per command: parse (pure), then run",
    mayImport: ["hosts", "orchestration", "fs", "core"],
  },
  {
    name: "hosts",
    folders: ["lib/hosts"],
    holds: "the host table: one pure adapter per host (payloads, answers, manifests, quirks)",
    mayImport: ["core", "templates"],
  },
  {
    name: "orchestration",
    folders: [
      "lib/catchup",
      "lib/gate",
      "lib/inject",
      "lib/ledger",
      "lib/mcp",
      "lib/plan",
      "lib/session",
      "lib/verify",
    ],
    holds: "one folder per concept: reads state through fs, asks core, writes the effects",
    mayImport: ["fs", "core"],
  },
  {
    name: "fs",
    folders: ["lib/fs"],
    holds: "the only filesystem code: containment, atomic files, locks, the cache directory",
    mayImport: ["core"],
  },
  {
    name: "core",
    folders: ["lib/core"],
    holds: "the pure domain, one folder per concept; no Deno, no console, no timers",
    mayImport: ["templates"],
  },
  {
    name: "templates",
    folders: ["templates"],
    holds: "data imported as text: plan templates, agent texts, host glue",
    mayImport: [],
  },
];

/** What a layer may import, in words: always itself, then its list. */
function mayImportText(l: Layer): string {
  return ["itself", ...l.mayImport].join(", ");
}

/** Repository-relative paths ("/"-separated) of a module and what it imports. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The layer of a repository-relative path, or null when no layer holds it. */
export function layerOf(path: string, layers: readonly Layer[] = LAYERS): Layer | null {
  return layers.find((l) => l.folders.some((f) => path === f || path.startsWith(`${f}/`))) ??
    null;
}

/** True for the files the layer rules govern: sources, not tests. */
export function isLayeredSource(path: string): boolean {
  return /\.(ts|js)$/.test(path) && !/_test\.ts$/.test(path) &&
    (path === "main.ts" || path.startsWith("lib/"));
}

/**
 * Every import that breaks a layer rule, as one line each.
 * @example
 * ```ts
 * import { layerViolations } from "./layers.ts";
 * const g = new Map([["lib/core/a.ts", ["lib/fs/read.ts"]]]);
 * if (layerViolations(g).length !== 1) throw new Error("core may not import fs");
 * ```
 */
export function layerViolations(graph: ImportGraph, layers: readonly Layer[] = LAYERS): string[] {
  const out: string[] = [];
  for (const [from, targets] of [...graph].sort(([a], [b]) => a < b ? -1 : 1)) {
    const src = layerOf(from, layers);
    if (!src) {
      out.push(`${from}: its folder is in no layer (add it to LAYERS in tools/layers.ts)`);
      continue;
    }
    for (const to of targets) {
      const dst = layerOf(to, layers);
      if (dst && dst !== src && !src.mayImport.includes(dst.name)) {
        out.push(
          `${from} (${src.name}) imports ${to} (${dst.name}): ${src.name} may import ${
            mayImportText(src)
          }`,
        );
      }
    }
  }
  return out;
}

/**
 * Every import cycle, each as the list of modules around it (the first one
 * repeated at the end), found with Tarjan's strongly connected components.
 * @example
 * ```ts
 * import { importCycles } from "./layers.ts";
 * const g = new Map([["a", ["b"]], ["b", ["a"]], ["c", ["a"]]]);
 * if (importCycles(g).length !== 1) throw new Error("one cycle");
 * ```
 */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next), low.set(v, next), next++;
    stack.push(v), onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const comp: string[] = [];
    for (let w = stack.pop()!;; w = stack.pop()!) {
      onStack.delete(w), comp.push(w);
      if (w === v) break;
    }
    if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(cyclePath(graph, comp));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** One cycle through the members of a strongly connected component. */
function cyclePath(graph: ImportGraph, comp: readonly string[]): string[] {
  const members = new Set(comp), start = [...comp].sort()[0]!;
  const path = [start], seen = new Set([start]);
  for (let at = start;;) {
    const nexts = (graph.get(at) ?? []).filter((w) => members.has(w));
    const back = nexts.find((w) => w === start);
    const fresh = nexts.find((w) => !seen.has(w));
    if (back !== undefined && (fresh === undefined || path.length === comp.length)) break;
    if (fresh === undefined) break;
    path.push(fresh), seen.add(fresh), at = fresh;
  }
  return [...path, start];
}

/** Repository-relative paths of the files under `dir` (recursively), sorted. */
export async function filesUnder(root: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for await (const e of Deno.readDir(`${root}/${rel}`)) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory) await walk(child);
      else if (e.isFile) out.push(child);
    }
  };
  await walk(dir);
  return out.sort();
}

/** The import graph of main.ts and every source under lib/, as Deno resolves it. */
export async function importGraph(root: string): Promise<Map<string, string[]>> {
  const sources = ["main.ts", ...(await filesUnder(root, "lib")).filter(isLayeredSource)];
  const entry = await Deno.makeTempFile({ suffix: ".ts" });
  try {
    await Deno.writeTextFile(
      entry,
      sources.map((s) => `import ${JSON.stringify(pathToFileUrl(`${root}/${s}`))};\n`).join(""),
    );
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--no-config", pathToFileUrl(entry)],
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!r.success) throw new Error(`deno info failed: ${new TextDecoder().decode(r.stderr)}`);
    return graphFromInfo(JSON.parse(new TextDecoder().decode(r.stdout)), root);
  } finally {
    await Deno.remove(entry);
  }
}

interface InfoModule {
  readonly specifier: string;
  readonly dependencies?: readonly {
    readonly code?: { readonly specifier?: string };
    readonly type?: { readonly specifier?: string };
  }[];
}

/** The repository-relative graph from `deno info --json` (modules outside `root` dropped). */
export function graphFromInfo(info: { modules: readonly InfoModule[] }, root: string) {
  const base = pathToFileUrl(`${root}/`);
  const rel = (u: string | undefined): string | null => {
    if (!u?.startsWith("file:")) return null;
    const href = pathToFileUrl(fileUrlToPath(u));
    return href.startsWith(base) ? decodeURIComponent(href.slice(base.length)) : null;
  };
  const graph = new Map<string, string[]>();
  for (const m of info.modules) {
    const from = rel(m.specifier);
    if (!from || !isLayeredSource(from)) continue;
    const to = new Set<string>();
    for (const d of m.dependencies ?? []) {
      for (const s of [d.code?.specifier, d.type?.specifier]) {
        const r = rel(s);
        if (r) to.add(r);
      }
    }
    graph.set(from, [...to].sort());
  }
  return graph;
}

/**
 * The pure-core check: `deno check` with lib ["esnext"] and only the Web
 * APIs of tools/core_web_globals.d.ts, over every non-test file under
 * lib/core. Returns the checker's output ("" when it passed).
 */
export async function coreCheck(root: string): Promise<{ ok: boolean; output: string }> {
  const files = (await filesUnder(root, "lib/core")).filter(isLayeredSource);
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["check", "--quiet", "--config", `${root}/tools/core.tsconfig.json`, ...files],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { ok: r.success, output: dec.decode(r.stdout) + dec.decode(r.stderr) };
}

/** Every broken rule of the tree at `root`, one line each (empty: all hold). */
export async function structureProblems(root: string): Promise<string[]> {
  const graph = await importGraph(root);
  return [
    ...layerViolations(graph),
    ...importCycles(graph).map((c) => `import cycle: ${c.join(" -> ")}`),
  ];
}

/** The folder map and import rules as Markdown (docs/architecture.md's generated part). */
export function renderLayersMarkdown(layers: readonly Layer[] = LAYERS): string {
  const rows = layers.map((l) =>
    `| ${l.name} | ${l.folders.map((f) => `\`${f}\``).join(", ")} | ${l.holds} | ${
      mayImportText(l)
    } |`
  );
  return [
    "| layer | folders | what it holds | may import |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (import.meta.main) {
  const root = Deno.args[0] ?? REPO_ROOT;
  const problems = await structureProblems(root);
  const core = await coreCheck(root);
  for (const p of problems) console.error(`pwf structure: ${p}`);
  if (!core.ok) console.error(`pwf structure: lib/core is not pure:\n${core.output}`);
  if (problems.length || !core.ok) Deno.exit(1);
  console.log("structure: layers hold, no import cycle, lib/core is pure");
}

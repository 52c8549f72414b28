/**
 * The shape of lib/ (tools/layers.ts): layers, cycles and the pure core,
 * on the real tree and on temporary copies with a rule broken on purpose.
 * @module
 */

import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { HOSTS } from "../lib/hosts/table.ts";
import { SKILL_HOSTS } from "../lib/hosts/skill_places.ts";
import {
  coreCheck,
  filesUnder,
  importCycles,
  isLayeredSource,
  LAYERS,
  layerViolations,
  renderLayersMarkdown,
  structureProblems,
} from "../tools/layers.ts";

/** A copy of what the structure check reads (main.ts, lib/, templates/, the core config). */
async function treeCopy(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "pwf-structure-" });
  const files = [
    "main.ts",
    "tools/core.tsconfig.json",
    "tools/core_web_globals.d.ts",
    ...await filesUnder(REPO, "lib"),
    ...await filesUnder(REPO, "templates"),
  ];
  for (const f of files) {
    await Deno.mkdir(`${dir}/${f.slice(0, f.lastIndexOf("/") + 1)}`, { recursive: true });
    await Deno.copyFile(`${REPO}/${f}`, `${dir}/${f}`);
  }
  return dir;
}

async function append(dir: string, rel: string, text: string): Promise<void> {
  await Deno.writeTextFile(`${dir}/${rel}`, text, { append: true });
}

Deno.test("lib/ keeps its layers, has no import cycle, and lib/core is pure", async () => {
  assertEquals(await structureProblems(REPO), []);
  const core = await coreCheck(REPO);
  assert(core.ok, core.output);
});

Deno.test("every folder under lib/ belongs to exactly one layer", async () => {
  const folders = new Set(
    (await filesUnder(REPO, "lib")).filter(isLayeredSource).map((f) => f.split("/").slice(0, 2))
      .map((p) => p.join("/")),
  );
  for (const folder of folders) {
    const holders = LAYERS.filter((l) => l.folders.includes(folder));
    assertEquals(holders.length, 1, `${folder} is in ${holders.length} layers`);
  }
});

Deno.test("importCycles() finds a two-module cycle and a self-import, and nothing in a tree", () => {
  const cyclic = new Map([["a", ["b"]], ["b", ["c", "a"]], ["c", []], ["d", ["d"]]]);
  assertEquals(importCycles(cyclic), [["a", "b", "a"], ["d", "d"]]);
  const tree = new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]);
  assertEquals(importCycles(tree), []);
});

Deno.test("layerViolations() refuses an inward module importing outward, and a folder in no layer", () => {
  const graph = new Map([
    ["lib/core/plan/parse.ts", ["lib/fs/read.ts", "lib/core/text/lines.ts"]],
    ["lib/fs/read.ts", ["lib/core/errors.ts"]],
    ["lib/cli/run.ts", ["lib/hosts/table.ts", "lib/gate/state.ts"]],
    ["lib/hosts/claude.ts", ["lib/plan/tree.ts"]],
    ["lib/newthing/x.ts", []],
  ]);
  const v = layerViolations(graph);
  assertEquals(v.length, 3, v.join("\n"));
  assert(v[0]!.startsWith("lib/core/plan/parse.ts (core) imports lib/fs/read.ts (fs)"), v[0]);
  assert(v[1]!.startsWith("lib/hosts/claude.ts (hosts) imports lib/plan/tree.ts"), v[1]);
  assert(v[2]!.startsWith("lib/newthing/x.ts: its folder is in no layer"), v[2]);
});

Deno.test("a cycle planted in a copy of lib/ fails the structure check and is named", async () => {
  const dir = await treeCopy();
  try {
    // parse.ts imports lines.ts; lines.ts importing parse.ts closes a cycle.
    await append(
      dir,
      "lib/core/text/lines.ts",
      `\nexport { parsePlan } from "../plan/parse.ts";\n`,
    );
    const problems = await structureProblems(dir);
    assertEquals(problems.length, 1, problems.join("\n"));
    assert(problems[0]!.startsWith("import cycle: "), problems[0]);
    assert(problems[0]!.includes("lib/core/text/lines.ts"), problems[0]);
    assert(problems[0]!.includes("lib/core/plan/parse.ts"), problems[0]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("core importing the filesystem layer fails the structure check", async () => {
  const dir = await treeCopy();
  try {
    await append(
      dir,
      "lib/core/gate/rule.ts",
      `\nexport { PLANNING_DIR } from "../../fs/paths.ts";\n`,
    );
    const problems = await structureProblems(dir);
    assertEquals(problems, [
      "lib/core/gate/rule.ts (core) imports lib/fs/paths.ts (fs): core may import itself, templates",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

for (const planted of ["Deno.cwd();", 'console.log("x");']) {
  Deno.test(`${planted} added to any file under lib/core fails the purity check, naming that file`, async () => {
    const dir = await treeCopy();
    try {
      const core = (await filesUnder(dir, "lib/core")).filter(isLayeredSource);
      assert(core.length > 40, `only ${core.length} core files found`);
      // Every file at once: one check names each file whose global it refused.
      for (const f of core) await append(dir, f, `\n${planted}\n`);
      const r = await coreCheck(dir);
      assert(!r.ok, "the purity check passed with a forbidden global in every core file");
      const named = r.output.replaceAll("\\", "/");
      const missed = core.filter((f) => !named.includes(`/${f}:`));
      assertEquals(missed, [], `files whose ${planted} the check did not refuse`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("docs/architecture.md's layer table is the one tools/layers.ts enforces", async () => {
  const doc = await Deno.readTextFile(`${REPO}/docs/architecture.md`);
  assert(
    doc.includes(renderLayersMarkdown()),
    "run `deno task gen` to refresh docs/architecture.md",
  );
});

/** A host-name branch: `x.name === "codex"`, `host !== "cursor"`, `findHost("claude")`, either way round. */
function hostBranches(text: string): string[] {
  const names = [...new Set([...HOSTS, ...SKILL_HOSTS].map((h) => h.name))].join("|");
  const q = `"(?:${names})"`;
  const re = new RegExp(
    `(?:\\b(?:name|host)\\s*[!=]==\\s*${q})|(?:${q}\\s*[!=]==\\s*[\\w.]*\\b(?:name|host)\\b)|(?:find(?:Skill)?Host\\(${q}\\))`,
    "g",
  );
  return [...text.matchAll(re)].map((m) => m[0]);
}

Deno.test("hostBranches() finds a comparison with a host's name either way round, and a lookup by literal name", () => {
  assertEquals(hostBranches(`spec.name === "cursor" ? a : b`), [`name === "cursor"`]);
  assertEquals(hostBranches(`if ("codex" !== args.host) {}`), [`"codex" !== args.host`]);
  assertEquals(hostBranches(`findHost("claude")?.gateLimit`), [`findHost("claude")`]);
  assertEquals(hostBranches(`format === "codex"; s.name === "task_plan.md"`), []);
});

Deno.test("nothing outside lib/hosts branches on a host's name: every host decision is data in the host table", async () => {
  const found: string[] = [];
  for (const f of await filesUnder(REPO, "lib")) {
    if (!f.endsWith(".ts") || f.startsWith("lib/hosts/") || f.endsWith("_test.ts")) continue;
    for (const hit of hostBranches(await Deno.readTextFile(`${REPO}/${f}`))) {
      found.push(`${f}: ${hit}`);
    }
  }
  assertEquals(found, []);
});

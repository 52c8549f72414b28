/**
 * The one artifact (tools/bundle.ts, docs/build.md): dist/pwf.js is built
 * from the current sources, a change to any source makes it stale and the
 * next run rebuilds it, the key covers main.ts's whole module graph, and the
 * compile input is the same bundle.
 */

import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { BUILD_INFO } from "../lib/core/build_info.ts";
import {
  BUNDLE_REL,
  bundleKey,
  bundleStatus,
  ensureBundle,
  isBundleSource,
  sourceKey,
} from "../tools/bundle.ts";
import { graphFiles, stageBundle, stageSources } from "../tools/stage.ts";
import { assert, assertEquals, assertNotEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO, tempProject } from "./helpers.ts";

Deno.test("the black-box tests run dist/pwf.js, and it was built from the current sources", async () => {
  assert(MAIN.replaceAll("\\", "/").endsWith(`/${BUNDLE_REL}`), MAIN);
  const st = await bundleStatus(REPO);
  assertEquals(await bundleKey(MAIN), st.key, "dist/pwf.js is stale relative to the sources");
  assert(st.fresh);
});

Deno.test("every module of main.ts's graph is a bundle source, so editing any of them makes the artifact stale", async () => {
  const graph = await graphFiles(REPO);
  assert(graph.length > 20, "the graph was read");
  assertEquals(graph.filter((f) => !isBundleSource(f)), []);
  assert(graph.some((f) => f.startsWith("templates/")), "text imports are in the graph");
});

Deno.test("a source change makes the artifact stale; ensureBundle rebuilds it and the rebuilt module is what runs", async () => {
  const p = await tempProject("pwf-bundle-");
  try {
    const tree = `${p.dir}/tree`;
    await stageSources(REPO, tree, BUILD_INFO);
    const first = await ensureBundle(tree);
    assert(first.built, "a missing artifact is built");
    assertEquals(await bundleStatus(tree).then((s) => s.fresh), true);
    assertEquals((await ensureBundle(tree)).built, false, "a fresh artifact is not rebuilt");

    const keyBefore = await sourceKey(tree);
    const template = `${tree}/templates/task_plan.md`;
    const text = await Deno.readTextFile(template);
    await Deno.writeTextFile(template, text.replace("## Goal", "## Goal\nPROBE-rebuilt-artifact"));
    assertNotEquals(await sourceKey(tree), keyBefore);
    assertEquals((await bundleStatus(tree)).fresh, false, "the old artifact is stale");
    const again = await ensureBundle(tree);
    assert(again.built, "the stale artifact is rebuilt");
    assertEquals(await readDir(`${tree}/dist`), ["pwf.js"], "no temp or lock file left");

    const project = `${p.dir}/project`;
    await Deno.mkdir(project);
    const r = await new Deno.Command(Deno.execPath(), {
      args: ["run", ...PERMISSION_FLAGS, again.file, "init", "Probe"],
      cwd: project,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(r.code, 0, new TextDecoder().decode(r.stderr));
    const dirs = await readDir(`${project}/.planning`);
    const id = dirs.find((d) => d.endsWith("-probe"));
    assert(id, dirs.join());
    assertStringIncludes(
      await Deno.readTextFile(`${project}/.planning/${id}/task_plan.md`),
      "PROBE-rebuilt-artifact",
    );
  } finally {
    await p.cleanup();
  }
});

Deno.test("the compile input is the same bundle as dist/pwf.js (same step, byte-identical for the same build info)", async () => {
  const p = await tempProject("pwf-bundle-");
  try {
    const staged = await stageBundle(REPO, `${p.dir}/src`, BUILD_INFO);
    assert(staged.entry.endsWith("/pwf.js"), staged.entry);
    const body = (t: string) => t.slice(t.indexOf("\n") + 1);
    assertEquals(
      body(await Deno.readTextFile(staged.entry)),
      body(await Deno.readTextFile(MAIN)),
      "the staged bundle differs from dist/pwf.js",
    );
  } finally {
    await p.cleanup();
  }
});

Deno.test("the bundle keeps no module graph of its own: no import of a local file, text imports inlined", async () => {
  const text = await Deno.readTextFile(MAIN);
  assertEquals(/\bfrom\s+["']\.{0,2}\//.test(text), false, "a static import of a local file");
  assertEquals(/\bimport\(\s*["']/.test(text), false, "a dynamic import of a file");
  // an import attribute, not MCP's `{ type: "text", text }` content
  assertEquals(/with\s*\{\s*type:\s*"text"/.test(text), false, "a text import survived unbundled");
  assertStringIncludes(text, "# Task Plan: {{TITLE}}", "the plan template is inlined");
});

async function readDir(dir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
}

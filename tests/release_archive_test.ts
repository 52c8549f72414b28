import { renderCompletions } from "../lib/cli/completions.ts";
import { packageFiles } from "../tools/package_layout.ts";
import { archiveDir, archiveLayout, stageArchive } from "../tools/release_stage.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO, tempProject } from "./helpers.ts";

async function listTree(root: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(rel ? `${root}/${rel}` : root)) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await listTree(root, p));
    else out.push(p);
  }
  return out.sort();
}

Deno.test("a release archive holds the binary, README, completions and every host package", async () => {
  const t = await tempProject();
  try {
    for (const target of ["x86_64-unknown-linux-gnu", "x86_64-pc-windows-msvc"]) {
      const bin = `${t.dir}/fake-pwf`;
      await Deno.writeTextFile(bin, "not a real binary\n");
      const dir = await stageArchive({ version: "9.8.7", target, bin, out: `${t.dir}/stage` });
      assertEquals(dir, `${t.dir}/stage/${archiveDir("9.8.7", target)}`);
      const files = await listTree(dir);
      assertEquals(files, archiveLayout(target));
      assert(files.includes(target.includes("windows") ? "pwf.exe" : "pwf"), target);
      for (
        const path of [
          "packages/claude/.claude-plugin/marketplace.json",
          "packages/gemini/gemini-extension.json",
          "packages/copilot/.github/plugin/marketplace.json",
          "packages/codex/.agents/plugins/marketplace.json",
          "packages/pi/package.json",
          "packages/qwen/qwen-extension.json",
          "packages/factory/.factory-plugin/marketplace.json",
        ]
      ) {
        assert(files.includes(path), `${target}: ${path}`);
      }
      for (const f of packageFiles()) {
        assertEquals(await Deno.readTextFile(`${dir}/${f.path}`), f.text, f.path);
        assertEquals(
          await Deno.readTextFile(`${REPO}/${f.path}`),
          f.text,
          `${f.path}: run deno task gen`,
        );
      }
      assertEquals(
        await Deno.readTextFile(`${dir}/README.md`),
        await Deno.readTextFile(`${REPO}/README.md`),
      );
      assertEquals(
        await Deno.readTextFile(`${dir}/completions/pwf.bash`),
        renderCompletions("bash"),
      );
    }
  } finally {
    await t.cleanup();
  }
});

Deno.test("release.yml lays out each archive with tools/release_stage.ts before packing it", async () => {
  const text = await Deno.readTextFile(`${REPO}/.github/workflows/release.yml`);
  assertStringIncludes(text, "deno run --allow-read --allow-write tools/release_stage.ts");
  assertStringIncludes(
    text,
    '--version "$VERSION" --target "$target" --bin "dist/$target/$exe" --out stage',
  );
  assertStringIncludes(text, 'tar -C stage -czf "release/$name.tar.gz" "$name"');
  assertStringIncludes(text, '(cd stage && zip -qr "../release/$name.zip" "$name")');
});

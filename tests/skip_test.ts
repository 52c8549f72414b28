/**
 * A test is skipped only through tests/skip.ts, so the skip is counted and
 * listed with its reason; a test that returns early on some platform passes
 * there without testing anything and nobody sees it.
 * @module
 */

import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { hardLinksCounted, skipWhen } from "./skip.ts";

/** What makes a condition a platform check (the OS, or a probe of what the platform can do). */
const PLATFORM =
  /Deno\.build\.(os|arch)|\bWINDOWS\b|\bIS_WINDOWS\b|\bisWindows\b|symlinksWork\(|hardLinksCounted\(|isLinuxRoot\(/;

/** `if (<platform check>) return;` (also `{ return; }`): the line and text of each one in `source`. */
function earlyPlatformReturns(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (const m of source.matchAll(/\bif\s*\(([^;{}]*?)\)\s*(?:\{\s*)?return\s*(?:;|\}|\n)/g)) {
    if (!PLATFORM.test(m[1]!)) continue;
    const line = source.slice(0, m.index).split("\n").length;
    found.push({ line, text: m[0].replace(/\s+/g, " ").trim() });
  }
  return found;
}

/** Every test source: tests/**.ts (not the fixtures) and lib/**\/*_test.ts, relative to REPO. */
async function testSources(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, keep: (name: string) => boolean) => {
    for await (const e of Deno.readDir(`${REPO}/${dir}`)) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory && rel !== "tests/testdata") await walk(rel, keep);
      else if (e.isFile && keep(e.name)) files.push(rel);
    }
  };
  await walk("tests", (n) => n.endsWith(".ts"));
  await walk("lib", (n) => n.endsWith("_test.ts"));
  return files.sort();
}

Deno.test("the early-return scan finds a bare return on a platform check and lets probes return a value", () => {
  const bad = [
    'Deno.test("x", async () => {\n  if (Deno.build.os === "windows") return;\n  await go();\n});',
    "fn: () => {\n    if (!symlinksWork()) {\n      return;\n    }\n  }",
    "  if (WINDOWS && slow) return\n  go();",
    'if (Deno.build.os !== "linux") { return; }',
  ];
  for (const src of bad) assertEquals(earlyPlatformReturns(src).length, 1, src);
  assertEquals(earlyPlatformReturns(`a();\nb();\n${bad[0]}`)[0]!.line, 4);
  const fine = [
    'function probe(): boolean {\n  if (Deno.build.os === "windows") return false;\n}',
    'if (r.stdout === "") return;',
    'if (Deno.build.os !== "windows") assertEquals(mode, 0o600);',
  ];
  for (const src of fine) assertEquals(earlyPlatformReturns(src), [], src);
});

Deno.test("no test returns early on a platform: each skip goes through tests/skip.ts with a reason", async () => {
  const files = await testSources();
  assert(files.includes("tests/escape_test.ts") && files.includes("lib/fs/read_test.ts"), "scan");
  const self = "tests/skip_test.ts";
  const found: string[] = [];
  for (const file of files.filter((f) => f !== self)) {
    for (const { line, text } of earlyPlatformReturns(await Deno.readTextFile(`${REPO}/${file}`))) {
      found.push(`${file}:${line}: ${text}`);
    }
  }
  assertEquals(found, [], "use skipOnWindows / skipWhen / skipUnless* from tests/skip.ts");
});

Deno.test(skipWhen(
  Deno.build.os !== "linux",
  `on ${Deno.build.os}, whether the filesystem counts hard links is not known in advance`,
  {
    name: "hardLinksCounted() sees a file's second hard link on Linux",
    fn: () => assert(hardLinksCounted(), "a second link did not raise nlink"),
  },
));

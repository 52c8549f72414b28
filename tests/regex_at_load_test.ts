// A regular expression with a Unicode property escape costs about a
// millisecond to build; one built at load is paid by every hook fire
// (docs/performance.md, "ASCII first"). So no module of lib/ builds one at
// load: each is made on first use (lib/core/text/once.ts) or where used.
import { assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";

/** Module-level statements (starting at column 0) of a source text. */
function topLevelStatements(text: string): string[] {
  const out: string[] = [];
  let cur: string[] | null = null;
  for (const line of text.split("\n")) {
    if (/^(export )?(const|let|var) /.test(line)) cur = [];
    if (cur === null) continue;
    cur.push(line);
    if (/;\s*$/.test(line)) {
      out.push(cur.join("\n"));
      cur = null;
    }
  }
  return out;
}

/** A regex literal holding `\p{...}` or `\P{...}`. */
const PROPERTY_LITERAL = /\/[^/\n]*\\[pP]\{[^/\n]*\/[dgimsuvy]*[uv]/;

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* sources(path);
    else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) yield path;
  }
}

Deno.test("no lib/ module builds a Unicode-property regex at load", async () => {
  const found: string[] = [];
  for await (const path of sources(`${REPO}/lib`)) {
    for (const s of topLevelStatements(await Deno.readTextFile(path))) {
      if (PROPERTY_LITERAL.test(s) && !s.includes("once(")) {
        found.push(`${path}: ${s.slice(0, 80)}`);
      }
    }
  }
  assertEquals(found, []);
});

Deno.test("the load scan sees a module-level property regex", () => {
  const s = topLevelStatements("const A = 1;\nconst WORD =\n  /^\\p{L}+$/u;\nfunction f() {}\n");
  assertEquals(s.filter((x) => PROPERTY_LITERAL.test(x)).length, 1);
});

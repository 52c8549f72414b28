/**
 * The eager-functions build step (tools/eager.ts, docs/build.md): the
 * artifact is ASCII, a fire of the artifact compiles few of its functions
 * lazily, and the rewrite keeps a program's behaviour while making exactly
 * the functions that ran eager (checked with V8's own function events).
 */

import { asciiOnly, eagerRewrite, functionEvents, mustRun, topLevel } from "../tools/eager.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO, SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";

/** Names of the functions V8 compiled lazily (on their first call) in a run: "parse-function" events of the script. */
function lazyCompiles(log: string, name: string): string[] {
  const ids = new Set<string>();
  const out: string[] = [];
  for (const line of log.split("\n")) {
    const f = line.split(",");
    if (f[0] === "script-details" && f[2]?.endsWith(`/${name}`)) ids.add(f[1]!);
    if (f[0] === "function" && f[1] === "parse-function" && ids.has(f[2] ?? "")) {
      out.push(f[7] ?? "");
    }
  }
  return out;
}

// A program with every shape the rewrite handles, and the ones it must leave alone.
const TOY = [
  `var early=twice(2);`,
  `function twice(n){return n*2}`,
  `async function later(x){return x+1}`,
  `function unused(){return "never"}`,
  `var init=(f)=>()=>f();`,
  `var setUp=init(()=>{globalThis.ready=twice(5)});`,
  `var expr=function named(a){return a+"!"};`,
  `var arrow=(a,b)=>{return a+b};`,
  `var self={v:7,get(){return (()=>{return this.v})()}};`,
  `function once(){once=function(){return "again"};return "first"}`,
  `var dash=/^\\\u2014$/.test("\u2014");`,
  `function* gen(){yield 1}`,
  `setUp();`,
  `console.log(early,await later(1),expr("x"),arrow(1,2),self.get(),[...gen()].length,globalThis.ready,"\u2014",once(),once(),dash);`,
].join("\n");

Deno.test("the eager rewrite keeps a program's output and compiles exactly the functions that ran eagerly", async () => {
  const p = await tempProject("pwf-eager-");
  try {
    const src = asciiOnly(TOY);
    assertEquals(/[^ -~\t\n\r]/.test(src), false, "asciiOnly left a non-ASCII character");
    await writeText(p.dir, "toy.js", src);
    const all = functionEvents(
      (await mustRun("toy.js", p.dir, [], ["--no-lazy"], "")).log,
      "toy.js",
    );
    const ran = await mustRun("toy.js", p.dir, [], [], "");
    const { executed } = functionEvents(ran.log, "toy.js");
    assert(topLevel(all.compiled, src.length).length >= 9, "every top-level function has a range");

    const { text, eager } = eagerRewrite(src, all.compiled, executed);
    await writeText(p.dir, "eager.js", text);
    const after = await mustRun("eager.js", p.dir, [], [], "");
    assertEquals(after.stdout, ran.stdout, "the rewrite changed what the program prints");
    assertEquals(ran.stdout, "4 2 x! 3 7 1 10 \u2014 first again true\n");
    assertStringIncludes(
      text,
      "twice=(function(n){return n*2})",
      "a declaration moves to the top",
    );
    assertStringIncludes(
      text,
      "init((function(){globalThis.ready",
      "an initialiser arrow becomes eager",
    );
    assertStringIncludes(text, "=(function named(a)", "a function expression is wrapped");
    assertStringIncludes(text, "function unused(){", "a function that never ran stays lazy");
    assertStringIncludes(text, "function* gen(){", "a generator is left alone");
    assertStringIncludes(text, "(()=>{return this.v})", "an arrow that uses this stays an arrow");
    assertEquals(eager, 6, text);
    const before = lazyCompiles(ran.log, "toy.js");
    const now = lazyCompiles(after.log, "eager.js");
    for (const f of ["twice", "later", "named", "arrow"]) {
      assert(before.includes(f), `${f} was compiled on first call before the rewrite: ${before}`);
      assert(!now.includes(f), `${f} is still compiled on first call: ${now}`);
    }
    for (const f of ["get", "gen"]) assert(now.includes(f), `${f} stays lazy: ${now}`);
    assert(
      !now.includes("unused") && !before.includes("unused"),
      "a function that never runs is never compiled",
    );
  } finally {
    await p.cleanup();
  }
});

Deno.test("the artifact is ASCII and a typical hook fire compiles few of its functions on first call", async () => {
  const text = await Deno.readTextFile(MAIN);
  assertEquals(/[^ -~\t\n\r]/.test(text), false, "dist/pwf.js holds a non-ASCII character");
  const p = await tempProject("pwf-eager-");
  try {
    await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(p.dir, ".planning/p/progress.md", "# Progress\n- started\n");
    await writeText(p.dir, ".planning/.active_plan", "p\n");
    const name = MAIN.slice(Math.max(MAIN.lastIndexOf("/"), MAIN.lastIndexOf("\\")) + 1);
    // The turn's events (tools/eager.ts EAGER_OPS); a start or a stop compiles its own on first call.
    for (const event of ["UserPromptSubmit", "PreToolUse", "PostToolUse"]) {
      const r = await mustRun(
        MAIN,
        p.dir,
        ["hook", "claude", event],
        [],
        JSON.stringify({
          session_id: "s",
          hook_event_name: event,
          prompt: "go",
          tool_name: "Edit",
        }),
      );
      // Without the eager step a typical prompt fire compiles ~230 of the bundle's functions lazily (~35 with it).
      const lazy = lazyCompiles(r.log, name).length;
      assert(lazy < 60, `${event}: ${lazy} functions compiled on first call`);
    }
  } finally {
    await p.cleanup();
  }
});

Deno.test("no String.raw template in lib/ holds a non-ASCII character (the build escapes them, which its raw text would see)", async () => {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.name.endsWith(".ts") && !e.name.endsWith("_test.ts")) {
        const text = await Deno.readTextFile(path);
        for (const m of text.matchAll(/(String\.raw)`([^`]*)`/g)) {
          if (/[^\t\n\r -~]/.test(m[2] ?? "")) found.push(`${path}: ${m[1]}\`...\``);
        }
      }
    }
  }
  await walk(`${REPO}/lib`);
  assertEquals(found, []);
});

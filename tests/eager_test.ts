/**
 * The eager-functions build step (tools/eager.ts, docs/build.md): the
 * artifact is ASCII, a fire of the artifact compiles few of its functions
 * lazily, and the rewrite keeps a program's behaviour while making exactly
 * the functions that ran eager (checked with V8's own function events); when
 * the step cannot apply, the build ships the plain bundle after one line, and
 * a bundle that fails by itself still fails the build.
 */

import {
  asciiOnly,
  eagerRewrite,
  EagerUnavailable,
  functionEvents,
  topLevel,
} from "../tools/eager.ts";
import { mustRun } from "../tools/eager_fires.ts";
import {
  buildBundle,
  BundleError,
  bundleHeader,
  type EagerSteps,
  plainBundle,
  sourceKey,
} from "../tools/bundle.ts";
import { assert, assertEquals, assertRejects, assertStringIncludes } from "./assert.ts";
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
    // The turn's events (tools/eager_fires.ts EAGER_OPS); a start or a stop compiles its own on first call.
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

/** The body of a bundle: everything after its first (key) line. */
function body(text: string): string {
  return text.slice(text.indexOf("\n") + 1);
}

/** A claude prompt fire of `file` on a fresh typical project: exit 0 and the plan's goal in the answer. */
async function firesWell(file: string, dir: string): Promise<void> {
  await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
  await writeText(dir, ".planning/.active_plan", "p\n");
  const v = await mustRun(file, dir, ["--version"], null, "");
  assert(v.stdout.startsWith("pwf "), v.stdout);
  const r = await mustRun(
    file,
    dir,
    ["hook", "claude", "UserPromptSubmit"],
    null,
    JSON.stringify({ session_id: "s", hook_event_name: "UserPromptSubmit", prompt: "go" }),
  );
  assertStringIncludes(r.stdout, "Ship the sample feature with tests.");
}

// Each way the eager step can fail on a working bundle (docs/build.md), injected into the build.
const FAILURES: readonly { what: string; steps: Partial<EagerSteps>; reason: string }[] = [
  {
    what: "V8's log holds nothing the step can read",
    steps: {
      profile: () =>
        Promise.resolve({ ...functionEvents("v8-version,99\nnot,a,log\n", "pwf.js"), answers: [] }),
    },
    reason: "V8 logged no function of the bundle",
  },
  {
    what: "a fire under V8's logging fails",
    steps: { profile: () => Promise.reject(new EagerUnavailable("pwf hook claude none exited 1")) },
    reason: "pwf hook claude none exited 1",
  },
  {
    what: "the rewrite does not match the bundler's output",
    steps: {
      rewrite: () => {
        throw new Error("unexpected shape at 1234");
      },
    },
    reason: "the rewrite threw: unexpected shape at 1234",
  },
  {
    what: "the rewritten bundle answers otherwise than the plain one",
    steps: {
      fault: () =>
        Promise.resolve("pwf hook claude PreToolUse answers otherwise than before the rewrite"),
    },
    reason:
      "the rewritten bundle failed its check: pwf hook claude PreToolUse answers otherwise than before the rewrite",
  },
];

/** A tree whose main.ts answers every fixture fire and `--version` (what the eager step needs of a bundle). */
async function tinyTree(dir: string): Promise<string> {
  await writeText(
    dir,
    "tree/main.ts",
    [
      `function answer(args: string[]): string {`,
      `  return args[0] === "--version" ? "pwf 0.0.0" : JSON.stringify({ args });`,
      `}`,
      `console.log(answer(Deno.args));`,
      ``,
    ].join("\n"),
  );
  return `${dir}/tree`;
}

Deno.test("for each way the eager step can fail, the build says so in one line and ships the plain bundle", async () => {
  const p = await tempProject("pwf-eager-");
  try {
    const tree = await tinyTree(p.dir);
    await plainBundle(tree, `${p.dir}/plain.js`);
    const plain = await Deno.readTextFile(`${p.dir}/plain.js`);
    for (const [i, f] of FAILURES.entries()) {
      const out = `${p.dir}/out-${i}/pwf.js`;
      const lines: string[] = [];
      const built = await buildBundle(tree, out, { eager: f.steps, warn: (l) => lines.push(l) });
      assertEquals(built, { eager: false, reason: f.reason }, f.what);
      assertEquals(lines, [
        `pwf build: eager compilation skipped (${f.reason}); shipping the plain bundle`,
      ], f.what);
      assertEquals(await Deno.readTextFile(out), plain, `${f.what}: not the plain bundle`);
      assertEquals(await bundleHeader(out), { key: await sourceKey(tree), plain: true }, f.what);
      assertEquals(
        (await Array.fromAsync(Deno.readDir(`${p.dir}/out-${i}`))).length,
        1,
        "no temp file left",
      );
    }
  } finally {
    await p.cleanup();
  }
});

Deno.test("pwf's own build, when its rewrite throws, ships the plain bundle after one line, and that bundle works", async () => {
  const p = await tempProject("pwf-eager-");
  try {
    await plainBundle(REPO, `${p.dir}/plain.js`);
    const plain = await Deno.readTextFile(`${p.dir}/plain.js`);
    assert(body(plain) !== body(await Deno.readTextFile(MAIN)), "dist/pwf.js is the eager bundle");
    const out = `${p.dir}/out/pwf.js`;
    const lines: string[] = [];
    const rewrite = () => {
      throw new Error("unexpected shape at 1234");
    };
    const built = await buildBundle(REPO, out, { eager: { rewrite }, warn: (l) => lines.push(l) });
    const reason = "the rewrite threw: unexpected shape at 1234";
    assertEquals(built, { eager: false, reason });
    assertEquals(lines, [
      `pwf build: eager compilation skipped (${reason}); shipping the plain bundle`,
    ]);
    assertEquals(await Deno.readTextFile(out), plain, "not the plain bundle");
    await firesWell(out, `${p.dir}/project`);
  } finally {
    await p.cleanup();
  }
});

Deno.test("a bundle whose own fixture fire fails fails the build, eager step or not", async () => {
  const p = await tempProject("pwf-eager-");
  try {
    // A product bug: every hook fire crashes, with or without V8's logging.
    await writeText(
      p.dir,
      "tree/main.ts",
      `if (Deno.args[0] === "hook") Deno.exit(3);\nconsole.log("pwf 0.0.0");\n`,
    );
    const lines: string[] = [];
    const out = `${p.dir}/tree/dist/pwf.js`;
    const err = await assertRejects(
      () => buildBundle(`${p.dir}/tree`, out, { warn: (l) => lines.push(l) }),
      BundleError,
      "fails a fixture fire by itself, without the eager step: pwf hook",
    );
    assertStringIncludes(err.message, "exited 3");
    assertEquals(lines, [], "no 'skipped' line for a bundle that is broken by itself");
    assertEquals(await Deno.stat(out).then(() => true, () => false), false, "nothing shipped");
  } finally {
    await p.cleanup();
  }
});

Deno.test("dist/pwf.js is the eager bundle, not a plain one", async () => {
  assertEquals((await bundleHeader(MAIN))?.plain, false);
});

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { FORBIDDEN_FLAGS, PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { REPO, runPwf, tempProject } from "./helpers.ts";
import { pathToFileUrl } from "../tools/file_url.ts";

const denoJson = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`));
const readme = await Deno.readTextFile(`${REPO}/README.md`);
const pinned = (await Deno.readTextFile(`${REPO}/.dvmrc`)).trim();

/** The environment without pwf's variables or an outer task's INIT_CWD. */
function scrubbedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([k]) =>
      !/^(PWF_|PLAN_ID$|PLANNING_DISABLED$|INIT_CWD$)/.test(k)
    ),
  );
}

/** The flags between "deno run" and the script in the pwf task. */
function taskFlags(): string[] {
  const task: string = denoJson.tasks.pwf;
  const m = /cd "\$INIT_CWD" && deno run (.*?) "\$R\/dist\/pwf\.js"/.exec(task);
  assert(m?.[1], `unexpected pwf task: ${task}`);
  return m[1].split(/\s+/);
}

Deno.test("the pwf task runs the bundle (dist/pwf.js) under exactly the permission module's flags", () => {
  assertEquals(taskFlags(), [...RUN_FLAGS, ...PERMISSION_FLAGS]);
});

Deno.test("the permission flags deny the network and never widen the sandbox", () => {
  assert(PERMISSION_FLAGS.includes("--deny-net"));
  assert(PERMISSION_FLAGS.includes("--no-prompt"));
  for (const f of PERMISSION_FLAGS) {
    for (const bad of FORBIDDEN_FLAGS) assert(!f.startsWith(bad), `${f} widens the sandbox`);
  }
});

Deno.test("the pwf task runs in the caller's directory and passes args, stdin and exit code through", async () => {
  const p = await tempProject();
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", "--config", `${REPO}/deno.json`, "pwf", "init", "Task Test", "--json"],
      cwd: p.dir,
      env: scrubbedEnv(),
      clearEnv: true,
      stdin: "null",
    }).output();
    assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    assertStringIncludes(new TextDecoder().decode(out.stdout), "task-test");
    await Deno.stat(`${p.dir}/.planning`);
    const bad = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", "--config", `${REPO}/deno.json`, "pwf", "resolve"],
      cwd: p.dir,
      env: { ...scrubbedEnv(), PLAN_ID: "nope" },
      clearEnv: true,
      stdin: "null",
    }).output();
    assertEquals(bad.code, 5);
    const piped = new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "-q",
        "--config",
        `${REPO}/deno.json`,
        "pwf",
        "catchup",
        "--metadata",
        "--transcript",
        "-",
      ],
      cwd: p.dir,
      env: scrubbedEnv(),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
    }).spawn();
    const w = piped.stdin.getWriter();
    await w.write(
      new TextEncoder().encode(
        `{"type":"user","cwd":${JSON.stringify(p.dir)},"message":{"role":"user","content":"hi"}}\n`,
      ),
    );
    await w.close();
    const pipedOut = new TextDecoder().decode((await piped.output()).stdout);
    assertStringIncludes(pipedOut, "user messages: 1");
  } finally {
    await p.cleanup();
  }
});

Deno.test("the Deno version is pinned once and the README and .ci/run use it", async () => {
  assertEquals(/^\d+\.\d+\.\d+$/.test(pinned), true);
  const ci = await Deno.readTextFile(`${REPO}/.ci/run`);
  for (const text of [readme, ci]) {
    const versions = [...text.matchAll(/deno@(\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    assert(versions.length > 0);
    for (const v of versions) assertEquals(v, pinned);
  }
});

Deno.test(".ci/run calls exactly the README's test command (requiring the Windows lane)", async () => {
  const ci = await Deno.readTextFile(`${REPO}/.ci/run`);
  const testCmd = `npx -y deno@${pinned} task test`;
  assertStringIncludes(readme, "```sh\n" + testCmd + "\n```");
  const commands = ci.split("\n").filter((l) =>
    l.trim() && !l.startsWith("#") && !/^(set|cd|export) /.test(l)
  );
  assertEquals(commands, [testCmd]);
  // In CI a missing network namespace fails the e2e instead of skipping hosts (docs/e2e.md).
  assertStringIncludes(ci, "\nexport PWF_E2E_REQUIRE_NETNS=1\n");
  // CI cannot go green without the Windows lane (docs/windows.md).
  assertStringIncludes(ci, "\nexport PWF_WINDOWS_LANE=require\n");
});

Deno.test("the README's demo command runs pwf on a demo project", async () => {
  assertStringIncludes(readme, `npx -y deno@${pinned} task demo`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "demo"],
    cwd: REPO,
    stdin: "null",
  })
    .output();
  const text = new TextDecoder().decode(out.stdout);
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  assertStringIncludes(text, "$ pwf status");
  assertStringIncludes(text, "in_progress");
  const dir = /Demo project: (\S+)/.exec(text)?.[1];
  if (dir) await Deno.remove(dir, { recursive: true });
});

Deno.test("pwf with no command prints usage on stderr only and exits 2", async () => {
  const p = await tempProject();
  try {
    const r = await runPwf(p.dir, []);
    assertEquals([r.code, r.stdout], [2, ""]);
    assertStringIncludes(r.stderr, "Usage: pwf");
  } finally {
    await p.cleanup();
  }
});

Deno.test("no module the binary loads imports node: built-ins (they cost start-up time)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", pathToFileUrl(`${REPO}/main.ts`)],
    stdout: "piped",
  })
    .output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout));
  const specifiers: string[] = graph.modules.map((m: { specifier: string }) => m.specifier);
  assert(specifiers.length > 20, "the graph was read");
  assertEquals(
    specifiers.filter((s) =>
      s.startsWith("node:") || s.startsWith("npm:") || s.startsWith("jsr:") || s.startsWith("http")
    ),
    [],
  );
});

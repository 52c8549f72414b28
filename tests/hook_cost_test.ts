import { pathToFileUrl } from "../tools/file_url.ts";
/**
 * Issue 16 item 5: a hook fire does no avoidable first-call work. In Deno
 * 2.9 the first setTimeout (and other node-flavoured APIs) lazily loads the
 * node compatibility layer (`ext:deno_node/...`), which costs more CPU than a
 * whole typical fire; the CPU profile of a real fire of the artifact shows
 * whether any of it was loaded.
 */

import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { attestationText } from "../lib/core/plan/attestation.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { assert, assertEquals } from "./assert.ts";
import { MAIN, REPO, SAMPLE_PLAN, tempProject, writeText } from "./helpers.ts";

async function profiledFire(dir: string, event: string, profDir: string): Promise<string[]> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--cpu-prof",
      `--cpu-prof-dir=${profDir}`,
      "--cpu-prof-interval=100",
      ...PERMISSION_FLAGS,
      MAIN,
      "hook",
      "claude",
      event,
    ],
    cwd: dir,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify({
    session_id: "s",
    hook_event_name: event,
    prompt: "go",
    tool_name: "Edit",
  })));
  await w.close();
  const out = await child.output();
  assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
  const files = (await Array.fromAsync(Deno.readDir(profDir))).map((e) => e.name);
  assertEquals(files.length, 1, "one CPU profile written");
  const prof = JSON.parse(await Deno.readTextFile(`${profDir}/${files[0]}`));
  await Deno.remove(`${profDir}/${files[0]}`);
  return [...new Set((prof.nodes as { callFrame: { url: string } }[]).map((n) => n.callFrame.url))];
}

Deno.test("hook fires of every claude tier load no node compatibility module (no setTimeout on the normal path)", async () => {
  const p = await tempProject("pwf-cost-");
  try {
    await writeText(p.dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    await writeText(p.dir, ".planning/p/progress.md", "# Progress\n- started\n");
    await writeText(p.dir, ".planning/p/.mode", "autonomous gate\n");
    await writeText(
      p.dir,
      ".planning/p/.attestation",
      attestationText(await sha256Hex(SAMPLE_PLAN)),
    );
    await Deno.mkdir(`${p.dir}/prof`);
    for (const event of ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]) {
      const urls = await profiledFire(p.dir, event, `${p.dir}/prof`);
      assert(urls.some((u) => u.endsWith("/pwf.js")), `${event}: the profile saw the artifact`);
      assertEquals(
        urls.filter((u) => /deno_node|^node:/.test(u)),
        [],
        `${event} loaded node compat`,
      );
    }
  } finally {
    await p.cleanup();
  }
});

Deno.test("the hook path imports statically and holds no command table, help or completions", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", pathToFileUrl(`${REPO}/lib/cli/hook.ts`)],
    stdout: "piped",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string; dependencies?: { isDynamic?: boolean; specifier: string }[] }[];
  };
  const files = graph.modules.map((m) => m.specifier.replace(/^.*\/lib\//, "lib/"));
  assert(files.includes("lib/gate/evaluate.ts"), "the gate is on the hook path");
  assertEquals(
    files.filter((f) => /lib\/cli\/(commands|help|completion.*)\.ts$/.test(f)),
    [],
    "command table, help or completions on the hook path",
  );
  // The packed templates (80 KB of string constants) and their decoder stay off the hook path:
  // a fire that imported them would build those strings every time (docs/performance.md).
  assertEquals(
    files.filter((f) => /lib\/core\/text\/(packed_texts|template_texts|inflate)\.ts$/.test(f)),
    [],
    "packed templates on the hook path",
  );
  const dynamic = graph.modules.flatMap((m) =>
    (m.dependencies ?? []).filter((d) => d.isDynamic).map((d) => `${m.specifier} -> ${d.specifier}`)
  );
  assertEquals(dynamic, [], "dynamic imports on the hook path");
  const run = await Deno.readTextFile(`${REPO}/lib/cli/run.ts`);
  assert(
    /^import \{[^}]*runHook[^}]*\} from "\.\/hook\.ts";$/m.test(run),
    "run.ts imports hook.ts statically",
  );
});

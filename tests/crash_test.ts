import { assert, assertEquals } from "./assert.ts";
import { MAIN, tempProject, writeText } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";

/** A large plan so that a write takes long enough to be interrupted. */
function bigPlan(status: string): string {
  const filler = ("- [ ] " + "x".repeat(90) + "\n").repeat(60_000);
  return `# T\n\n## Current Phase\nPhase 1\n\n### Phase 1: A\n${filler}- **Status:** ${status}\n`;
}

Deno.test("a writer killed mid-write leaves the old file or the new one, never a torn one", async () => {
  const p = await tempProject();
  try {
    const before = bigPlan("pending");
    await writeText(p.dir, ".planning/p/task_plan.md", before);
    const after = before.replace("- **Status:** pending", "- **Status:** complete").replace(
      "## Current Phase\nPhase 1",
      "## Current Phase\nAll phases complete",
    );
    for (const delay of [5, 15, 30, 60, 90, 120, 200]) {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", ...PERMISSION_FLAGS, MAIN, "phase", "1", "complete"],
        cwd: p.dir,
        stdout: "null",
        stderr: "null",
      }).spawn();
      await new Promise((r) => setTimeout(r, delay));
      try {
        child.kill("SIGKILL");
      } catch { /* it already finished */ }
      await child.status;
      const now = await Deno.readTextFile(`${p.dir}/.planning/p/task_plan.md`);
      assert(
        now === before || now === after,
        `torn file after a kill at ${delay} ms (${now.length} chars)`,
      );
      await Deno.writeTextFile(`${p.dir}/.planning/p/task_plan.md`, before);
      for await (const e of Deno.readDir(`${p.dir}/.planning/p`)) {
        if (e.name !== "task_plan.md") await Deno.remove(`${p.dir}/.planning/p/${e.name}`);
      }
    }
    assertEquals(await Deno.readTextFile(`${p.dir}/.planning/p/task_plan.md`), before);
  } finally {
    await p.cleanup();
  }
});

import { assert, assertEquals } from "../../tests/assert.ts";
import { ContainmentError } from "../core/errors.ts";
import { planningLoc } from "./containment.ts";
import { readFile } from "./read.ts";

// Another process replacing a file the way every pwf write does (temp file, then rename over it).
const REPLACER = `
const [path, stop] = Deno.args;
for (let n = 0; ; n++) {
  try { Deno.statSync(stop); break; } catch { /* keep replacing */ }
  Deno.writeTextFileSync(path + ".tmp", n % 2 ? "b".repeat(128) : "a".repeat(64));
  try { Deno.renameSync(path + ".tmp", path); } catch { /* a reader holds it open (Windows) */ }
  await new Promise((r) => setTimeout(r, 1)); // a busy writer, not a racer winning every time
}
`;

Deno.test("a read of a file another process keeps replacing by rename returns a whole version, never a refusal", async () => {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "pwf-read-replaced-" }));
  const stop = `${root}/stop`;
  try {
    await Deno.mkdir(`${root}/.planning/p`, { recursive: true });
    const path = `${root}/.planning/p/task_plan.md`;
    await Deno.writeTextFile(path, "a".repeat(64));
    const child = new Deno.Command(Deno.execPath(), {
      args: ["eval", REPLACER, path, stop],
      stdout: "null",
    }).spawn();
    const refusals: string[] = [];
    let reads = 0, switches = 0, last = "";
    try {
      // Until the reads have seen the file replaced often (the replacer starts slowly, and the
      // Windows lane is slow), bounded in time.
      const until = Date.now() + 30_000;
      while ((reads < 1_000 || switches < 200) && Date.now() < until) {
        for (let i = 0; i < 50; i++, reads++) {
          try {
            const got = readFile(planningLoc(root, "p", "task_plan.md"));
            assert(got.kind === "file");
            const text = new TextDecoder().decode(got.bytes);
            assert(text === "a".repeat(64) || text === "b".repeat(128), `torn read: ${text}`);
            if (text !== last) switches++;
            last = text;
          } catch (err) {
            if (!(err instanceof ContainmentError)) throw err;
            refusals.push(err.message);
          }
        }
        await new Promise((r) => setTimeout(r, 0));
      }
    } finally {
      await Deno.writeTextFile(stop, "");
      await child.status;
    }
    assert(switches >= 100, `the reads saw the file replaced only ${switches} times`);
    assertEquals(refusals.slice(0, 2), [], `${refusals.length} of ${reads} reads refused`);
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
});

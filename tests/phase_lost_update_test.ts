// deno-lint-ignore-file no-sync-fn-in-async-fn -- the test stands in for the sync file API pwf uses
/**
 * `pwf phase` never overwrites bytes another writer saved between its read
 * and its write (issue 26 item 5). Editors do not take pwf's lock, so the
 * edit commits only over the bytes it read: the test plays the editor by
 * writing to task_plan.md at the moment pwf re-reads it just before the
 * rename (a deterministic stand-in for an editor's save landing mid-edit).
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { runInProcess } from "./in_process.ts";
import { attestedPlan, inProject, SAMPLE_PLAN, writeText } from "./helpers.ts";

/** Run `fn` with every open of task_plan.md after the first `skip` preceded by `editor()`. */
async function withEditor<T>(
  skip: number,
  editor: (path: string) => void,
  fn: () => Promise<T>,
): Promise<T> {
  const real = Deno.openSync;
  let opens = 0;
  Deno.openSync = ((path: string | URL, options?: Deno.OpenOptions) => {
    const name = String(path);
    if (name.endsWith("task_plan.md") && options?.read && !options.write && ++opens > skip) {
      editor(name);
    }
    return real(path, options);
  }) as typeof Deno.openSync;
  try {
    return await fn();
  } finally {
    Deno.openSync = real;
  }
}

const append = (line: string) => (path: string) =>
  Deno.writeTextFileSync(path, `${line}\n`, { append: true });

Deno.test("phase keeps a line an editor saved between its read and its write, and still edits", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    let saved = false;
    const r = await withEditor(1, (path) => {
      if (saved) return;
      saved = true;
      append("editor: a line saved mid-edit")(path);
    }, () => runInProcess(dir, ["phase", "2", "complete"]));
    assertEquals(r.code, 0, r.stderr);
    const after = await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`);
    assertStringIncludes(after, "editor: a line saved mid-edit");
    assertStringIncludes(after, "- [ ] Write the parser\n- **Status:** complete");
  });
});

Deno.test("phase gives up with one line, writing nothing, while an editor keeps saving", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
    let n = 0;
    const r = await withEditor(
      0,
      (path) => append(`editor save ${++n}`)(path),
      () => runInProcess(dir, ["phase", "2", "complete"]),
    );
    assertEquals(r.code, 1);
    assertStringIncludes(r.stderr, "kept changing while pwf edited it");
    assertEquals(r.stderr.trim().split("\n").length, 1);
    const after = await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`);
    assert(after.startsWith(SAMPLE_PLAN), "the plan's own bytes are untouched");
    for (let i = 1; i <= n; i++) assertStringIncludes(after, `editor save ${i}\n`);
    const left = [...Deno.readDirSync(`${dir}/.planning/p`)].map((e) => e.name);
    assert(!left.some((name) => name.includes(".tmp-")), `temp files left: ${left}`);
  });
});

Deno.test("phase on an attested plan keeps an editor's save and leaves no pending attestation", async () => {
  await inProject(async (dir) => {
    const id = await attestedPlan(dir, SAMPLE_PLAN);
    let saved = false;
    const r = await withEditor(1, (path) => {
      if (saved) return;
      saved = true;
      append("editor: mid-edit")(path);
    }, () => runInProcess(dir, ["phase", "2", "complete"]));
    // The save made the attested plan tampered: the retry refuses, and nothing of pwf's lands.
    assertEquals(r.code, 4, r.stderr);
    const after = await Deno.readTextFile(`${dir}/.planning/${id}/task_plan.md`);
    assertEquals(after, `${SAMPLE_PLAN}editor: mid-edit\n`);
    const left = [...Deno.readDirSync(`${dir}/.planning/${id}`)].map((e) => e.name);
    assert(!left.includes(".attestation.pending"), `left: ${left}`);
  });
});

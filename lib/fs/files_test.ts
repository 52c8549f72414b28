import { assert, assertEquals, assertThrows } from "../../tests/assert.ts";
import { ContainmentError } from "../core/errors.ts";
import { planningLoc } from "./containment.ts";
import { isTransientRenameError, readFile, RENAME_RETRY_MS, renameWithRetry } from "./files.ts";

function flakyRename(failures: number, make: () => Error) {
  const calls: string[] = [];
  return {
    calls,
    rename: (from: string, to: string) => {
      calls.push(`${from}->${to}`);
      if (calls.length <= failures) throw make();
    },
  };
}

const denied = () => new Deno.errors.PermissionDenied("Access is denied. (os error 5)");

Deno.test("renameWithRetry on Windows retries a rename that fails while the target is held open, then lands it", () => {
  const f = flakyRename(3, denied);
  renameWithRetry("a.tmp", "a", f.rename, "windows");
  assertEquals(f.calls.length, 4);
  const sharing = flakyRename(
    2,
    () => new Error("The process cannot access the file (os error 32)"),
  );
  renameWithRetry("b.tmp", "b", sharing.rename, "windows");
  assertEquals(sharing.calls.length, 3);
  const busy = flakyRename(1, () => new Deno.errors.Busy("busy"));
  renameWithRetry("c.tmp", "c", busy.rename, "windows");
  assertEquals(busy.calls.length, 2);
});

Deno.test("renameWithRetry gives up after a bounded wait (about a second) and throws the last error", () => {
  const total = RENAME_RETRY_MS.reduce((a, b) => a + b, 0);
  assert(total >= 500 && total <= 1_500, `total backoff ${total} ms`);
  const f = flakyRename(Infinity, denied);
  const t0 = performance.now();
  assertThrows(
    () => renameWithRetry("a.tmp", "a", f.rename, "windows"),
    Deno.errors.PermissionDenied,
  );
  const took = performance.now() - t0;
  assertEquals(f.calls.length, RENAME_RETRY_MS.length + 1);
  assert(took >= total * 0.9, `waited ${took} ms of ${total}`);
});

Deno.test("renameWithRetry does not retry other errors, nor any error outside Windows", () => {
  const missing = flakyRename(1, () => new Deno.errors.NotFound("gone"));
  assertThrows(
    () => renameWithRetry("a.tmp", "a", missing.rename, "windows"),
    Deno.errors.NotFound,
  );
  assertEquals(missing.calls.length, 1);
  const posix = flakyRename(1, denied);
  assertThrows(
    () => renameWithRetry("a.tmp", "a", posix.rename, "linux"),
    Deno.errors.PermissionDenied,
  );
  assertEquals(posix.calls.length, 1);
  assertEquals(isTransientRenameError(denied(), "darwin"), false);
  assertEquals(isTransientRenameError(new Error("x (os error 33)"), "windows"), true);
  assertEquals(isTransientRenameError(new Error("x (os error 2)"), "windows"), false);
});

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

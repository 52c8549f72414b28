import { assert, assertEquals, assertThrows } from "../../tests/assert.ts";
import { isTransientRenameError, RENAME_RETRY_MS, renameWithRetry } from "./write.ts";

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

import { assertEquals } from "../../../tests/assert.ts";
import { closest, didYouMean, editDistance } from "./suggest.ts";

Deno.test("editDistance() counts insertions, deletions, substitutions and neighbour swaps as 1 each", () => {
  assertEquals(editDistance("", "abc"), 3);
  assertEquals(editDistance("abc", "abc"), 0);
  assertEquals(editDistance("complete", "completed"), 1);
  assertEquals(editDistance("verfy", "verify"), 1);
  assertEquals(editDistance("stauts", "status"), 1);
  assertEquals(editDistance("gatd", "gate"), 1);
  assertEquals(editDistance("kitten", "sitting"), 3);
});

Deno.test("closest() picks the nearest known word and nothing when all are far", () => {
  assertEquals(closest("stauts", ["status", "use", "init"]), "status");
  assertEquals(closest("completed", ["pending", "in_progress", "complete"]), "complete");
  assertEquals(closest("x", ["status", "use"]), undefined);
  assertEquals(closest("CLAUD", ["claude"]), "claude");
  assertEquals(
    closest("auth", ["2026-01-02-auth-1a2b3c", "2026-01-02-db-9f8e7d"]),
    "2026-01-02-auth-1a2b3c",
  );
  assertEquals(closest("2026", ["2026-01-02-auth-1a2b3c", "2026-01-02-db-9f8e7d"]), undefined);
});

Deno.test("didYouMean() is empty when nothing is close", () => {
  assertEquals(didYouMean("zzzzzz", ["status"]), "");
  assertEquals(didYouMean("statu", ["status"]), '; did you mean "status"?');
});

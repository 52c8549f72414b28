import { assertEquals } from "../../tests/assert.ts";
import { isValidPlanId, slugify } from "./plan_id.ts";

Deno.test("isValidPlanId() accepts the documented alphabet only", () => {
  for (const ok of ["a", "_x", "2026-01-01-x", "a..b", "A.b_c-d"]) {
    assertEquals(isValidPlanId(ok), true, ok);
  }
  for (const bad of ["", ".", "..", ".hidden", "-x", "a/b", "a\\b", "a b", "é", "x\n"]) {
    assertEquals(isValidPlanId(bad), false, bad);
  }
});

Deno.test("slugify() follows the slug rule", () => {
  assertEquals(slugify("Backend Refactor"), "backend-refactor");
  assertEquals(slugify("---Hello---World---"), "hello-world");
  assertEquals(slugify("A_B.C"), "a-b-c");
  assertEquals(slugify("x".repeat(60)), "x".repeat(40));
  assertEquals(slugify("a".repeat(39) + " b"), "a".repeat(39));
  assertEquals(slugify("日本語"), "plan");
});

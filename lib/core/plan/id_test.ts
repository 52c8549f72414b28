import { assertEquals } from "../../../tests/assert.ts";
import { isValidPlanId, slugify } from "./id.ts";

Deno.test("isValidPlanId() accepts the documented alphabet only", () => {
  for (const ok of ["a", "_x", "2026-01-01-x", "a..b", "A.b_c-d"]) {
    assertEquals(isValidPlanId(ok), true, ok);
  }
  for (const bad of ["", ".", "..", ".hidden", "-x", "a/b", "a\\b", "a b", "é", "x\n"]) {
    assertEquals(isValidPlanId(bad), false, bad);
  }
});

Deno.test("isValidPlanId() refuses Windows device names and names ending in a dot or space, on every OS", () => {
  for (
    const bad of [
      "CON",
      "con",
      "Prn",
      "AUX",
      "NUL",
      "nul.md",
      "COM1",
      "com9.x",
      "LPT1",
      "lpt3.plan",
      "x.",
      "a..",
      "x ",
    ]
  ) {
    assertEquals(isValidPlanId(bad), false, bad);
  }
  for (const ok of ["console", "nully", "com10", "lpt", "2026-01-01-con", "con_x", "auxiliary"]) {
    assertEquals(isValidPlanId(ok), true, ok);
  }
});

Deno.test("slugs of device names still make valid plan ids (the date prefix keeps them apart)", () => {
  for (const name of ["CON", "nul", "Aux.", "COM1 ", "lpt9..."]) {
    const id = `2026-01-01-${slugify(name)}`;
    assertEquals(isValidPlanId(id), true, `${name} -> ${id}`);
  }
  assertEquals(slugify("Release v2."), "release-v2");
});

Deno.test("slugify() follows the slug rule", () => {
  assertEquals(slugify("Backend Refactor"), "backend-refactor");
  assertEquals(slugify("---Hello---World---"), "hello-world");
  assertEquals(slugify("A_B.C"), "a-b-c");
  assertEquals(slugify("x".repeat(60)), "x".repeat(40));
  assertEquals(slugify("a".repeat(39) + " b"), "a".repeat(39));
  assertEquals(slugify("日本語"), "plan");
});

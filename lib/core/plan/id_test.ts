import { assertEquals } from "../../../tests/assert.ts";
import { isValidPlanId, slugify } from "./id.ts";

Deno.test("isValidPlanId() accepts the documented alphabet only", () => {
  for (const ok of ["a", "_x", "2026-01-01-x", "a..b", "A.b_c-d"]) {
    assertEquals(isValidPlanId(ok), true, ok);
  }
  for (const ok of ["é", "重构", "2026-01-01-café", "مرحلة", "ж"]) {
    assertEquals(isValidPlanId(ok), true, ok);
  }
  for (
    const bad of ["", ".", "..", ".hidden", "-x", "a/b", "a\\b", "a b", "x\n", "e\u0301", "🚀"]
  ) {
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
  assertEquals(slugify("!!!"), "plan");
});

Deno.test("slugify() keeps the letters and digits of every script", () => {
  assertEquals(slugify("Café déjà vu"), "café-déjà-vu");
  assertEquals(slugify("Cafe\u0301 de\u0301ja\u0300 vu"), "café-déjà-vu");
  assertEquals(slugify("重构后端服务"), "重构后端服务");
  assertEquals(slugify("バックエンド改修 ２"), "バックエンド改修-2");
  assertEquals(slugify("ｶﾀｶﾅ"), "カタカナ");
  assertEquals(slugify("إعادة كتابة المستورد"), "إعادة-كتابة-المستورد");
  assertEquals(slugify("Рефакторинг API"), "рефакторинг-api");
  assertEquals(slugify("नया काम"), "नया-काम");
});

Deno.test("slugify() names an emoji-only title by its code points", () => {
  assertEquals(slugify("🚀"), "emoji-1f680");
  assertEquals(slugify("🚀 🔥!"), "emoji-1f680-1f525");
  assertEquals(slugify("🇫🇷"), "emoji-1f1eb-1f1f7");
  assertEquals(slugify("🚀".repeat(30)).length <= 40, true);
});

Deno.test("slugify() bounds a slug in bytes and never cuts before a combining mark", () => {
  const zh = slugify("重".repeat(50));
  assertEquals([zh, new TextEncoder().encode(zh).length], ["重".repeat(26), 78]);
  // NFC gives "é" + U+0302: the 40th character "é" has a mark after the cut, so both go.
  assertEquals(slugify("a".repeat(39) + "e\u0301\u0302x"), "a".repeat(39));
});

Deno.test("slugs in every script make distinct valid plan ids", () => {
  const names = [
    "重构后端服务",
    "バックエンド改修",
    "إعادة كتابة",
    "Рефакторинг",
    "Café déjà vu",
    "🚀",
    "🔥",
  ];
  const ids = names.map((n) => `2026-01-01-${slugify(n)}`);
  assertEquals(new Set(ids).size, names.length);
  for (const id of ids) assertEquals(isValidPlanId(id), true, id);
});

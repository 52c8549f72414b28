import { assertEquals } from "../../../tests/assert.ts";
import { modeName, parseMode } from "./mode.ts";

Deno.test("parseMode() keeps the original's extra tokens inject-smart and plan-guard-off", () => {
  const m = parseMode("autonomous gate inject-smart plan-guard-off\n");
  assertEquals(m.tokens, ["autonomous", "gate", "inject-smart", "plan-guard-off"]);
  assertEquals([m.gate, m.autonomous, m.smart, m.guardOff], [true, true, true, true]);
  assertEquals(modeName(m), "gated");
});

Deno.test("parseMode() 'autonomous' alone does not arm the gate", () => {
  const m = parseMode("autonomous inject-smart\r\n");
  assertEquals([m.gate, m.autonomous, m.smart, m.guardOff], [false, true, true, false]);
  assertEquals(modeName(m), "autonomous");
});

Deno.test("parseMode() extra tokens alone leave the plan interactive", () => {
  const m = parseMode("plan-guard-off");
  assertEquals([modeName(m), m.guardOff, m.gate], ["interactive", true, false]);
});

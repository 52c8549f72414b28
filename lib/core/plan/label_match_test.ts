import { assertEquals } from "../../../tests/assert.ts";
import { LABELS } from "./labels.ts";
import { lowerLabel } from "./label_match.ts";

Deno.test("lowerLabel() lowers every label word exactly as toLowerCase does", () => {
  for (const l of LABELS) {
    for (const w of [l.phase, l.status, l.goal, l.nextStep, l.currentPhase]) {
      assertEquals(lowerLabel(w), w.toLowerCase(), `${l.lang}: ${w}`);
    }
  }
  assertEquals(lowerLabel("Nächster Schritt"), "nächster schritt");
});

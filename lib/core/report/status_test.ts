import { assert, assertEquals } from "../../../tests/assert.ts";
import { useColor } from "../host.ts";
import { parseMode } from "../plan/mode.ts";
import { parsePlan } from "../plan/parse.ts";
import { renderStatus, statusView } from "./status.ts";

const view = statusView(
  { id: "p", dir: ".planning/p", why: "named by PLAN_ID" },
  parsePlan(
    "# T\n## Goal\nG\n### Phase 1: A\n- **Status:** complete\n### Phase 2: B\n- **Status:** in_progress\n",
  ),
  parseMode(""),
  { state: "none" },
  false,
);

Deno.test("renderStatus() colours only when asked and aligns the phase table", () => {
  const plain = renderStatus(view, false, "posix");
  assert(!plain.includes("\x1b["));
  assert(renderStatus(view, true, "posix").includes("\x1b[32mcomplete\x1b[0m"));
  assert(plain.includes("[x]  1  complete     A\n[>]  2  in_progress  B\n"), plain);
  assert(plain.includes("[##########----------] 1/2 complete (50%)"), plain);
});

Deno.test("useColor() needs a terminal and an unset or empty NO_COLOR", () => {
  const env = (v: string | undefined) => (_: string) => v;
  assertEquals(useColor({ isTty: true, env: env(undefined) }), true);
  assertEquals(useColor({ isTty: true, env: env("") }), true);
  assertEquals(useColor({ isTty: true, env: env("1") }), false);
  assertEquals(useColor({ isTty: false, env: env(undefined) }), false);
});

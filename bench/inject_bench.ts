/**
 * In-process cost of each injection tier for 1 KiB, 64 KiB and 1 MiB plans
 * (pure composition plus parsing and hashing, no I/O).
 */

import { attestationState } from "../lib/core/plan/attestation.ts";
import {
  composePrecompact,
  composePretool,
  composeUserprompt,
  type InjectionState,
} from "../lib/core/inject/compose.ts";
import { parseMode } from "../lib/core/plan/mode.ts";
import { parsePlan } from "../lib/core/plan/parse.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { encodeText } from "../lib/core/text/text.ts";
import { syntheticPlan } from "./plans.ts";

async function state(bytes: number): Promise<InjectionState> {
  const planText = syntheticPlan(bytes);
  const hash = await sha256Hex(planText);
  return {
    id: "p",
    display: ".planning/p",
    planText,
    plan: parsePlan(planText),
    planCut: false,
    planMtimeMs: 0,
    mode: parseMode(""),
    attestation: attestationState(`${hash}\n`, hash),
    progress: "# Progress\n- started\n",
    ledger: "",
    smart: false,
    budget: 9000,
  };
}

for (
  const [label, bytes] of [["1 KiB", 1024], ["64 KiB", 64 * 1024], ["1 MiB", 1024 * 1024]] as const
) {
  const s = await state(bytes);
  const raw = encodeText(s.planText);
  Deno.bench(`parse + hash ${label}`, { group: label }, async () => {
    parsePlan(s.planText);
    await sha256Hex(raw);
  });
  Deno.bench(`userprompt ${label}`, { group: label, baseline: true }, async () => {
    await composeUserprompt({ ...s, plan: parsePlan(s.planText) });
  });
  Deno.bench(`pretool ${label}`, { group: label }, async () => {
    await composePretool({ ...s, plan: parsePlan(s.planText) });
  });
  Deno.bench(`precompact ${label}`, { group: label }, () => {
    composePrecompact(s);
  });
}

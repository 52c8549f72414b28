/**
 * Issue 15 acceptance 2: every event of each of the six hosts added by issue 15
 * gets an empty, a malformed and a huge payload, and answers each with exit 0
 * (Mastra Code: 2 for a blocked Stop) and output that host accepts. The
 * rotating test in tests/hosts_test.ts gives every host every bad input; this
 * one is the full cross product for these hosts.
 * @module
 */

import { assert, assertEquals } from "./assert.ts";
import { inProject, runPwf, SAMPLE_PLAN, writeText } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";
import { HOSTS } from "../lib/hosts/mod.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";

const NEW_HOSTS = ["opencode", "pi", "qwen", "factory", "mastra", "hermes"];

const PAYLOADS: readonly [string, string | Uint8Array][] = [
  ["empty", ""],
  ["malformed", '{"session_id": "s1", "prompt": '],
  ["huge", JSON.stringify({ session_id: "s1", prompt: "x".repeat(5 * 1024 * 1024) })],
];

Deno.test(skipOnWindows(
  "about 80 process starts, minutes under Wine; tests/hosts_test.ts gives every host every bad input there",
  {
    name:
      "opencode, pi, qwen, factory, mastra and hermes: every event answers an empty, a malformed and a 5 MiB payload with exit 0 and one JSON object or nothing",
    async fn() {
      const hosts = HOSTS.filter((h) => NEW_HOSTS.includes(h.name));
      assertEquals(hosts.map((h) => h.name).sort(), [...NEW_HOSTS].sort());
      await inProject(async (dir) => {
        // A gated plan, so the stop events have something to block.
        await writeText(dir, ".planning/p/task_plan.md", SAMPLE_PLAN);
        await writeText(dir, ".planning/p/.mode", "autonomous gate\n");
        await writeText(dir, ".planning/p/.attestation", `${await sha256Hex(SAMPLE_PLAN)}\n`);
        for (const host of hosts) {
          for (const event of host.events) {
            for (const [kind, stdin] of PAYLOADS) {
              await writeText(dir, ".planning/p/.stop_blocks", "0\n");
              const r = await runPwf(dir, ["hook", host.name, event.name], { stdin });
              const what = `${host.name} ${event.name}, ${kind} payload: ${r.stdout.slice(0, 300)}`;
              const blocked = r.stdout.includes(`"decision":"block"`);
              assertEquals(r.code, host.name === "mastra" && blocked ? 2 : 0, what);
              assert(!/\bat .*:\d+:\d+/.test(r.stdout + r.stderr), `stack trace: ${what}`);
              if (r.stdout === "") continue;
              const v = JSON.parse(r.stdout);
              assert(v && typeof v === "object" && !Array.isArray(v), what);
              assertEquals(JSON.stringify(v) + "\n", r.stdout, `one compact JSON line: ${what}`);
            }
          }
        }
      });
    },
  },
));

import { assert, assertEquals } from "../../tests/assert.ts";
import { TIERS } from "../core/inject/compose.ts";
import { ENV_VARS } from "../core/permissions.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";
import { sessionEnvNames } from "./session_env.ts";
import { HOSTS } from "./table.ts";

/**
 * The rendering inference `dropsContext` replaced: the host's answer is the
 * same with or without context. Kept here only, so the declared data cannot drift.
 */
function answerIgnoresContext(spec: HostSpec, event: HostEvent): boolean {
  const none = { context: "", block: null };
  return spec.respond(event, { context: "x\n", block: null }) === spec.respond(event, none);
}

const CONTEXT_OPS: ReadonlySet<string> = new Set(TIERS);

Deno.test("dropsContext is declared exactly on the context events whose answer ignores context", () => {
  for (const h of HOSTS) {
    for (const e of h.events) {
      const declared = e.dropsContext === true;
      const expected = CONTEXT_OPS.has(e.op) && answerIgnoresContext(h, e);
      assertEquals(declared, expected, `${h.name} ${e.name} (${e.op})`);
    }
  }
});

Deno.test("dropsContext today: only Codex's PreCompact", () => {
  const dropping = HOSTS.flatMap((h) =>
    h.events.filter((e) => e.dropsContext).map((e) => `${h.name} ${e.name}`)
  );
  assertEquals(dropping, ["codex PreCompact"]);
});

Deno.test("every environment variable a host spec names is in the sandbox's --allow-env list", () => {
  for (const h of HOSTS) {
    for (const name of [h.processEnv, h.sessionEnv, h.projectRootEnv]) {
      if (name !== undefined) assert(ENV_VARS.includes(name), `${h.name}: ${name}`);
    }
  }
});

Deno.test("sessionEnvNames() keeps the order a command reads them in: pwf's, Claude Code's, Codex's", () => {
  assertEquals(sessionEnvNames(), ["PWF_SESSION_ID", "CLAUDE_CODE_SESSION_ID", "CODEX_THREAD_ID"]);
});

Deno.test("gate limits: Claude Code and Copilot stop at 7 consecutive blocks, no other host has one", () => {
  assertEquals(
    HOSTS.filter((h) => h.gateLimit !== undefined).map((h) => [h.name, h.gateLimit]),
    [["claude", 7], ["copilot", 7]],
  );
});

Deno.test("Cursor's stop payload counts a repeat or an aborted run as already continuing", () => {
  const cursor = HOSTS.find((h) => h.stopPayload !== undefined);
  assertEquals(cursor?.name, "cursor");
  const active = (p: Record<string, unknown>) => cursor?.stopPayload?.(p).stop_hook_active;
  assertEquals(active({}), false);
  assertEquals(active({ loop_count: 1 }), true);
  assertEquals(active({ loop_count: 0, status: "aborted" }), true);
});

Deno.test("subagent events are never gated and get at most the short tier, on every host", () => {
  const short: ReadonlySet<string> = new Set(["noop", "turn", "pretool"]);
  for (const h of HOSTS) {
    for (const e of h.events.filter((e) => /subagent/i.test(e.name))) {
      assert(short.has(e.op), `${h.name} ${e.name} maps to ${e.op}`);
    }
  }
});

Deno.test("an event is either registered or listed as unregistered with a reason, never both", () => {
  for (const h of HOSTS) {
    const registered = new Set(h.events.map((e) => e.name));
    for (const u of h.unregistered ?? []) {
      assert(u.why.length > 20, `${h.name} ${u.name}: say why`);
      for (const name of u.name.split(", ")) assert(!registered.has(name), `${h.name} ${name}`);
    }
  }
});

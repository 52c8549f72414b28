import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { HOSTS, isValidSessionId, parsePayload, sessionIdOf } from "../lib/hosts/mod.ts";

const PAYLOADS = `${REPO}/tests/testdata/payloads`;

async function payloadsOf(host: string): Promise<Array<[string, Record<string, unknown>]>> {
  const out: Array<[string, Record<string, unknown>]> = [];
  for await (const e of Deno.readDir(PAYLOADS)) {
    if (e.isFile && e.name.startsWith(`${host}.`) && e.name.endsWith(".json")) {
      const bytes = await Deno.readFile(`${PAYLOADS}/${e.name}`);
      out.push([e.name, parsePayload(bytes)]);
    }
  }
  return out.sort(([a], [b]) => (a < b ? -1 : 1));
}

for (const host of HOSTS) {
  // plain's payloads are `{}`: it takes whatever the host pipes in (or PWF_SESSION_ID).
  if (host.name === "plain") continue;
  Deno.test(`host table: every ${host.name} payload yields its session id through sessionIdKeys`, async () => {
    const payloads = await payloadsOf(host.name);
    assert(payloads.length > 0, `no payloads for ${host.name} in ${PAYLOADS}`);
    for (const [name, p] of payloads) {
      const mentions = Object.keys(p).filter((k) => /session_?id|conversation_?id/i.test(k));
      if (host.sessionIdKeys.length === 0) {
        assertEquals(mentions, [], `${name}: a session id key the host table does not list`);
        continue;
      }
      const id = sessionIdOf(p, host.sessionIdKeys);
      assert(id !== undefined, `${name}: no session id under ${host.sessionIdKeys.join(", ")}`);
    }
  });
}

Deno.test("session ids from payloads: hostile values are no session id, never an error", () => {
  const keys = ["session_id", "sessionId"];
  for (
    const bad of ["", "../x", "a/b", "a\\b", ".hidden", "-x", "x".repeat(129), "é", "a b", "a\nb"]
  ) {
    assertEquals(sessionIdOf({ session_id: bad }, keys), undefined, JSON.stringify(bad));
    assert(!isValidSessionId(bad), JSON.stringify(bad));
  }
  assertEquals(sessionIdOf({ session_id: 42, sessionId: "ok-1" }, keys), "ok-1");
  assertEquals(sessionIdOf({ session_id: "x".repeat(128) }, keys), "x".repeat(128));
});

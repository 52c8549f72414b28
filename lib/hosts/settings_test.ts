import { assert, assertEquals, assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import {
  mergeSettings,
  type Registration,
  removeSettings,
  SettingsError,
} from "../core/settings/merge.ts";
import type { HostSpec } from "./host_spec.ts";
import { FAIL_OPEN } from "../core/settings/merge.ts";
import { HOSTS, manifestText } from "./table.ts";

const BIN = "/opt/pwf/bin/pwf";
const SETTINGS_HOSTS = HOSTS.filter((h) => h.settings);

function reg(host: HostSpec, bin = BIN): Registration {
  if (!host.settings) throw new Error(`${host.name} has no settings shape`);
  return { host: host.name, shape: host.settings, manifest: host.manifest(bin), bin };
}

/** A handler of another tool, in the host's layout, as JSON text. */
function foreignEntry(host: HostSpec, command: string): string {
  const handler = `{"type": "command", "command": ${JSON.stringify(command)}, "timeout": 5}`;
  return host.settings?.layout === "grouped"
    ? `{"matcher": "Bash", "hooks": [${handler}]}`
    : handler;
}

/** Another tool's settings: other keys around "hooks", other tools' hooks, values JSON.parse would not keep. */
function foreignSettings(host: HostSpec, indent = "    ", nl = "\n"): string {
  const first = host.events[0]!.name;
  const header = host.manifest(BIN) as Record<string, unknown>;
  if (host.settings?.container === "root") {
    // The file is the event lists and nothing else (Mastra Code's hooks.json).
    return [
      "{",
      `${indent}${JSON.stringify(first)}: [`,
      `${indent}${indent}${foreignEntry(host, 'guard --strict "$PROJECT_DIR"')}`,
      `${indent}],`,
      `${indent}"Notification": [${foreignEntry(host, "notify-send done")}],`,
      `${indent}"Other": [{"type": "command", "command": "x", "env": {"BIG": 12345678901234567890, "F": 1.50, "U": "\\u00e9"}}]`,
      "}",
    ].join(nl) + nl;
  }
  const lines = [
    "{",
    ...("version" in header ? [`${indent}"version": 1,`] : []),
    `${indent}"$schema": "https://example.invalid/settings.json",`,
    `${indent}"permissions": {"allow": ["Bash(npm test)"], "deny": []},`,
    `${indent}"hooks": {`,
    `${indent}${indent}${JSON.stringify(first)}: [`,
    `${indent}${indent}${indent}${foreignEntry(host, 'guard --strict "$PROJECT_DIR"')}`,
    `${indent}${indent}],`,
    `${indent}${indent}"Notification": [${foreignEntry(host, "notify-send done")}]`,
    `${indent}},`,
    `${indent}"env": {"BIG": 12345678901234567890, "F": 1.50, "U": "\\u00e9"}`,
    "}",
  ];
  return lines.join(nl) + nl;
}

/** The event lists of a parsed settings file. */
function hooksOf(host: HostSpec, settings: Record<string, unknown>): Record<string, unknown[]> {
  return (host.settings?.container === "root" ? settings : settings.hooks ?? {}) as Record<
    string,
    unknown[]
  >;
}

/** pwf's entries for `bin`, as (event, command) pairs in file order. */
function pwfCommands(text: string, host: HostSpec): string[] {
  const hooks = hooksOf(host, JSON.parse(text)) as Record<string, Record<string, unknown>[]>;
  const key = host.settings!.commandKeys[0]!;
  return Object.entries(hooks).flatMap(([event, list]) =>
    list.flatMap((
      e,
    ) => (host.settings!.layout === "grouped" ? e.hooks as Record<string, unknown>[] : [e]))
      .map((h) => [h[key], ...(Array.isArray(h.args) ? h.args : [])].join(" "))
      .filter((c) => c.includes(` hook ${host.name} `))
      .map((c) => `${event}: ${c}`)
  );
}

for (const host of SETTINGS_HOSTS) {
  Deno.test(`${host.name} --merge into no file prints exactly the manifest`, () => {
    for (const empty of ["", "\n", " \t\n"]) {
      const r = mergeSettings(empty, reg(host));
      assertEquals(r.text, manifestText(host, BIN));
      assert(r.events.every((e) => e.state === "missing"));
    }
  });

  Deno.test(`${host.name} --merge keeps other keys and other tools' hooks byte for byte, in order`, () => {
    const before = foreignSettings(host);
    const merged = mergeSettings(before, reg(host)).text;
    // Every line of the other tools' settings is still there, verbatim and in order.
    const kept = before.split("\n").filter((l) => !/^\s*[\]}],?$/.test(l) && !l.endsWith("["));
    let at = 0;
    for (const line of kept) {
      const i = merged.indexOf(line.replace(/,$/, ""), at);
      assert(i >= at, `line kept in order: ${line}\n---\n${merged}`);
      at = i;
    }
    assertStringIncludes(merged, '"BIG": 12345678901234567890, "F": 1.50, "U": "\\u00e9"');
    const events = host.events.map((e) =>
      `${e.name}: ${BIN} hook ${host.name} ${e.name}${e.failOpen ? ` ${FAIL_OPEN.bash}` : ""}`
    );
    assertEquals(pwfCommands(merged, host).sort(), events.sort());
    // pwf's entry for an event that already had one goes after the other tool's.
    const first = hooksOf(host, JSON.parse(merged))[host.events[0]!.name]!;
    assertEquals(first.length, 2);
    assertStringIncludes(JSON.stringify(first[0]), "guard --strict");
  });

  Deno.test(`${host.name} --remove after --merge gives back the original bytes`, () => {
    for (const [indent, nl] of [["    ", "\n"], ["  ", "\r\n"], ["\t", "\n"]] as const) {
      const before = foreignSettings(host, indent, nl);
      const merged = mergeSettings(before, reg(host)).text;
      if (nl === "\r\n") assert(!merged.replaceAll("\r\n", "").includes("\n"), "CRLF kept");
      assertEquals(removeSettings(merged, reg(host)).text, before);
    }
    // What pwf's merge made from an empty file (its `version` included) is an empty object again.
    assertEquals(removeSettings(manifestText(host, BIN), reg(host)).text, "{}\n");
    assertEquals(removeSettings(mergeSettings("", reg(host)).text, reg(host)).text, "{}\n");
    assertEquals(removeSettings("", reg(host)).text, "");
  });

  Deno.test(`${host.name} --merge twice changes nothing the second time`, () => {
    const once = mergeSettings(foreignSettings(host), reg(host));
    assert(once.changed);
    const twice = mergeSettings(once.text, reg(host));
    assertEquals(twice.changed, false);
    assertEquals(twice.text, once.text);
    assert(twice.events.every((e) => e.state === "ok"), JSON.stringify(twice.events));
  });

  Deno.test(`${host.name} --merge replaces an older pwf entry (other bin, other timeout, dropped event) in place`, () => {
    const oldFile = JSON.parse(mergeSettings(foreignSettings(host), reg(host, "/old/pwf")).text);
    const old = { hooks: hooksOf(host, oldFile) as Record<string, Record<string, unknown>[]> };
    const [a, b] = [host.events[0]!.name, host.events[1]!.name];
    const grouped = host.settings!.layout === "grouped";
    const handlerOf = (e: Record<string, unknown>) =>
      (grouped ? (e.hooks as unknown[])[0] : e) as Record<string, unknown>;
    handlerOf(old.hooks[b]!.at(-1)!).timeout = 1; // an older version's timeout
    const stale = { type: "command", command: `/old/pwf hook ${host.name} RetiredEvent` };
    old.hooks.RetiredEvent = [grouped ? { hooks: [stale] } : stale];
    const text = JSON.stringify(oldFile, null, 2) + "\n";
    const check = mergeSettings(text, reg(host));
    const states = Object.fromEntries(check.events.map((e) => [e.event, e.state]));
    assertEquals(states[a], "other-bin");
    assertEquals(states.RetiredEvent, "stale");
    const merged = { hooks: hooksOf(host, JSON.parse(check.text)) };
    assertEquals("RetiredEvent" in merged.hooks, false);
    const events = host.events.map((e) =>
      `${e.name}: ${BIN} hook ${host.name} ${e.name}${e.failOpen ? ` ${FAIL_OPEN.bash}` : ""}`
    );
    assertEquals(pwfCommands(check.text, host).sort(), events.sort());
    // Still after the other tool's entry, not duplicated.
    assertEquals(merged.hooks[a]!.length, 2);
    assertStringIncludes(JSON.stringify(merged.hooks[a]![0]), "guard --strict");
    assertEquals(mergeSettings(check.text, reg(host)).changed, false);
  });
}

Deno.test("a pwf handler inside another tool's group is taken out, the group kept", () => {
  const host = HOSTS.find((h) => h.name === "claude")!;
  const text = JSON.stringify(
    {
      hooks: {
        Stop: [{
          hooks: [
            { type: "command", command: "C:/Tools/pwf.exe hook claude Stop" },
            { type: "command", command: "say done" },
          ],
        }],
      },
    },
    null,
    2,
  ) + "\n";
  const removed = JSON.parse(removeSettings(text, reg(host)).text);
  assertEquals(removed, {
    hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] },
  });
  const merged = JSON.parse(mergeSettings(text, reg(host)).text);
  assertEquals(merged.hooks.Stop.length, 2);
  assertEquals(merged.hooks.Stop[1].hooks[0].command, BIN);
  assertEquals(merged.hooks.Stop[1].hooks[0].args, ["hook", "claude", "Stop"]);
});

Deno.test("claude --merge turns an older shell-form pwf entry into the exec form, in place", () => {
  const host = HOSTS.find((h) => h.name === "claude")!;
  const shellForm = (event: string) => ({
    type: "command",
    command: `${BIN} hook claude ${event}`,
    timeout: host.events.find((e) => e.name === event)!.timeout,
  });
  const old = {
    hooks: Object.fromEntries(host.events.map((e) => [
      e.name,
      [{ ...(e.matcher ? { matcher: e.matcher } : {}), hooks: [shellForm(e.name)] }],
    ])),
  };
  const r = mergeSettings(JSON.stringify(old, null, 2) + "\n", reg(host));
  assert(r.events.every((e) => e.state === "outdated"), JSON.stringify(r.events));
  assertEquals(r.text, manifestText(host, BIN));
  const handler = JSON.parse(r.text).hooks.Stop[0].hooks[0];
  assertEquals(handler, {
    type: "command",
    command: BIN,
    args: ["hook", "claude", "Stop"],
    timeout: 30,
  });
});

Deno.test("claude registers exec form: a path with spaces or shell characters runs as is", () => {
  const host = HOSTS.find((h) => h.name === "claude")!;
  for (const bin of ["/opt/my tools/pwf", "C:\\Program Files\\pwf\\pwf.exe", "pwf"]) {
    const m = host.manifest(bin) as { hooks: Record<string, { hooks: unknown[] }[]> };
    for (const e of host.events) {
      assertEquals(m.hooks[e.name]![0]!.hooks[0], {
        type: "command",
        command: bin,
        args: ["hook", "claude", e.name],
        timeout: e.timeout,
      });
    }
  }
});

Deno.test("exec-form and PowerShell-quoted pwf entries are recognised; other tools' look-alikes are not", () => {
  const host = HOSTS.find((h) => h.name === "claude")!;
  const text = JSON.stringify({
    hooks: {
      Stop: [
        { hooks: [{ type: "command", command: "/x/pwf", args: ["hook", "claude", "Stop"] }] },
        { hooks: [{ type: "command", command: "& 'C:/My Tools/pwf.exe' hook claude Stop" }] },
        { hooks: [{ type: "command", command: "pwf hook codex Stop" }] },
        { hooks: [{ type: "command", command: "tool hook claude Stop --extra" }] },
        { hooks: [{ type: "command", command: "pwf", args: ["hook", "codex", "Stop"] }] },
      ],
    },
  });
  const removed = JSON.parse(removeSettings(text, reg(host)).text);
  assertEquals(removed.hooks.Stop.length, 3);
  assertEquals(removed.hooks.Stop[0].hooks[0].command, "pwf hook codex Stop");
});

Deno.test("invalid JSON or an unknown settings shape is a SettingsError (exit 2) naming the problem", () => {
  const claude = reg(HOSTS.find((h) => h.name === "claude")!);
  const cursor = reg(HOSTS.find((h) => h.name === "cursor")!);
  const cases: [Registration, string, string][] = [
    [claude, '{"hooks": {}', 'line 1, column 14: expected "," or "}"'],
    [claude, '{"a": 1,}', 'a trailing ","'],
    [claude, '{\n  // mine\n  "a": 1\n}', "line 2, column 3: a comment"],
    [claude, "[]", "the settings file is a list, not an object"],
    [claude, '{"hooks": []}', '"hooks" is a list, not an object'],
    [claude, '{"hooks": {"Stop": {}}}', '"hooks.Stop" is an object, not a list'],
    [claude, '{"hooks": {"Stop": [1]}}', '"hooks.Stop[0]" is a number, not an object'],
    [claude, '{"hooks": {"Stop": [{"hooks": "x"}]}}', '"hooks.Stop[0].hooks" is a string'],
    [claude, '{"hooks": {"Stop": [{"command": "x"}]}}', "a handler outside a group"],
    [claude, '{"hooks": {"Stop": []}, "hooks": {}}', 'the key "hooks" twice'],
    [claude, '{"hooks": {"Stop": [], "Stop": []}}', 'the event "Stop" twice'],
    [cursor, '{"version": 2, "hooks": {}}', '"version" is 2; pwf writes 1'],
    [cursor, '{"hooks": {"stop": [{"hooks": []}]}}', 'a nested "hooks" list'],
  ];
  for (const [r, text, message] of cases) {
    const err = assertThrows(() => mergeSettings(text, r), SettingsError);
    assertStringIncludes(err.message, message);
    assertEquals((err as SettingsError).exitCode, 2);
    if (text !== "[]" && !text.includes("version")) {
      assertThrows(() => removeSettings(text, r), SettingsError);
    }
  }
});

Deno.test("a BOM, a one-line layout and a missing final newline survive --remove and --merge", () => {
  const claude = reg(HOSTS.find((h) => h.name === "claude")!);
  const text = '\uFEFF{"model": "opus"}';
  assertEquals(removeSettings(text, claude).text, text);
  const merged = mergeSettings(text, claude).text;
  assert(merged.startsWith('\uFEFF{"model": "opus", "hooks": {"'), merged.slice(0, 40));
  assert(!merged.includes("\n"), merged);
  assertEquals(removeSettings(merged, claude).text, text);
});

/**
 * Merge pwf's hook registrations into a host's settings file, or take them
 * out, without touching anything else: `pwf hooks print <host> --merge`,
 * `--remove` and `pwf hooks check`. Pure: text in, text (or a report) out.
 *
 * A pwf entry is a handler whose command line (any of the shape's command
 * keys) is exactly the four words `<bin> hook <host> <Event>`, for any
 * `<bin>` (an optional PowerShell `&` and quotes around `<bin>` allowed), or
 * the exec form `{"command": "<bin>", "args": ["hook", "<host>", "<Event>"]}`.
 * Other tools' handlers never match: their second and third words are not
 * `hook <host>`. docs/install.md has the rules and why.
 * @module
 */

import { ExitCode, PwfError } from "../errors.ts";
import {
  fromValue,
  type JsonDoc,
  JsonDocError,
  type JsonMember,
  type JsonNode,
  parseJsonDoc,
  printJsonDoc,
  sameValue,
} from "./json_doc.ts";

/** How a host lays out hooks in its settings file (one row per host in the host table). */
export interface SettingsShape {
  /**
   * `grouped`: `hooks.<Event>` is a list of `{matcher?, hooks: [handler]}` groups
   * (Claude Code, Codex, Gemini CLI); `flat`: a list of handlers (Cursor, Copilot).
   */
  readonly layout: "grouped" | "flat";
  /** Handler keys whose value is a command line (Codex: command and commandWindows). */
  readonly commandKeys: readonly string[];
  /** Where the event lists live: under a top-level `hooks` object (default), or at the root (Mastra Code). */
  readonly container?: "hooks" | "root";
}

/** What to merge: the host's name in `pwf hook <host>`, its shape, pwf's manifest for `bin`. */
export interface Registration {
  readonly host: string;
  readonly shape: SettingsShape;
  /** `host.manifest(bin)`: `{hooks: {Event: [entry]}}` plus top-level keys such as `version`. */
  readonly manifest: unknown;
  readonly bin: string;
}

/** Settings pwf cannot merge: invalid JSON or an unknown shape (exit 2). */
export class SettingsError extends PwfError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = "SettingsError";
  }
}

/** The state of one event's registration in the settings. */
export type EventState =
  | { readonly event: string; readonly state: "ok" }
  | { readonly event: string; readonly state: "missing" }
  | { readonly event: string; readonly state: "other-bin"; readonly bins: readonly string[] }
  | { readonly event: string; readonly state: "outdated" }
  | { readonly event: string; readonly state: "stale" };

/** The merged (or cleaned) text, whether it differs from the input, and each event's state before. */
export interface MergeResult {
  readonly text: string;
  readonly changed: boolean;
  readonly events: readonly EventState[];
}

/**
 * What ends a registration that must not fail closed (Copilot's preToolUse):
 * the shell's exit status is 0 even when pwf cannot start.
 */
export const FAIL_OPEN = { bash: "|| true", powershell: "; exit 0" } as const;

/**
 * `line` without a FAIL_OPEN ending.
 * @example
 * ```ts
 * import { withoutFailOpen } from "./merge.ts";
 * if (withoutFailOpen("pwf hook copilot preToolUse || true") !== "pwf hook copilot preToolUse") throw new Error();
 * ```
 */
export function withoutFailOpen(line: string): string {
  const t = line.trimEnd();
  if (t.endsWith(` ${FAIL_OPEN.bash}`)) return t.slice(0, -FAIL_OPEN.bash.length - 1);
  return t.endsWith(FAIL_OPEN.powershell) ? t.slice(0, -FAIL_OPEN.powershell.length) : t;
}

/**
 * The words of a command line: whitespace-separated, '...' and "..." group.
 * @example
 * ```ts
 * import { commandWords } from "./merge.ts";
 * const w = commandWords(`& 'C:/Program Files/pwf.exe' hook gemini AfterTool`);
 * if (w.join("|") !== "&|C:/Program Files/pwf.exe|hook|gemini|AfterTool") throw new Error();
 * ```
 */
export function commandWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    words.push(m[1] ?? m[2] ?? m[3] ?? "");
  }
  return words;
}

/**
 * The binary and event of a pwf handler for `host`, or null for anyone else's.
 * @example
 * ```ts
 * import { fromValue } from "./json_doc.ts";
 * import { pwfHandler } from "./merge.ts";
 * const shape = { layout: "grouped", commandKeys: ["command"] } as const;
 * const h = fromValue({ type: "command", command: "/opt/pwf hook claude Stop" });
 * if (pwfHandler(h, "claude", shape)?.bin !== "/opt/pwf") throw new Error();
 * if (pwfHandler(fromValue({ command: "lint hook claude x" }), "codex", shape)) throw new Error();
 * ```
 */
export function pwfHandler(
  handler: JsonNode,
  host: string,
  shape: SettingsShape,
): { bin: string; event: string } | null {
  if (handler.kind !== "object") return null;
  const str = (key: string): string | undefined => {
    const v = handler.members.findLast((m) => m.key === key)?.value;
    return v?.kind === "scalar" && typeof v.value === "string" ? v.value : undefined;
  };
  const args = handler.members.findLast((m) => m.key === "args")?.value;
  for (const key of shape.commandKeys) {
    const line = str(key);
    if (line === undefined) continue;
    if (args?.kind === "array") {
      const a = args.items.map((i) => i.kind === "scalar" ? i.value : undefined);
      if (a.length === 3 && a[0] === "hook" && a[1] === host && typeof a[2] === "string") {
        return { bin: line, event: a[2] };
      }
      continue;
    }
    const words = commandWords(withoutFailOpen(line));
    if (words[0] === "&") words.shift();
    if (words.length === 4 && words[1] === "hook" && words[2] === host) {
      return { bin: words[0] ?? "", event: words[3] ?? "" };
    }
  }
  return null;
}

function kindOf(node: JsonNode): string {
  if (node.kind !== "scalar") return node.kind === "object" ? "an object" : "a list";
  return node.value === null ? "null" : `a ${typeof node.value}`;
}

type ObjectNode = Extract<JsonNode, { kind: "object" }>;
type ArrayNode = Extract<JsonNode, { kind: "array" }>;

function expectObject(node: JsonNode, where: string): asserts node is ObjectNode {
  expectKind(node, "object", where);
}

function expectArray(node: JsonNode, where: string): asserts node is ArrayNode {
  expectKind(node, "array", where);
}

function expectKind(node: JsonNode, kind: "object" | "array", where: string): void {
  if (node.kind !== kind) {
    throw new SettingsError(
      `${quote(where)} is ${kindOf(node)}, not ${kind === "object" ? "an object" : "a list"}`,
    );
  }
}

/** A JSON path for messages: quoted, except the file itself. */
function quote(where: string): string {
  return where === ROOT ? where : `"${where}"`;
}

const ROOT = "the settings file";

function only(members: readonly JsonMember[], key: string, where: string): JsonMember | undefined {
  const found = members.filter((m) => m.key === key);
  if (found.length > 1) throw new SettingsError(`${quote(where)} has the key "${key}" twice`);
  return found[0];
}

/** The handlers of one entry of `hooks.<Event>` (validated), or null for a group without `hooks`. */
function handlersOf(
  item: JsonNode,
  shape: SettingsShape,
  where: string,
): readonly JsonNode[] | null {
  expectObject(item, where);
  const nested = only(item.members, "hooks", where);
  if (shape.layout === "flat") {
    if (nested) {
      throw new SettingsError(
        `${
          quote(where)
        } has a nested "hooks" list; this host lists handlers directly under each event`,
      );
    }
    return [item];
  }
  if (!nested) {
    if (shape.commandKeys.some((k) => item.members.some((m) => m.key === k))) {
      throw new SettingsError(
        `${
          quote(where)
        } is a handler outside a group; this host expects {"hooks": [handler]} entries`,
      );
    }
    return null;
  }
  const list = nested.value;
  expectArray(list, `${where}.hooks`);
  list.items.forEach((h, i) => expectObject(h, `${where}.hooks[${i}]`));
  return list.items;
}

interface EventEdit {
  /** The new list (the old node when nothing changed), or null to delete the event. */
  readonly node: JsonNode | null;
  readonly bins: readonly string[];
}

/** Drop pwf's handlers from one event's list, then put `wanted` where the first one was. */
function editEvent(
  list: JsonNode,
  reg: Registration,
  where: string,
  wanted: readonly unknown[] | null,
): EventEdit {
  expectArray(list, where);
  const out: JsonNode[] = [];
  const bins: string[] = [];
  let insertAt = -1;
  list.items.forEach((item, i) => {
    const handlers = handlersOf(item, reg.shape, `${where}[${i}]`);
    if (handlers === null) return void out.push(item);
    const ours = handlers.map((h) => pwfHandler(h, reg.host, reg.shape));
    if (ours.every((m) => m === null)) return void out.push(item);
    for (const m of ours) if (m) bins.push(m.bin);
    const kept = handlers.filter((_, j) => ours[j] === null);
    if (kept.length > 0 && item.kind === "object") {
      out.push({
        kind: "object",
        members: item.members.map((m) =>
          m.key === "hooks" ? { ...m, value: { kind: "array", items: kept } } : m
        ),
      });
    }
    if (insertAt < 0) insertAt = out.length;
  });
  const items = wanted === null ? out : [
    ...out.slice(0, insertAt < 0 ? out.length : insertAt),
    ...wanted.map(fromValue),
    ...(insertAt < 0 ? [] : out.slice(insertAt)),
  ];
  if (items.length === 0 && bins.length > 0) return { node: null, bins };
  const node: JsonNode = { kind: "array", items };
  return { node: sameValue(node, list) ? list : node, bins };
}

function manifestParts(
  manifest: unknown,
  atRoot: boolean,
): { hooks: [string, unknown[]][]; header: [string, unknown][] } {
  const m = manifest as Record<string, unknown>;
  if (atRoot) return { hooks: Object.entries(m as Record<string, unknown[]>), header: [] };
  const hooks = Object.entries(m.hooks as Record<string, unknown[]>);
  return { hooks, header: Object.entries(m).filter(([k]) => k !== "hooks") };
}

function parse(text: string): JsonDoc {
  try {
    return parseJsonDoc(text);
  } catch (err) {
    if (err instanceof JsonDocError) throw new SettingsError(`not valid JSON: ${err.message}`);
    throw err;
  }
}

function edit(text: string, reg: Registration, mode: "merge" | "remove"): MergeResult {
  const parsed = parse(text);
  if (parsed.root === undefined && mode === "remove") {
    return { text: "", changed: false, events: [] };
  }
  // No file yet (or only whitespace): the new file starts at its first byte.
  const doc = parsed.root
    ? parsed
    : { ...parsed, before: parsed.before.startsWith("\uFEFF") ? "\uFEFF" : "", after: "\n" };
  const root: JsonNode = doc.root ?? { kind: "object", members: [] };
  expectObject(root, ROOT);
  const atRoot = reg.shape.container === "root";
  const { hooks: wantedEvents, header } = manifestParts(reg.manifest, atRoot);
  const wantedByName = new Map(wantedEvents);
  const members = [...root.members];
  if (mode === "merge") {
    header.forEach(([key, value], i) => {
      const have = only(members, key, ROOT);
      if (!have) {
        return void members.splice(i, 0, {
          key,
          rawKey: JSON.stringify(key),
          value: fromValue(value),
        });
      }
      if (!sameValue(have.value, fromValue(value))) {
        throw new SettingsError(
          `"${key}" is ${have.value.raw ?? JSON.stringify(value)}; pwf writes ${
            JSON.stringify(value)
          } (a settings format pwf does not know)`,
        );
      }
    });
  }
  const hooksMember = atRoot ? undefined : only(members, "hooks", ROOT);
  const hooks: JsonNode = atRoot ? root : hooksMember?.value ?? { kind: "object", members: [] };
  expectObject(hooks, "hooks");
  const at = (event: string) => (atRoot ? event : `hooks.${event}`);
  const states: EventState[] = [];
  const newHooks: JsonMember[] = [];
  const seen = new Set<string>();
  for (const m of hooks.members) {
    if (seen.has(m.key)) {
      throw new SettingsError(`${atRoot ? ROOT : '"hooks"'} has the event "${m.key}" twice`);
    }
    seen.add(m.key);
    const wanted = mode === "merge" ? wantedByName.get(m.key) ?? null : null;
    const e = editEvent(m.value, reg, at(m.key), wanted);
    if (e.node) newHooks.push(e.node === m.value ? m : { ...m, value: e.node });
    if (!wantedByName.has(m.key)) {
      if (e.bins.length) states.push({ event: m.key, state: "stale" });
      continue;
    }
    states.push(stateOf(m.key, e, m.value, reg.bin));
  }
  if (mode === "merge") {
    for (const [event, wanted] of wantedEvents) {
      if (seen.has(event)) continue;
      states.push({ event, state: "missing" });
      newHooks.push({ key: event, rawKey: JSON.stringify(event), value: fromValue(wanted) });
    }
  }
  const rebuilt: JsonNode = { kind: "object", members: newHooks };
  const hooksNode = sameValue(rebuilt, hooks) ? hooks : rebuilt;
  const emptied = newHooks.length === 0 && hooks.members.length > 0;
  const rootMembers = atRoot
    ? newHooks
    : hooksMember
    ? members.flatMap((m) => m !== hooksMember ? [m] : emptied ? [] : [{ ...m, value: hooksNode }])
    : newHooks.length > 0
    ? [...members, { key: "hooks", rawKey: '"hooks"', value: hooksNode }]
    : members;
  if (mode === "remove" && (emptied || atRoot && hooks.members.length > 0)) {
    // Nothing left but what pwf writes (a file pwf's merge made from nothing): an empty object,
    // still valid for the host; `--delete-if-empty` (lib/cli/hooks_print.ts) prints nothing instead.
    const pwfOnly = rootMembers.every((m) =>
      header.some(([k, v]) => k === m.key && sameValue(m.value, fromValue(v)))
    );
    if (pwfOnly) {
      const text2 = text.endsWith("\n") ? "{}\n" : "{}";
      return { text: text2, changed: true, events: order(states, wantedEvents) };
    }
  }
  const newRoot: JsonNode = { kind: "object", members: rootMembers };
  const finalRoot = doc.root && sameValue(newRoot, doc.root) ? doc.root : newRoot;
  const changed = finalRoot !== doc.root;
  return {
    text: changed ? printJsonDoc({ ...doc, root: finalRoot }) : text,
    changed,
    events: order(states, wantedEvents),
  };
}

function stateOf(event: string, e: EventEdit, before: JsonNode, bin: string): EventState {
  if (e.bins.length === 0) return { event, state: "missing" };
  if (e.node === before) return { event, state: "ok" };
  const others = [...new Set(e.bins.filter((b) => b !== bin))];
  if (others.length) return { event, state: "other-bin", bins: others };
  return { event, state: "outdated" };
}

/** pwf's events in manifest order, then stale ones in file order. */
function order(states: EventState[], wanted: readonly [string, unknown][]): EventState[] {
  const rank = new Map(wanted.map(([e], i) => [e, i]));
  return states
    .map((s, i) => ({ s, r: rank.get(s.event) ?? wanted.length + i }))
    .sort((a, b) => a.r - b.r)
    .map((x) => x.s);
}

/**
 * The settings text with pwf's registrations added, or replacing older pwf
 * entries in place; everything else unchanged, byte for byte. Empty text: no
 * file yet. Throws SettingsError for invalid JSON or an unknown shape.
 */
export function mergeSettings(text: string, reg: Registration): MergeResult {
  return edit(text, reg, "merge");
}

/** The settings text without pwf's entries (uninstall); everything else unchanged. */
export function removeSettings(text: string, reg: Registration): MergeResult {
  return edit(text, reg, "remove");
}

/**
 * pwf's entry in an MCP client's JSON config (`.mcp.json`, `.cursor/mcp.json`,
 * `.vscode/mcp.json`, Gemini CLI's and Zed's settings, Claude Desktop's and
 * Windsurf's config): add, replace or take out the one member
 * `<container>.pwf`, everything else unchanged byte for byte. Strict JSON
 * only: a file with comments or trailing commas (JSONC) is refused, never
 * rewritten. Pure: text in, text out.
 * @module
 */

import {
  fromValue,
  type JsonDoc,
  JsonDocError,
  type JsonMember,
  type JsonNode,
  parseJsonDoc,
  printJsonDoc,
  sameValue,
  toValue,
} from "./json_doc.ts";
import { SettingsError } from "./merge.ts";

/** What to edit: `container` (e.g. `mcpServers`) holds servers by name; pwf's is `name`. */
export interface McpEntrySpec {
  readonly container: string;
  readonly name: string;
  /** pwf's entry as this client writes it. */
  readonly entry: Readonly<Record<string, unknown>>;
}

/** pwf's entry before the edit. */
export type EntryState = "ok" | "missing" | "other-bin" | "outdated";

/** The edited text, whether it differs, and the entry's state before. */
export interface EntryEdit {
  readonly text: string;
  readonly changed: boolean;
  readonly state: EntryState;
  /** The command the file had for pwf, when one. */
  readonly had: string | null;
}

type ObjectNode = Extract<JsonNode, { kind: "object" }>;

/**
 * Merge pwf's entry into a JSON config (empty text: a new file).
 * @example
 * ```ts
 * import { mergeMcpJson } from "./mcp_json.ts";
 * const spec = { container: "mcpServers", name: "pwf", entry: { command: "pwf", args: ["mcp"] } };
 * const r = mergeMcpJson('{\n  "other": 1\n}\n', spec);
 * if (!r.text.startsWith('{\n  "other": 1,\n  "mcpServers": {\n    "pwf": {') || r.state !== "missing") throw new Error(r.text);
 * ```
 */
export function mergeMcpJson(text: string, spec: McpEntrySpec): EntryEdit {
  return edit(text, spec, "merge");
}

/**
 * Take pwf's entry out (the container too once it is empty).
 * @example
 * ```ts
 * import { removeMcpJson } from "./mcp_json.ts";
 * const spec = { container: "servers", name: "pwf", entry: {} };
 * const r = removeMcpJson('{"a": 1, "servers": {"pwf": {}}}', spec);
 * if (r.text !== '{"a": 1}') throw new Error(JSON.stringify(r.text));
 * ```
 */
export function removeMcpJson(text: string, spec: McpEntrySpec): EntryEdit {
  return edit(text, spec, "remove");
}

function parse(text: string): JsonDoc {
  try {
    return parseJsonDoc(text);
  } catch (err) {
    if (err instanceof JsonDocError) {
      throw new SettingsError(
        `${err.message} (pwf edits strict JSON only: no comments, no trailing commas)`,
      );
    }
    throw err;
  }
}

function only(members: readonly JsonMember[], key: string, where: string): JsonMember | undefined {
  const found = members.filter((m) => m.key === key);
  if (found.length > 1) throw new SettingsError(`${where} has the key "${key}" twice`);
  return found[0];
}

function asObject(node: JsonNode, where: string): ObjectNode {
  if (node.kind !== "object") throw new SettingsError(`${where} is not an object`);
  return node;
}

function edit(text: string, spec: McpEntrySpec, mode: "merge" | "remove"): EntryEdit {
  const doc = parse(text);
  const root = asObject(doc.root ?? { kind: "object", members: [] }, "the top level");
  const box = only(root.members, spec.container, "the top level");
  const servers = box
    ? asObject(box.value, `"${spec.container}"`)
    : { kind: "object" as const, members: [] };
  const mine = only(servers.members, spec.name, `"${spec.container}"`);
  const wanted = fromValue(spec.entry);
  const had = mine ? commandOf(mine.value) : null;
  const state: EntryState = !mine
    ? "missing"
    : sameValue(mine.value, wanted)
    ? "ok"
    : had !== null && had !== spec.entry.command
    ? "other-bin"
    : "outdated";
  const members = mode === "remove"
    ? servers.members.filter((m) => m !== mine)
    : mine
    ? servers.members.map((m) => (m === mine && state !== "ok" ? { ...m, value: wanted } : m))
    : [...servers.members, { key: spec.name, rawKey: JSON.stringify(spec.name), value: wanted }];
  if (mode === "remove" ? !mine : state === "ok") return { text, changed: false, state, had };
  const newServers: JsonNode = { kind: "object", members };
  const rootMembers = box
    ? root.members.flatMap((m) =>
      m !== box ? [m] : members.length === 0 ? [] : [{ ...m, value: newServers }]
    )
    : [...root.members, {
      key: spec.container,
      rawKey: JSON.stringify(spec.container),
      value: newServers,
    }];
  const out = printJsonDoc({ ...doc, root: { kind: "object", members: rootMembers } });
  return { text: out, changed: true, state, had };
}

function commandOf(node: JsonNode): string | null {
  const v = toValue(node) as { command?: unknown } | null;
  return v !== null && typeof v === "object" && typeof v.command === "string" ? v.command : null;
}

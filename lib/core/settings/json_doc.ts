/**
 * A JSON document that keeps its source: every value remembers the exact
 * text it was parsed from, object members keep their order (duplicates
 * included), and printing a value nobody changed gives back those bytes.
 * Changed containers are laid out again in the document's own indentation
 * and line ending, so an edit touches only the lines it must (the settings
 * merge of `pwf hooks print --merge`).
 * @module
 */

/** One parsed or built JSON value. `raw`: the source text, absent once rebuilt. */
export type JsonNode =
  | { readonly kind: "object"; readonly members: readonly JsonMember[]; readonly raw?: string }
  | { readonly kind: "array"; readonly items: readonly JsonNode[]; readonly raw?: string }
  | {
    readonly kind: "scalar";
    readonly value: string | number | boolean | null;
    readonly raw?: string;
  };

/** One object member; `rawKey` is the key as written (quotes and escapes included). */
export interface JsonMember {
  readonly key: string;
  readonly rawKey: string;
  readonly value: JsonNode;
}

/** A parsed document: the root (undefined for an empty text) and its layout. */
export interface JsonDoc {
  readonly root: JsonNode | undefined;
  /** Text before and after the root value (whitespace; a BOM is kept in `before`). */
  readonly before: string;
  readonly after: string;
  /** One indentation step (two spaces when the text has no indented line). */
  readonly indent: string;
  /** "\r\n" when the text uses it, else "\n". */
  readonly newline: string;
  /**
   * For a one-line document (a non-empty root without a line break): the
   * separators it uses after ":" and ",", so rebuilt values stay on one line.
   */
  readonly compact?: { readonly colon: string; readonly comma: string };
}

/** Invalid JSON: the message names the line and column. */
export class JsonDocError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JsonDocError";
  }
}

/**
 * The deepest nesting of objects and arrays a document may have. Host
 * settings files nest a handful of levels; a limit keeps the recursive
 * parser (and every walk over its tree) far from the stack's end, so 20,000
 * levels are refused with one line instead of a stack overflow.
 */
export const MAX_JSON_DEPTH = 256;

const WS = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON strings may not hold raw control characters (U+0000..U+001F).
// deno-lint-ignore no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/**
 * Parse JSON text (strict RFC 8259: no comments, no trailing commas).
 * @example
 * ```ts
 * import { parseJsonDoc, printJsonDoc } from "./json_doc.ts";
 * const text = '{\n    "a": 1.50,\n    "b": [1, 2]\n}\n';
 * if (printJsonDoc(parseJsonDoc(text)) !== text) throw new Error("unchanged text comes back");
 * ```
 */
export function parseJsonDoc(text: string): JsonDoc {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  const p = new Parser(text, bom.length);
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? "  ";
  const lead = bom + p.ws();
  if (p.pos >= text.length) return { root: undefined, before: lead, after: "", indent, newline };
  const root = p.value();
  const start = p.pos;
  p.ws();
  if (p.pos < text.length) p.fail("unexpected text after the JSON value");
  const doc = { root, before: lead, after: text.slice(start), indent, newline };
  const raw = root.raw ?? "";
  const empty = root.kind === "scalar" || raw.length <= 2;
  if (empty || raw.includes("\n") || raw.includes("\r")) return doc;
  const colon = /"\s*:\s/.test(raw) ? ": " : ":";
  const comma = raw.includes(",") ? (/,\s/.test(raw) ? ", " : ",") : colon === ": " ? ", " : ",";
  return { ...doc, compact: { colon, comma } };
}

class Parser {
  pos: number;
  private depth = 0;
  constructor(readonly text: string, start: number) {
    this.pos = start;
  }

  fail(what: string): never {
    const upTo = this.text.slice(0, this.pos);
    const line = upTo.split("\n").length;
    const column = this.pos - upTo.lastIndexOf("\n");
    throw new JsonDocError(`line ${line}, column ${column}: ${what}`);
  }

  ws(): string {
    WS.lastIndex = this.pos;
    const m = WS.exec(this.text)?.[0] ?? "";
    this.pos += m.length;
    const c = this.text[this.pos];
    if (c === "/" && (this.text[this.pos + 1] === "/" || this.text[this.pos + 1] === "*")) {
      this.fail("a comment (JSON has none; remove it)");
    }
    return m;
  }

  match(re: RegExp): string | undefined {
    re.lastIndex = this.pos;
    const m = re.exec(this.text)?.[0];
    if (m !== undefined) this.pos += m.length;
    return m;
  }

  value(): JsonNode {
    const start = this.pos;
    const c = this.text[this.pos];
    if (c === "{" || c === "[") {
      if (++this.depth > MAX_JSON_DEPTH) {
        this.fail(`nested deeper than ${MAX_JSON_DEPTH} levels (no settings file needs that)`);
      }
      const node = c === "{" ? this.object(start) : this.array(start);
      this.depth--;
      return node;
    }
    if (c === '"') {
      const raw = this.match(STRING) ?? this.fail("an unterminated or invalid string");
      return { kind: "scalar", value: JSON.parse(raw) as string, raw };
    }
    for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return { kind: "scalar", value, raw: word };
      }
    }
    const num = this.match(NUMBER);
    if (num !== undefined) return { kind: "scalar", value: Number(num), raw: num };
    return this.fail(
      c === undefined ? "the text ends where a value should be" : `unexpected "${c}"`,
    );
  }

  object(start: number): JsonNode {
    this.pos++;
    const members: JsonMember[] = [];
    this.ws();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return { kind: "object", members, raw: this.text.slice(start, this.pos) };
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail('expected a "quoted" key');
      const rawKey = this.match(STRING) ?? this.fail("an unterminated or invalid key");
      this.ws();
      if (this.text[this.pos] !== ":") this.fail('expected ":" after the key');
      this.pos++;
      this.ws();
      members.push({ key: JSON.parse(rawKey) as string, rawKey, value: this.value() });
      this.ws();
      const c = this.text[this.pos++];
      if (c === "}") return { kind: "object", members, raw: this.text.slice(start, this.pos) };
      if (c !== ",") this.fail('expected "," or "}"');
      this.ws();
      if (this.text[this.pos] === "}") this.fail('a trailing "," before "}"');
    }
  }

  array(start: number): JsonNode {
    this.pos++;
    const items: JsonNode[] = [];
    this.ws();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return { kind: "array", items, raw: this.text.slice(start, this.pos) };
    }
    for (;;) {
      this.ws();
      items.push(this.value());
      this.ws();
      const c = this.text[this.pos++];
      if (c === "]") return { kind: "array", items, raw: this.text.slice(start, this.pos) };
      if (c !== ",") this.fail('expected "," or "]"');
      this.ws();
      if (this.text[this.pos] === "]") this.fail('a trailing "," before "]"');
    }
  }
}

/**
 * The document as text: unchanged values verbatim, rebuilt ones in the
 * document's indentation (on one line in a one-line document), then the
 * document's trailing text as it was.
 */
export function printJsonDoc(doc: JsonDoc): string {
  if (doc.root === undefined) return doc.before + doc.after;
  const body = doc.compact
    ? printCompact(doc.root, doc.compact.colon, doc.compact.comma)
    : printNode(doc.root, 0, doc.indent, doc.newline);
  return doc.before + body + doc.after;
}

function printCompact(node: JsonNode, colon: string, comma: string): string {
  if (node.raw !== undefined) return node.raw;
  if (node.kind === "scalar") return JSON.stringify(node.value);
  if (node.kind === "array") {
    return `[${node.items.map((v) => printCompact(v, colon, comma)).join(comma)}]`;
  }
  const parts = node.members.map((m) =>
    `${m.rawKey}${colon}${printCompact(m.value, colon, comma)}`
  );
  return `{${parts.join(comma)}}`;
}

function printNode(node: JsonNode, depth: number, unit: string, nl: string): string {
  if (node.raw !== undefined) return node.raw;
  if (node.kind === "scalar") return JSON.stringify(node.value);
  const inner = unit.repeat(depth + 1);
  const parts = node.kind === "object"
    ? node.members.map((m) => `${inner}${m.rawKey}: ${printNode(m.value, depth + 1, unit, nl)}`)
    : node.items.map((v) => inner + printNode(v, depth + 1, unit, nl));
  const [open, close] = node.kind === "object" ? ["{", "}"] : ["[", "]"];
  if (parts.length === 0) return open + close;
  return `${open}${nl}${parts.join("," + nl)}${nl}${unit.repeat(depth)}${close}`;
}

/**
 * A node for a plain value (no source text: it prints in the document's layout).
 * @example
 * ```ts
 * import { fromValue, toValue } from "./json_doc.ts";
 * if (JSON.stringify(toValue(fromValue({ a: [1, "x"] }))) !== '{"a":[1,"x"]}') throw new Error();
 * ```
 */
export function fromValue(value: unknown): JsonNode {
  if (Array.isArray(value)) return { kind: "array", items: value.map(fromValue) };
  if (value !== null && typeof value === "object") {
    return {
      kind: "object",
      members: Object.entries(value).map(([key, v]) => ({
        key,
        rawKey: JSON.stringify(key),
        value: fromValue(v),
      })),
    };
  }
  if (
    typeof value === "string" || typeof value === "number" || typeof value === "boolean" ||
    value === null
  ) return { kind: "scalar", value };
  throw new TypeError(`not a JSON value: ${String(value)}`);
}

/** The plain value of a node (a duplicate key: the last one wins, as in JSON.parse). */
export function toValue(node: JsonNode): unknown {
  if (node.kind === "scalar") return node.value;
  if (node.kind === "array") return node.items.map(toValue);
  const out: Record<string, unknown> = {};
  for (const m of node.members) {
    Object.defineProperty(out, m.key, {
      value: toValue(m.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * Whether two nodes hold the same value, member order included.
 * @example
 * ```ts
 * import { parseJsonDoc, sameValue } from "./json_doc.ts";
 * const a = parseJsonDoc('{"x": 1.0}').root!, b = parseJsonDoc('{ "x":1 }').root!;
 * if (!sameValue(a, b)) throw new Error();
 * ```
 */
export function sameValue(a: JsonNode, b: JsonNode): boolean {
  if (a.kind === "scalar" || b.kind === "scalar") {
    return a.kind === b.kind && (a as { value: unknown }).value === (b as { value: unknown }).value;
  }
  if (a.kind === "array" && b.kind === "array") {
    return a.items.length === b.items.length && a.items.every((v, i) => sameValue(v, b.items[i]!));
  }
  if (a.kind === "object" && b.kind === "object") {
    return a.members.length === b.members.length &&
      a.members.every((m, i) =>
        m.key === b.members[i]!.key && sameValue(m.value, b.members[i]!.value)
      );
  }
  return false;
}

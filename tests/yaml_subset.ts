/**
 * A strict parser for the subset of YAML our GitHub workflow files use:
 * block mappings and sequences (two-space style), plain, single- and
 * double-quoted scalars, flow sequences of scalars, literal (`|`) and folded
 * (`>`) block scalars, and comments. Anything else (tabs, anchors, flow
 * mappings, a plain scalar holding ": ", duplicate keys, stray indentation)
 * is an error naming the line, so a test over it fails on invalid files.
 * No third-party code: JSR and its YAML module are out of reach.
 * @module
 */

/** A parsed YAML value. */
export type Yaml = string | boolean | null | Yaml[] | { [key: string]: Yaml };

class Lines {
  i = 0;
  constructor(readonly all: string[]) {}
  skipBlank(): void {
    while (this.i < this.all.length && /^\s*(#.*)?$/.test(this.all[this.i] ?? "")) this.i++;
  }
  peek(): string | undefined {
    this.skipBlank();
    return this.all[this.i];
  }
  fail(msg: string, at = this.i): never {
    throw new Error(`yaml: line ${at + 1}: ${msg}: ${JSON.stringify(this.all[at] ?? "")}`);
  }
}

const indentOf = (line: string) => (/^ */.exec(line)?.[0] ?? "").length;
const isItem = (line: string) => /^ *-( |$)/.test(line);

/** Parse `src` (the subset described above); throws naming the bad line. */
export function parseYaml(src: string): Yaml {
  const lines = new Lines(src.replaceAll("\r\n", "\n").split("\n"));
  lines.all.forEach((l, n) => {
    if (/^\s*\t/.test(l)) lines.fail("tab indentation", n);
  });
  const first = lines.peek();
  if (first === undefined) return null;
  if (indentOf(first) !== 0) lines.fail("document does not start at column 0");
  const value = parseBlock(lines, 0);
  if (lines.peek() !== undefined) lines.fail("unexpected indentation");
  return value;
}

function parseBlock(lines: Lines, indent: number): Yaml {
  const line = lines.peek();
  if (line === undefined || indentOf(line) < indent) return null;
  return isItem(line) ? parseSeq(lines, indentOf(line)) : parseMap(lines, indentOf(line));
}

function parseSeq(lines: Lines, indent: number): Yaml[] {
  const out: Yaml[] = [];
  for (let line = lines.peek(); line !== undefined; line = lines.peek()) {
    if (indentOf(line) !== indent || !isItem(line)) break;
    const rest = line.slice(indent + 1).trimStart();
    if (rest === "" || rest.startsWith("#")) {
      lines.i++;
      out.push(parseBlock(lines, indent + 1));
    } else if (keyValue(rest)) {
      const col = line.length - rest.length;
      lines.all[lines.i] = " ".repeat(col) + rest; // the item's first key starts its mapping
      out.push(parseMap(lines, col));
    } else {
      lines.i++;
      out.push(scalar(lines, rest));
    }
  }
  return out;
}

function keyValue(text: string): RegExpExecArray | null {
  return /^("[^"]*"|'[^']*'|[^\s"'#\-[{][^:#]*?|-[^\s:][^:#]*?)\s*:(?:\s+(.*))?$/.exec(text);
}

function parseMap(lines: Lines, indent: number): { [key: string]: Yaml } {
  const out: { [key: string]: Yaml } = {};
  for (let line = lines.peek(); line !== undefined; line = lines.peek()) {
    if (indentOf(line) < indent) break;
    if (indentOf(line) > indent) lines.fail("unexpected indentation");
    if (isItem(line)) lines.fail("sequence item where a mapping key was expected");
    const m = keyValue(line.slice(indent));
    if (!m) lines.fail("expected `key: value`");
    const key = unquote(lines, m[1] ?? "");
    if (Object.hasOwn(out, key)) lines.fail(`duplicate key "${key}"`);
    const value = stripComment(m[2] ?? "").trim();
    const at = lines.i++;
    if (/^[|>][-+]?$/.test(value)) out[key] = blockScalar(lines, indent, value);
    else if (value !== "") out[key] = scalar(lines, value, at);
    else {
      const next = lines.peek();
      if (next !== undefined && indentOf(next) > indent) out[key] = parseBlock(lines, indent + 1);
      else if (next !== undefined && indentOf(next) === indent && isItem(next)) {
        out[key] = parseSeq(lines, indent);
      } else out[key] = null;
    }
  }
  return out;
}

function blockScalar(lines: Lines, parent: number, style: string): string {
  const body: string[] = [];
  let indent = -1;
  while (lines.i < lines.all.length) {
    const line = lines.all[lines.i] ?? "";
    if (line.trim() !== "") {
      if (indentOf(line) <= parent) break;
      if (indent < 0) indent = indentOf(line);
      if (indentOf(line) < indent) lines.fail("block scalar line indented less than its first");
    }
    body.push(line.slice(Math.max(indent, 0)));
    lines.i++;
  }
  while (body.length && body[body.length - 1]?.trim() === "") body.pop();
  const text = style.startsWith(">") ? body.join(" ").replace(/ {2,}/g, " ") : body.join("\n");
  return style.endsWith("-") ? text : `${text}\n`;
}

function stripComment(text: string): string {
  let quote = "";
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "#" && (k === 0 || /\s/.test(text[k - 1] ?? ""))) return text.slice(0, k);
  }
  return text;
}

function unquote(lines: Lines, text: string, at = lines.i): string {
  if (text.startsWith('"')) {
    try {
      return JSON.parse(text) as string;
    } catch {
      lines.fail("bad double-quoted string", at);
    }
  }
  if (text.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(text)) lines.fail("bad single-quoted string", at);
    return text.slice(1, -1).replaceAll("''", "'");
  }
  return text;
}

function scalar(lines: Lines, raw: string, at = lines.i): Yaml {
  const text = stripComment(raw).trim();
  if (text.startsWith("[")) {
    if (!text.endsWith("]")) lines.fail("unclosed flow sequence", at);
    const inner = text.slice(1, -1).trim();
    return inner === "" ? [] : inner.split(",").map((part) => scalar(lines, part.trim(), at));
  }
  if (/^[{&*!%@`]/.test(text)) lines.fail("unsupported YAML (flow mapping, anchor, tag)", at);
  if (text.startsWith('"') || text.startsWith("'")) return unquote(lines, text, at);
  if (/: |:$/.test(text)) lines.fail('plain scalar contains ": " (quote it)', at);
  if (text === "true" || text === "false") return text === "true";
  if (text === "null" || text === "~") return null;
  return text;
}

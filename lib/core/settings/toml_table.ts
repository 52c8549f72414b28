/**
 * pwf's table in a TOML config (Codex: `[mcp_servers.pwf]` in
 * `config.toml`): add, replace or take out that table and its sub-tables,
 * every other byte unchanged. A minimal reader, not a TOML parser: it
 * finds table headers line by line, tracking strings and multi-line arrays,
 * and refuses what it cannot place safely (multi-line strings, pwf defined
 * by dotted keys or an inline table, an array of tables, a header it cannot
 * read). Pure: text in, text out.
 * @module
 */

import { SettingsError } from "./merge.ts";
import type { EntryEdit, EntryState } from "./mcp_json.ts";

/** pwf's table: its key path (`["mcp_servers", "pwf"]`) and its key/value lines. */
export interface TomlTableSpec {
  readonly path: readonly string[];
  /** Keys and values in order; values are strings or string arrays. */
  readonly entry: readonly (readonly [string, string | readonly string[]])[];
}

/** One line of the file with what the reader learned about it. */
interface Line {
  readonly text: string;
  /** The header's key path, when the line is a `[table]` header. */
  readonly header: readonly string[] | null;
  /** The first key of a `key = value` line at the start of a value (not inside an array). */
  readonly key: readonly string[] | null;
}

/**
 * The TOML text of pwf's table.
 * @example
 * ```ts
 * import { tableText } from "./toml_table.ts";
 * const t = tableText({ path: ["mcp_servers", "pwf"], entry: [["command", "pwf"], ["args", ["mcp"]]] }, "\n");
 * if (t !== '[mcp_servers.pwf]\ncommand = "pwf"\nargs = ["mcp"]\n') throw new Error(t);
 * ```
 */
export function tableText(spec: TomlTableSpec, nl: string): string {
  const value = (v: string | readonly string[]) =>
    typeof v === "string" ? tomlString(v) : `[${v.map(tomlString).join(", ")}]`;
  return [
    `[${spec.path.map(bareOrQuoted).join(".")}]`,
    ...spec.entry.map(([k, v]) => `${bareOrQuoted(k)} = ${value(v)}`),
  ]
    .join(nl) + nl;
}

/** A TOML basic string (JSON's escapes are TOML's, \u2028-style escapes included). */
function tomlString(s: string): string {
  return JSON.stringify(s).replace(/\u007f/g, "\\u007F");
}

function bareOrQuoted(k: string): string {
  return /^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k);
}

/**
 * Merge pwf's table (empty text: a new file).
 * @example
 * ```ts
 * import { mergeToml } from "./toml_table.ts";
 * const spec = { path: ["mcp_servers", "pwf"], entry: [["command", "pwf"]] } as const;
 * const r = mergeToml('model = "o3"\n', spec);
 * if (r.text !== 'model = "o3"\n\n[mcp_servers.pwf]\ncommand = "pwf"\n' || r.state !== "missing") throw new Error(r.text);
 * ```
 */
export function mergeToml(text: string, spec: TomlTableSpec): EntryEdit {
  return edit(text, spec, "merge");
}

/** Take pwf's table (and its sub-tables) out. */
export function removeToml(text: string, spec: TomlTableSpec): EntryEdit {
  return edit(text, spec, "remove");
}

function edit(text: string, spec: TomlTableSpec, mode: "merge" | "remove"): EntryEdit {
  const nl = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = readLines(text);
  refuseOtherForms(lines, spec.path);
  const ranges = tableRanges(lines, spec.path);
  const wanted = tableText(spec, nl);
  const current = ranges.map(([a, b]) => lines.slice(a, b).map((l) => l.text).join("")).join("");
  const had = commandIn(current);
  const command = spec.entry.find(([k]) => k === "command")?.[1];
  const state: EntryState = ranges.length === 0
    ? "missing"
    : normal(current) === normal(wanted)
    ? "ok"
    : had !== null && had !== command
    ? "other-bin"
    : "outdated";
  if (mode === "remove" ? ranges.length === 0 : state === "ok") {
    return { text, changed: false, state, had };
  }
  const blank = (i: number) => /^\s*\r?\n?$/.test(lines[i]?.text ?? "");
  // the blank line a merge put before the table goes with it (merge, then remove: the same bytes)
  const drop = ranges.flatMap(([a, b]) =>
    a > 0 && blank(a - 1) && (b >= lines.length || blank(b)) ? [a - 1] : []
  );
  const keep = (i: number) =>
    !(mode === "remove" && drop.includes(i)) && !ranges.some(([a, b]) => i >= a && i < b);
  const first = ranges[0]?.[0];
  let out = "";
  lines.forEach((l, i) => {
    if (mode === "merge" && i === first) out += wanted;
    if (keep(i)) out += l.text;
  });
  if (mode === "merge" && first === undefined) {
    const sep = out === ""
      ? ""
      : out.endsWith("\n")
      ? (out.endsWith(`${nl}${nl}`) || out === nl ? "" : nl)
      : nl + nl;
    out += sep + wanted;
  }
  return { text: out, changed: out !== text, state, had };
}

/** A table's text without comments, blank lines and spacing, for "is it what pwf writes". */
function normal(s: string): string {
  return s.split("\n").map((l) => withoutSpace(uncommented(l))).filter((l) =>
    l !== "" && !l.startsWith("#")
  ).join("\n");
}

/** A line up to a `#` that follows whitespace (a trailing comment), as the old regex cut it. */
function uncommented(line: string): string {
  for (let i = line.indexOf("#"); i > 0; i = line.indexOf("#", i + 1)) {
    if (/\s/.test(line[i - 1]!)) {
      let start = i - 1;
      while (start > 0 && /\s/.test(line[start - 1]!)) start--;
      return line.slice(0, start);
    }
  }
  return line;
}

/** A line without any whitespace (one linear pass). */
function withoutSpace(line: string): string {
  let out = "";
  for (const ch of line) if (!/\s/.test(ch)) out += ch;
  return out;
}

function commandIn(s: string): string | null {
  const m = /^\s*command\s*=\s*("(?:[^"\\]|\\.)*")/m.exec(s);
  if (!m?.[1]) return null;
  try {
    return JSON.parse(m[1]);
  } catch {
    return null;
  }
}

/** [start, end) line ranges of pwf's table and its sub-tables, each up to the next other header. */
function tableRanges(lines: readonly Line[], path: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  let start: number | null = null;
  const close = (end: number) => {
    if (start === null) return;
    // comments and blank lines just before the next header belong to what follows
    let e = end;
    while (e > start + 1 && /^\s*(#.*)?\r?\n?$/.test(lines[e - 1]?.text ?? "")) e--;
    out.push([start, e]);
    start = null;
  };
  lines.forEach((l, i) => {
    if (l.header === null) return;
    const ours = startsWith(l.header, path);
    if (ours && start === null) start = i;
    if (!ours) close(i);
  });
  close(lines.length);
  return out;
}

function startsWith(a: readonly string[], prefix: readonly string[]): boolean {
  return a.length >= prefix.length && prefix.every((p, i) => a[i] === p);
}

/** Refuse pwf's table given any other way than `[path]` headers: the edit could not find all of it. */
function refuseOtherForms(lines: readonly Line[], path: readonly string[]): void {
  let table: readonly string[] = [];
  for (const l of lines) {
    if (l.header !== null) {
      table = l.header;
      continue;
    }
    if (l.key === null) continue;
    const full = [...table, ...l.key];
    const overlap = Math.min(full.length, path.length);
    if (full.slice(0, overlap).every((k, i) => k === path[i]) && !startsWith(table, path)) {
      throw new SettingsError(
        `"${
          full.join(".")
        }" sets pwf's server with a dotted key or an inline table; pwf edits only a [${
          path.join(".")
        }] table (move it into one, or edit it by hand)`,
      );
    }
  }
}

/** Read the file's lines (each keeps its line end), refusing what the reader cannot follow. */
function readLines(text: string): Line[] {
  if (/"""|'''/.test(text)) {
    throw new SettingsError(
      `it has a multi-line string ("""…""" or '''…'''), which pwf's TOML reader does not follow; edit it by hand`,
    );
  }
  const out: Line[] = [];
  let depth = 0; // open [ of a multi-line array value
  let n = 0;
  for (const line of linesWithEnds(text)) {
    n++;
    const body = stripComment(line, n);
    const t = body.trim();
    if (depth === 0 && t.startsWith("[[")) {
      const p = headerPath(t.slice(1, -1), n);
      if (p[0] === "mcp_servers") {
        throw new SettingsError(
          `line ${n}: "[[${p.join(".")}]]" is an array of tables, which pwf does not edit`,
        );
      }
      out.push({ text: line, header: p, key: null });
      continue;
    }
    if (depth === 0 && t.startsWith("[")) {
      out.push({ text: line, header: headerPath(t, n), key: null });
      continue;
    }
    const key = depth === 0 && t !== "" ? keyPath(t, n) : null;
    depth = Math.max(0, depth + brackets(body));
    out.push({ text: line, header: null, key });
  }
  if (depth !== 0) throw new SettingsError("an array is never closed");
  return out;
}

/** The line without its comment; throws on an unterminated string. */
function stripComment(line: string, n: number): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === null) {
      if (c === "#") return line.slice(0, i);
      if (c === '"' || c === "'") quote = c;
    } else if (c === "\\" && quote === '"') i++;
    else if (c === quote) quote = null;
  }
  if (quote !== null) throw new SettingsError(`line ${n}: a string is not closed on its line`);
  return line;
}

/** Net `[` minus `]` outside strings. */
function brackets(body: string): number {
  let d = 0;
  let quote: string | null = null;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote === null) {
      if (c === '"' || c === "'") quote = c;
      else if (c === "[") d++;
      else if (c === "]") d--;
    } else if (c === "\\" && quote === '"') i++;
    else if (c === quote) quote = null;
  }
  return d;
}

/** The key path of a `[a.b."c"]` header. */
function headerPath(t: string, n: number): string[] {
  const m = /^\[(.*)\]$/.exec(t);
  const path = m?.[1] === undefined ? null : dotted(m[1]);
  if (path === null) throw new SettingsError(`line ${n}: cannot read the table header ${t}`);
  return path;
}

/** The key path before `=` on a key/value line. */
function keyPath(t: string, n: number): string[] {
  const eq =
    /^((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=/
      .exec(t);
  const path = eq?.[1] === undefined ? null : dotted(eq[1]);
  if (path === null) {
    throw new SettingsError(`line ${n}: cannot read "${t.slice(0, 40)}" as key = value`);
  }
  return path;
}

/** Split a dotted key (bare, "basic" and 'literal' parts); null when it is not one. */
function dotted(s: string): string[] | null {
  const parts: string[] = [];
  const re = /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(\.|$)/y;
  let at = 0;
  while (at < s.length) {
    re.lastIndex = at;
    const m = re.exec(s);
    if (!m) return null;
    if (m[1] !== undefined) parts.push(m[1]);
    else if (m[3] !== undefined) parts.push(m[3]);
    else {
      try {
        parts.push(JSON.parse(`"${m[2]}"`));
      } catch {
        return null;
      }
    }
    at = re.lastIndex;
    if (m[4] === "") break;
  }
  return parts.length > 0 && at >= s.length ? parts : null;
}

/** The text's lines, each with its "\n" (the last one without, when the text does not end in one). */
function linesWithEnds(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl + 1;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

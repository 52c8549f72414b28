/**
 * The small YAML frontmatter subset the agent texts use: `key: value` lines,
 * values plain or double-quoted. Enough to re-render a prompt for each host;
 * not a YAML parser.
 * @module
 */

/** A document split into frontmatter fields (in order) and body. */
export interface FrontmatterDoc {
  readonly fields: readonly (readonly [string, string])[];
  readonly body: string;
}

/**
 * Split `---` frontmatter from a document; null when it has none or it is malformed.
 * @example
 * ```ts
 * import { parseFrontmatter } from "./frontmatter.ts";
 * const d = parseFrontmatter('---\na: x\nb: "[y]"\n---\n\nbody\n');
 * if (d?.fields[1]?.[1] !== "[y]" || d.body !== "body\n") throw new Error();
 * ```
 */
export function parseFrontmatter(text: string): FrontmatterDoc | null {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines[0] !== "---") return null;
  const end = lines.indexOf("---", 1);
  if (end < 0) return null;
  const fields: [string, string][] = [];
  for (const line of lines.slice(1, end)) {
    const m = /^([a-z][a-z0-9-]*): (.+)$/.exec(line);
    if (!m || m[1] === undefined || m[2] === undefined) return null;
    const value = unquote(m[2]);
    if (value === null) return null;
    fields.push([m[1], value]);
  }
  const body = lines.slice(end + 1).join("\n").replace(/^\n+/, "");
  return { fields, body };
}

function unquote(raw: string): string | null {
  if (!raw.startsWith('"')) return raw;
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === "string" ? v : null;
  } catch {
    return null;
  }
}

/** The value of one field, if present. */
export function field(doc: FrontmatterDoc, key: string): string | undefined {
  return doc.fields.find(([k]) => k === key)?.[1];
}

/**
 * Render fields as frontmatter; values that plain YAML could misread are double-quoted.
 * @example
 * ```ts
 * import { renderFrontmatter } from "./frontmatter.ts";
 * if (renderFrontmatter([["a", "[x]"]]) !== '---\na: "[x]"\n---\n') throw new Error();
 * ```
 */
export function renderFrontmatter(fields: readonly (readonly [string, string])[]): string {
  const lines = fields.map(([k, v]) => `${k}: ${plainSafe(v) ? v : JSON.stringify(v)}`);
  return ["---", ...lines, "---", ""].join("\n");
}

function plainSafe(v: string): boolean {
  return /^[A-Za-z0-9(]/.test(v) && !/: |\s#|["'\\]|\s$/.test(v) &&
    !/^(true|false|null|yes|no|on|off|~)$/i.test(v);
}

/**
 * The top-level fields of a JSON object cut short (a payload over the stdin
 * cap): one linear pass that finds where each field's value ends (strings
 * and nesting tracked, nothing decoded), and JSON.parse for each whole
 * value. The field the cut falls in, and everything after it, is dropped.
 * @module
 */

/** Where the JSON string starting at `i` (a `"`) ends (after its closing quote), or -1. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++; // backslash: skip the escaped character
    else if (c === 0x22) return j + 1;
  }
  return -1;
}

/** Where the object or array starting at `i` ends (after its closing bracket), or -1. */
function containerEnd(text: string, i: number): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x22) {
      j = stringEnd(text, j) - 1;
      if (j < 0) return -1;
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth === 0) return j + 1;
    }
  }
  return -1;
}

/** Where a number or literal starting at `i` ends; -1 when the text ends first (it may be cut). */
function scalarEnd(text: string, i: number): number {
  let j = i;
  while (j < text.length && /[-+.0-9a-zA-Z]/.test(text[j]!)) j++;
  return j < text.length && j > i ? j : -1;
}

/** Where the value starting at `i` ends, or -1. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c === "{" || c === "[") return containerEnd(text, i);
  return scalarEnd(text, i);
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  return i;
}

/**
 * The whole top-level fields of a JSON object text, up to the first field
 * that is cut or malformed; `{}` when the text is no object at all.
 * @example
 * ```ts
 * import { wholeFieldsOf } from "./payload_prefix.ts";
 * const p = wholeFieldsOf('{"session_id":"s\\"1","n":2,"o":{"a":"}"},"prompt":"cut her');
 * if (p.session_id !== 's"1' || p.n !== 2 || (p.o as { a: string }).a !== "}" || "prompt" in p) throw new Error();
 * ```
 */
export function wholeFieldsOf(text: string): Readonly<Record<string, unknown>> {
  const fields: [string, unknown][] = [];
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (text[i] !== "{") return {};
  i = skipSpace(text, i + 1);
  while (text[i] === '"') {
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) break;
    const colon = skipSpace(text, keyEnd);
    if (text[colon] !== ":") break;
    const start = skipSpace(text, colon + 1);
    const end = valueEnd(text, start);
    if (end < 0) break;
    try {
      fields.push([JSON.parse(text.slice(i, keyEnd)), JSON.parse(text.slice(start, end))]);
    } catch {
      break;
    }
    i = skipSpace(text, end);
    if (text[i] !== ",") break;
    i = skipSpace(text, i + 1);
  }
  // fromEntries defines own properties: a "__proto__" key stays a plain field.
  return Object.fromEntries(fields);
}

/**
 * Values written into glue code (`--bin`, the timeouts) as string literals
 * of the glue's language, in printable ASCII only: no quote, backslash, line
 * or paragraph separator, `*\/`, `${` or `"""` in a value can end the literal
 * or start code, whatever the file's encoding or the runtime's version. A
 * value is only ever written as such a literal, never into a comment or a
 * docstring (docs/security.md).
 * @module
 */

/** `\uXXXX` for one UTF-16 code unit. */
function u4(unit: number): string {
  return `\\u${unit.toString(16).padStart(4, "0")}`;
}

/**
 * A JavaScript/TypeScript literal of a JSON value: its JSON text (a JSON
 * string is a JS string literal) with every character outside printable
 * ASCII as a `\uXXXX` escape.
 * @example
 * ```ts
 * import { jsLiteral } from "./glue_literal.ts";
 * if (jsLiteral("a\u2028b") !== '"a\\u2028b"') throw new Error();
 * if (jsLiteral({ e: 1 }) !== '{"e":1}') throw new Error();
 * ```
 */
export function jsLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => u4(c.charCodeAt(0)));
}

/**
 * A Python string literal of `text`: double-quoted, `\\` and `"` escaped,
 * every character outside printable ASCII as `\xXX`, `\uXXXX` or
 * `\UXXXXXXXX` by code point (Python does not join `\u` surrogate pairs).
 * @example
 * ```ts
 * import { pythonString } from "./glue_literal.ts";
 * if (pythonString('C:\\Users\\"x"') !== '"C:\\\\Users\\\\\\"x\\""') throw new Error();
 * if (pythonString("\u{1F600}") !== '"\\U0001f600"') throw new Error();
 * ```
 */
export function pythonString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === "\\" || ch === '"') out += `\\${ch}`;
    else if (cp >= 0x20 && cp <= 0x7e) out += ch;
    else if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp <= 0xffff) out += u4(cp);
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return out + '"';
}

/**
 * A Python dict literal of string keys to numbers.
 * @example
 * ```ts
 * import { pythonNumberDict } from "./glue_literal.ts";
 * if (pythonNumberDict({ stop: 30 }) !== '{"stop": 30}') throw new Error();
 * ```
 */
export function pythonNumberDict(values: Readonly<Record<string, number>>): string {
  const entries = Object.entries(values).map(([k, v]) => {
    if (!Number.isFinite(v)) throw new Error(`glue: ${k} is not a finite number`);
    return `${pythonString(k)}: ${v}`;
  });
  return `{${entries.join(", ")}}`;
}

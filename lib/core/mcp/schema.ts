/**
 * The small JSON Schema subset pwf's tool inputs use, and a checker for it:
 * an object of string, integer, boolean or string-array properties, with
 * enums, length bounds and no other keys. A wrong argument is a value
 * naming the property, answered as a JSON-RPC -32602 error.
 * @module
 */

import { asObject } from "../text/json_value.ts";

/** One property. */
export type PropSchema =
  | {
    readonly type: "string";
    readonly description?: string;
    readonly enum?: readonly string[];
    readonly maxLength?: number;
  }
  | { readonly type: "integer"; readonly description?: string; readonly minimum?: number }
  | { readonly type: "boolean"; readonly description?: string }
  | {
    readonly type: "array";
    readonly description?: string;
    readonly items: { readonly type: "string" };
    readonly maxItems?: number;
  };

/** A tool's input schema. */
export interface ObjectSchema {
  readonly type: "object";
  readonly properties: Readonly<Record<string, PropSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

/** Checked arguments. */
export type Args = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/**
 * Check arguments against a schema: the arguments, or what is wrong.
 * @example
 * ```ts
 * import { checkArgs } from "./schema.ts";
 * const s = { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false } as const;
 * if (typeof checkArgs(s, { n: 2 }) === "string" || typeof checkArgs(s, { n: "2" }) !== "string") throw new Error();
 * ```
 */
export function checkArgs(schema: ObjectSchema, value: unknown): Args | string {
  const o = value === undefined ? {} : asObject(value);
  if (o === null) return "arguments must be an object";
  for (const key of Object.keys(o)) {
    if (!Object.hasOwn(schema.properties, key)) return `unknown argument "${key}"`;
  }
  for (const key of schema.required ?? []) {
    if (o[key] === undefined) return `missing argument "${key}"`;
  }
  for (const [key, prop] of Object.entries(schema.properties)) {
    const v = o[key];
    if (v === undefined) continue;
    const why = propProblem(prop, v);
    if (why !== null) return `argument "${key}" ${why}`;
  }
  return o as Args;
}

function propProblem(prop: PropSchema, v: unknown): string | null {
  switch (prop.type) {
    case "string":
      if (typeof v !== "string") return "must be a string";
      if (prop.enum && !prop.enum.includes(v)) return `must be one of ${prop.enum.join(", ")}`;
      if (prop.maxLength !== undefined && v.length > prop.maxLength) {
        return `must be at most ${prop.maxLength} characters`;
      }
      return null;
    case "integer":
      if (typeof v !== "number" || !Number.isSafeInteger(v)) return "must be an integer";
      return prop.minimum !== undefined && v < prop.minimum ? `must be >= ${prop.minimum}` : null;
    case "boolean":
      return typeof v === "boolean" ? null : "must be true or false";
    case "array":
      if (!Array.isArray(v) || v.some((x) => typeof x !== "string")) {
        return "must be an array of strings";
      }
      return prop.maxItems !== undefined && v.length > prop.maxItems
        ? `must have at most ${prop.maxItems} items`
        : null;
  }
}

/**
 * Minimal assertions (a stand-in for @std/assert, which lives on a registry
 * our machines cannot reach). Test code only.
 * @module
 */

/** Thrown by failed assertions. */
export class AssertionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AssertionError";
  }
}

function show(v: unknown): string {
  return typeof v === "string" ? JSON.stringify(v) : Deno.inspect(v, { depth: 6 });
}

/** Whether `a` and `b` have the same class (a null-prototype object counts as a plain one). */
function sameClass(a: object, b: object): boolean {
  const plain = (p: object | null) => p === null || p === Object.prototype ? Object.prototype : p;
  return plain(Object.getPrototypeOf(a)) === plain(Object.getPrototypeOf(b));
}

/** The own enumerable keys (strings and symbols): what a literal or JSON spells. */
function ownKeys(o: object): (string | symbol)[] {
  return Reflect.ownKeys(o).filter((k) => Object.prototype.propertyIsEnumerable.call(o, k));
}

/** Whether every member of `a` has its own equal member in `b` (sizes already equal). */
function sameMembers(a: Set<unknown>, b: Set<unknown>, stack: [object, object][]): boolean {
  const left = [...b];
  for (const x of a) {
    const same = left.findIndex((y) => Object.is(y, x));
    const i = same >= 0 ? same : left.findIndex((y) => eq(x, y, stack));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** Whether every entry of `a` has its own entry in `b` with an equal key and an equal value. */
function sameEntries(
  a: Map<unknown, unknown>,
  b: Map<unknown, unknown>,
  stack: [object, object][],
): boolean {
  const left = [...b];
  for (const [k, v] of a) {
    const i = b.has(k)
      ? left.findIndex(([bk]) => Object.is(bk, k))
      : left.findIndex(([bk]) => eq(k, bk, stack));
    if (i < 0 || !eq(v, left[i]![1], stack)) return false;
    left.splice(i, 1);
  }
  return true;
}

/** `equal`, with the pairs of objects being compared further up. */
function eq(a: unknown, b: unknown, stack: [object, object][]): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (!sameClass(a, b) || Array.isArray(a) !== Array.isArray(b)) return false;
  // A pair already being compared further up (a cycle) is taken as equal here.
  if (stack.some(([x, y]) => x === a && y === b)) return true;
  stack.push([a, b]);
  try {
    return sameContent(a, b, stack);
  } finally {
    stack.pop();
  }
}

/** Whether two objects of the same class hold equal content. */
function sameContent(a: object, b: object, stack: [object, object][]): boolean {
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof RegExp) {
    return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  }
  if (a instanceof URL) return a.href === (b as URL).href;
  if (a instanceof Number || a instanceof String || a instanceof Boolean) {
    return Object.is(a.valueOf(), (b as typeof a).valueOf());
  }
  if (a instanceof Error) {
    const e = b as Error;
    if (a.name !== e.name || a.message !== e.message) return false;
  }
  if (ArrayBuffer.isView(a)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const v = b as ArrayBufferView;
    const y = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
    return x.length === y.length && x.every((n, i) => n === y[i]);
  }
  if (a instanceof Set) {
    const s = b as Set<unknown>;
    if (a.size !== s.size || !sameMembers(a, s, stack)) return false;
  }
  if (a instanceof Map) {
    const m = b as Map<unknown, unknown>;
    if (a.size !== m.size || !sameEntries(a, m, stack)) return false;
  }
  const ka = ownKeys(a), kb = ownKeys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as Record<string | symbol, unknown>, rb = b as Record<string | symbol, unknown>;
  return ka.every((k) =>
    Object.prototype.propertyIsEnumerable.call(b, k) && eq(ra[k], rb[k], stack)
  );
}

/**
 * Deep structural equality: the same class and the same own keys (`{a: undefined}` is not
 * `{b: undefined}`), equal values; Sets and Maps by content (Map values compared deeply),
 * Dates by time, RegExps by source and flags, typed arrays by bytes.
 */
export function equal(a: unknown, b: unknown): boolean {
  return eq(a, b, []);
}

/** Assert deep equality. */
export function assertEquals(actual: unknown, expected: unknown, msg?: string): void {
  if (!equal(actual, expected)) {
    throw new AssertionError(
      `${msg ? msg + ": " : ""}expected ${show(expected)}, got ${show(actual)}`,
    );
  }
}

/** Assert deep inequality. */
export function assertNotEquals(actual: unknown, expected: unknown, msg?: string): void {
  if (equal(actual, expected)) {
    throw new AssertionError(
      `${msg ? msg + ": " : ""}expected a value other than ${show(expected)}`,
    );
  }
}

/** Assert a value is truthy. */
export function assert(cond: unknown, msg = "assertion failed"): asserts cond {
  if (!cond) throw new AssertionError(msg);
}

/** Assert a string contains a substring. */
export function assertStringIncludes(actual: string, expected: string, msg?: string): void {
  if (!actual.includes(expected)) {
    throw new AssertionError(
      `${msg ? msg + ": " : ""}expected ${show(actual.slice(0, 2000))} to include ${
        show(expected)
      }`,
    );
  }
}

/** Assert a string does not contain a substring. */
export function assertNotIncludes(actual: string, unexpected: string, msg?: string): void {
  if (actual.includes(unexpected)) {
    throw new AssertionError(
      `${msg ? msg + ": " : ""}expected ${show(actual.slice(0, 2000))} not to include ${
        show(unexpected)
      }`,
    );
  }
}

/** Assert a string matches a pattern. */
export function assertMatch(actual: string, re: RegExp, msg?: string): void {
  if (!re.test(actual)) {
    throw new AssertionError(
      `${msg ? msg + ": " : ""}expected ${show(actual.slice(0, 2000))} to match ${re}`,
    );
  }
}

// deno-lint-ignore no-explicit-any
type ErrorClass = new (...args: any[]) => Error;

/** Check a caught value against the expected class and message part. */
function expectError(err: unknown, cls?: ErrorClass, includes?: string): Error {
  if (cls && !(err instanceof cls)) {
    throw new AssertionError(`expected ${cls.name}, got ${show(err)}`);
  }
  if (includes && !(err instanceof Error && err.message.includes(includes))) {
    throw new AssertionError(
      `expected error message to include ${show(includes)}, got ${show(err)}`,
    );
  }
  return err as Error;
}

/** Assert a function throws (optionally an instance of a class, with a message part). */
export function assertThrows(fn: () => unknown, cls?: ErrorClass, includes?: string): Error {
  try {
    fn();
  } catch (err) {
    return expectError(err, cls, includes);
  }
  throw new AssertionError("expected function to throw");
}

/** Assert an async function rejects. */
export async function assertRejects(
  fn: () => Promise<unknown>,
  cls?: ErrorClass,
  includes?: string,
): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return expectError(err, cls, includes);
  }
  throw new AssertionError("expected promise to reject");
}

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

/** Deep structural equality. */
export function equal(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) =>
    equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
  );
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

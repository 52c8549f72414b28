import {
  assert,
  assertEquals,
  AssertionError,
  assertNotEquals,
  assertThrows,
  equal,
} from "./assert.ts";

Deno.test("equal() compares Sets by their members, in any order", () => {
  assert(!equal(new Set([1]), new Set([2])), "Sets with different members");
  assert(!equal(new Set([1, 2]), new Set([1])), "Sets of different sizes");
  assert(equal(new Set([1, 2]), new Set([2, 1])), "the same members in another order");
  assert(equal(new Set([{ a: 1 }]), new Set([{ a: 1 }])), "equal object members");
  assert(!equal(new Set([{ a: 1 }]), new Set([{ a: 2 }])), "different object members");
  assert(!equal(new Set([[1], [1]]), new Set([[1], [2]])), "each member matches once");
});

Deno.test("equal() compares Maps by their keys and deeply by their values", () => {
  assert(!equal(new Map([["k", 1]]), new Map([["k", 2]])), "a different value");
  assert(!equal(new Map([["k", 1]]), new Map([["j", 1]])), "a different key");
  assert(!equal(new Map([["k", { v: [1] }]]), new Map([["k", { v: [2] }]])), "nested values");
  assert(equal(new Map([["a", 1], ["b", 2]]), new Map([["b", 2], ["a", 1]])), "another order");
  assert(equal(new Map([[{ id: 1 }, "x"]]), new Map([[{ id: 1 }, "x"]])), "equal object keys");
  assert(!equal(new Map([["k", 1]]), new Set(["k"])), "a Map is not a Set");
});

Deno.test("equal() compares Dates by their time", () => {
  assert(!equal(new Date(0), new Date(1)), "different times");
  assert(equal(new Date(1_000), new Date(1_000)), "the same time");
  assert(!equal(new Date(0), {}), "a Date is not a plain object");
});

Deno.test("equal() tells {a: undefined} from {b: undefined} and from {}", () => {
  assert(!equal({ a: undefined }, { b: undefined }), "different keys, both undefined");
  assert(!equal({ a: undefined }, {}), "a key holding undefined is not a missing key");
  assert(equal({ a: undefined, b: 1 }, { b: 1, a: undefined }), "the same keys in another order");
});

Deno.test("equal() tells an array from an array-like object", () => {
  assert(!equal([1], { 0: 1, length: 1 }), "an array-like object");
  assert(!equal([], {}), "an empty array and an empty object");
  assert(!equal([1, 2], [2, 1]), "order matters in arrays");
  assert(equal([1, [2, { c: 3 }]], [1, [2, { c: 3 }]]), "nested arrays");
});

Deno.test("equal() compares RegExps by source and flags", () => {
  assert(!equal(/a/g, /a/i), "different flags");
  assert(!equal(/a/, /b/), "different sources");
  assert(equal(/a+b/gu, /a+b/gu), "the same source and flags");
});

Deno.test("equal() tells apart objects of different classes with the same fields", () => {
  class A {
    x = 1;
  }
  class B {
    x = 1;
  }
  assert(!equal(new A(), new B()), "two classes");
  assert(!equal(new A(), { x: 1 }), "a class instance and a plain object");
  assert(equal(new A(), new A()), "two instances of one class");
  const bare = Object.assign(Object.create(null), { x: 1 });
  assert(equal(bare, { x: 1 }), "a null-prototype object is a plain object");
});

Deno.test("equal() compares Uint8Arrays by their bytes", () => {
  assert(equal(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3])), "the same bytes");
  assert(!equal(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4])), "a different byte");
  assert(!equal(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0])), "a different length");
  assert(!equal(new Uint8Array([1, 2]), [1, 2]), "bytes are not an array of numbers");
  const whole = new Uint8Array([9, 1, 2, 9]);
  assert(equal(whole.subarray(1, 3), new Uint8Array([1, 2])), "a view compares its own bytes");
});

Deno.test("equal() compares Errors by name and message and URLs by address", () => {
  assert(!equal(new Error("a"), new Error("b")), "different messages");
  assert(!equal(new TypeError("a"), new RangeError("a")), "different classes");
  assert(equal(new Error("a"), new Error("a")), "the same message");
  assert(!equal(new URL("file:///a"), new URL("file:///b")), "different URLs");
  assert(equal(new URL("file:///a"), new URL("file:///a")), "the same URL");
});

Deno.test("equal() keeps NaN equal to itself and +0 apart from -0", () => {
  assert(equal(NaN, NaN), "NaN");
  assert(equal({ n: NaN }, { n: NaN }), "NaN inside an object");
  assert(!equal(0, -0), "+0 and -0");
  assert(!equal(1, "1"), "a number and a string");
  assert(!equal(null, undefined), "null and undefined");
});

Deno.test("equal() ends on cyclic values", () => {
  type Node = { name: string; next?: Node };
  const a: Node = { name: "a" }, b: Node = { name: "a" }, c: Node = { name: "c" };
  a.next = a;
  b.next = b;
  c.next = c;
  assert(equal(a, b), "two equal cycles");
  assert(!equal(a, c), "two different cycles");
});

Deno.test("assertEquals and assertNotEquals fail by the same equality", () => {
  const err = assertThrows(
    () => assertEquals(new Set([1]), new Set([2]), "sets"),
    AssertionError,
    "sets: expected",
  );
  assert(err.message.includes("Set"), err.message);
  assertThrows(() => assertNotEquals(new Date(5), new Date(5)), AssertionError);
  assertEquals(new Map([["k", new Set([1])]]), new Map([["k", new Set([1])]]));
  assertNotEquals({ a: undefined }, { b: undefined });
});

import { assertEquals } from "../../../tests/assert.ts";
import { leftProjectLine, MAX_LEVELS_UP, planningGrants, searchSpan } from "./planning_root.ts";

Deno.test("searchSpan() stops at the host's root, so a .planning above it is never a candidate", () => {
  assertEquals(searchSpan("/home/u/p/src", "/home/u/p", "posix"), {
    dirs: ["/home/u/p/src", "/home/u/p"],
    reach: "inside",
  });
  assertEquals(searchSpan("/home/u/p", "/home/u/p/", "posix").dirs, ["/home/u/p"]);
});

Deno.test("searchSpan() without a named root looks at the start and MAX_LEVELS_UP parents, never past /", () => {
  assertEquals(searchSpan("/a/b/c/d/e/f", undefined, "posix").dirs, [
    "/a/b/c/d/e/f",
    "/a/b/c/d/e",
    "/a/b/c/d",
    "/a/b/c",
    "/a/b",
  ]);
  assertEquals(searchSpan("/a", undefined, "posix").dirs, ["/a", "/"]);
  assertEquals(searchSpan("/", undefined, "posix").dirs, ["/"]);
});

Deno.test("searchSpan() searches nothing outside the root, and below the root only MAX_LEVELS_UP parents", () => {
  assertEquals(searchSpan("/p2/src", "/p", "posix"), { dirs: [], reach: "outside" });
  assertEquals(searchSpan("/p/a/b/c/d/e", "/p", "posix"), {
    dirs: ["/p/a/b/c/d/e", "/p/a/b/c/d", "/p/a/b/c", "/p/a/b", "/p/a"],
    reach: "beyond",
  });
  assertEquals(searchSpan("/p/a/b/c/d", "/p", "posix").dirs.length, MAX_LEVELS_UP + 1);
});

Deno.test("searchSpan() compares Windows paths case-blind with either separator", () => {
  assertEquals(searchSpan("C:\\Work\\App\\src", "c:/work/app", "windows"), {
    dirs: ["C:\\Work\\App\\src", "C:\\Work\\App"],
    reach: "inside",
  });
  assertEquals(searchSpan("C:\\Work\\App\\src", "c:/work/app", "posix").reach, "outside");
});

Deno.test("searchSpan() takes a root that is empty or relative as no root", () => {
  assertEquals(searchSpan("/p/src", "", "posix").reach, "unnamed");
  assertEquals(searchSpan("/p/src", "p", "posix").reach, "unnamed");
});

Deno.test("planningGrants() has one grant per level searched, nearest first", () => {
  assertEquals(planningGrants().length, MAX_LEVELS_UP + 1);
  assertEquals(planningGrants()[0], ".planning");
  assertEquals(planningGrants()[MAX_LEVELS_UP], `${"../".repeat(MAX_LEVELS_UP)}.planning`);
});

Deno.test("leftProjectLine() is one line naming where the hook ran and the way back", () => {
  const line = leftProjectLine("[pwf]", "/tmp/x", "/p");
  assertEquals(line.endsWith("\n") && line.indexOf("\n") === line.length - 1, true);
  assertEquals(line.includes('"/tmp/x"') && line.includes('cd "/p"'), true);
});

import { assertEquals } from "../../../tests/assert.ts";
import { displayJoin, displayPath, displayPathsIn, formatDuration, formatUtc } from "./display.ts";

Deno.test("displayPath() gives a project-relative path the platform's separator", () => {
  assertEquals(displayPath("windows", ".planning/p/task_plan.md"), ".planning\\p\\task_plan.md");
  assertEquals(displayPath("posix", ".planning/p/task_plan.md"), ".planning/p/task_plan.md");
  assertEquals(displayPath("windows", ".planning/.cache"), ".planning\\.cache");
  assertEquals(displayPath("windows", "task_plan.md"), "task_plan.md");
});

Deno.test("displayPath() prints a Windows absolute path natively, never /C:/ or file:///", () => {
  const native = "C:\\Users\\dev\\app\\.planning";
  for (
    const given of [
      "C:\\Users\\dev\\app\\.planning",
      "C:/Users/dev/app/.planning",
      "/C:/Users/dev/app/.planning",
      "file:///C:/Users/dev/app/.planning",
      "FILE:///C:/Users/dev/app/.planning",
      "file://localhost/C:/Users/dev/app/.planning",
    ]
  ) assertEquals(displayPath("windows", given), native, given);
  assertEquals(
    displayPath("windows", "file:///C:/Users/Zo%C3%AB%20%C3%9Cnal/my%20app"),
    "C:\\Users\\Zoë Ünal\\my app",
  );
  assertEquals(displayPath("windows", "file://server/share/app"), "\\\\server\\share\\app");
  assertEquals(displayPath("windows", "\\\\server\\share\\app"), "\\\\server\\share\\app");
  assertEquals(displayPath("windows", "Z:\\w\\pwf/main.ts"), "Z:\\w\\pwf\\main.ts");
  // "/Cx:" is a directory name, not a drive
  assertEquals(displayPath("windows", "/Cx:/a"), "\\Cx:\\a");
});

Deno.test("displayPath() keeps POSIX paths, turning file: URLs into the path they name", () => {
  assertEquals(displayPath("posix", "/home/dev/my app/.planning"), "/home/dev/my app/.planning");
  assertEquals(displayPath("posix", "file:///home/dev/my%20app"), "/home/dev/my app");
  assertEquals(displayPath("posix", "/home/dev/odd\\name"), "/home/dev/odd\\name");
  // a malformed escape is kept as written rather than dropped
  assertEquals(displayPath("posix", "file:///home/100%"), "/home/100%");
});

Deno.test("displayPath() is idempotent on both platforms", () => {
  for (const os of ["windows", "posix"] as const) {
    for (const p of [".planning/p/progress.md", "C:/a b/c", "file:///C:/x", "/srv/x"]) {
      const once = displayPath(os, p);
      assertEquals(displayPath(os, once), once, `${os} ${p}`);
    }
  }
});

Deno.test("displayJoin() joins below a plan directory, or the root for a legacy plan", () => {
  assertEquals(displayJoin("windows", ".planning/p", "findings.md"), ".planning\\p\\findings.md");
  assertEquals(displayJoin("posix", ".planning/p", "findings.md"), ".planning/p/findings.md");
  assertEquals(displayJoin("windows", ".", "task_plan.md"), ".\\task_plan.md");
  assertEquals(displayJoin("posix", ".", "task_plan.md"), "./task_plan.md");
});

Deno.test("displayPathsIn() renders pwf's .planning paths in a message and nothing else", () => {
  const msg =
    'refused ".planning/p/task_plan.md": it is a symbolic link; pwf only uses real files and directories inside .planning';
  assertEquals(
    displayPathsIn("windows", msg),
    'refused ".planning\\p\\task_plan.md": it is a symbolic link; pwf only uses real files and directories inside .planning',
  );
  assertEquals(displayPathsIn("posix", msg), msg);
  assertEquals(
    displayPathsIn("windows", "named by .planning/.active_plan; 1/5 phases, see https://x.org/a/b"),
    "named by .planning\\.active_plan; 1/5 phases, see https://x.org/a/b",
  );
  assertEquals(
    displayPathsIn(
      "windows",
      "create .planning/sessions/<session id>.attached or .planning/<date>-<slug>/",
    ),
    "create .planning\\sessions\\<session id>.attached or .planning\\<date>-<slug>\\",
  );
  // an absolute path the OS gave is already native; one inside another word is not pwf's
  assertEquals(
    displayPathsIn("windows", "cannot read C:\\app\\.planning/x and src/.planning/y"),
    "cannot read C:\\app\\.planning/x and src/.planning/y",
  );
  // given the project root, absolute paths below it too: the store joins with "/", Deno repeats it
  const root = "C:\\Users\\Zoë Ünal\\my app";
  assertEquals(
    displayPathsIn(
      "windows",
      `cannot read ".planning/p/task_plan.md": Access is denied. (os error 5): open '${root}/.planning/p/task_plan.md'`,
      root,
    ),
    `cannot read ".planning\\p\\task_plan.md": Access is denied. (os error 5): open '${root}\\.planning\\p\\task_plan.md'`,
  );
  assertEquals(displayPathsIn("windows", "in C:\\Users\\other/x", root), "in C:\\Users\\other/x");
  assertEquals(displayPathsIn("posix", `at ${root}/.planning/p`, root), `at ${root}/.planning/p`);
  const once = displayPathsIn("windows", msg);
  assertEquals(displayPathsIn("windows", once), once);
});

Deno.test("formatDuration() prints ms below a second, then seconds, the unit after a space", () => {
  const cases: [number, string][] = [
    [0, "0 ms"],
    [12.4, "12 ms"],
    [999.4, "999 ms"],
    [999.6, "1.0 s"],
    [1500, "1.5 s"],
    [59_940, "59.9 s"],
    [60_000, "60 s"],
    [125_400, "125 s"],
    [-5, "0 ms"],
    [Number.NaN, "0 ms"],
    [Number.POSITIVE_INFINITY, "0 ms"],
  ];
  for (const [ms, want] of cases) assertEquals(formatDuration(ms), want, String(ms));
});

Deno.test("formatUtc() prints a date-time marked UTC, without T, Z or a fraction", () => {
  assertEquals(
    formatUtc(new Date(Date.UTC(2026, 11, 1, 11, 20, 5, 999))),
    "2026-12-01 11:20:05 UTC",
  );
  assertEquals(formatUtc(new Date(Date.UTC(2027, 0, 2, 3, 4, 5))), "2027-01-02 03:04:05 UTC");
  assertEquals(formatUtc(new Date(Number.NaN)), "unknown time");
});

import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { ContainmentError } from "../core/errors.ts";
import { inspect, inspectListed, planningLoc } from "./containment.ts";
import { skipOnWindows, skipUnlessSymlinks } from "../../tests/skip.ts";
import { checkSegment } from "./paths.ts";

async function tree(): Promise<string> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "pwf-listed-" }));
  await Deno.mkdir(`${root}/.planning/p`, { recursive: true });
  await Deno.writeTextFile(`${root}/.planning/p/task_plan.md`, "# Task Plan: x\n");
  return root;
}

/** Call `fn` with Deno.lstatSync counting the errors it throws. */
function lstatThrows<T>(fn: () => T): { value: T; thrown: number } {
  const orig = Deno.lstatSync;
  let thrown = 0;
  Deno.lstatSync = (p) => {
    try {
      return orig(p);
    } catch (e) {
      thrown++;
      throw e;
    }
  };
  try {
    return { value: fn(), thrown };
  } finally {
    Deno.lstatSync = orig;
  }
}

Deno.test("inspectListed answers an absent file from the listing, without an lstat throwing NotFound", async () => {
  const root = await tree();
  try {
    const absent = planningLoc(root, "p", ".mode");
    assertEquals(lstatThrows(() => inspect(absent)), { value: { kind: "missing" }, thrown: 1 });
    assertEquals(lstatThrows(() => inspectListed(absent)), {
      value: { kind: "missing" },
      thrown: 0,
    });
    const present = lstatThrows(() => inspectListed(planningLoc(root, "p", "task_plan.md")));
    assertEquals([present.value.kind, present.thrown], ["file", 0]);
    assertEquals(inspectListed(planningLoc(root, "p")).kind, "dir");
    assertEquals(inspectListed(planningLoc(root, "gone", ".mode")).kind, "missing");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test(skipUnlessSymlinks({
  name: "inspectListed refuses a listed symlink, file or directory, as inspect does",
  fn: async () => {
    const root = await tree();
    try {
      await Deno.writeTextFile(`${root}/outside`, "x");
      await Deno.symlink(`${root}/outside`, `${root}/.planning/p/.mode`, { type: "file" });
      assertThrows(() => inspectListed(planningLoc(root, "p", ".mode")), ContainmentError);
      await Deno.symlink(`${root}/.planning/p`, `${root}/.planning/q`, { type: "dir" });
      assertThrows(() => inspectListed(planningLoc(root, "q", "task_plan.md")), ContainmentError);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
}));

Deno.test(skipOnWindows("Deno reports no link count (FileInfo.nlink is Linux and macOS only)", {
  name: "inspectListed refuses a hard-linked file and a file where a directory belongs",
  fn: async () => {
    const root = await tree();
    try {
      await Deno.writeTextFile(`${root}/outside`, "x");
      await Deno.link(`${root}/outside`, `${root}/.planning/p/.attestation`);
      assertThrows(() => inspectListed(planningLoc(root, "p", ".attestation")), ContainmentError);
      assertThrows(
        () => inspectListed(planningLoc(root, "p", "task_plan.md", "x")),
        ContainmentError,
      );
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
}));

Deno.test("checkSegment() takes letters and digits of any script, never a separator look-alike", () => {
  for (const ok of ["2026-01-01-重构", "café-déjà-vu", "إعادة", "नया-काम"]) checkSegment(ok);
  for (const bad of ["a／b", "a∕b", "a b", "a\u202eb", "a\u200db", "..", "a:b", "🚀"]) {
    assertThrows(() => checkSegment(bad), ContainmentError, "refused path segment");
  }
});

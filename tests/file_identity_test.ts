/**
 * File identity for the path-swap re-checks (issue 12, item 15, on Windows):
 * directories are compared by device and inode where the OS gives inode
 * numbers, else by creation time (Deno's FileInfo.ino may be null, or 0, on
 * Windows filesystems without file index numbers), and never pass because
 * both sides lack a field; where neither exists, `pwf doctor` says so
 * (docs/security.md "Windows residual"). Runs in the Windows lane too: there
 * it proves what deno.exe reports and that a swap is caught without symlinks.
 */
import { assert, assertEquals, assertStringIncludes, assertThrows } from "./assert.ts";
import { initPlan, inProject, runPwf } from "./helpers.ts";
import {
  dirChain,
  idOf,
  idStrength,
  pathIs,
  planningLoc,
  sameId,
  verifyChain,
} from "../lib/fs/containment.ts";
import { ContainmentError } from "../lib/core/errors.ts";

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** lstat info as a filesystem without inode numbers reports it (Windows FAT/exFAT, some shares). */
function noInode(info: Deno.FileInfo): Deno.FileInfo {
  return { ...info, ino: null };
}

Deno.test("this platform gives directories an identity the swap checks can use (inode or creation time)", () => {
  const dir = Deno.makeTempDirSync({ prefix: "pwf-id-" });
  try {
    const id = idOf(Deno.lstatSync(dir));
    assert(idStrength(id) !== "none", `no usable identity here: ${JSON.stringify(id)}`);
    // The same directory is the same by whatever evidence there is, lstat or handle alike.
    assertEquals(sameId(id, idOf(Deno.statSync(dir))), true);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a plan directory swapped for a fresh real directory (no symlink) fails the chain re-check", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Swap"]);
    const loc = planningLoc(dir, id, "task_plan.md");
    const chain = dirChain(loc);
    verifyChain(loc, chain); // unchanged: passes
    pause(20); // distinct creation times even at the clock's coarsest step
    await Deno.rename(`${dir}/.planning/${id}`, `${dir}/.planning/${id}.bak`);
    await Deno.mkdir(`${dir}/.planning/${id}`);
    try {
      assertThrows(() => verifyChain(loc, chain), ContainmentError, "was swapped");
    } finally {
      await Deno.remove(`${dir}/.planning/${id}`);
      await Deno.rename(`${dir}/.planning/${id}.bak`, `${dir}/.planning/${id}`);
    }
  });
});

Deno.test("without inode numbers, creation times tell a swapped directory apart (never a vacuous match)", () => {
  const base = Deno.makeTempDirSync({ prefix: "pwf-id-" });
  try {
    Deno.mkdirSync(`${base}/a`);
    const before = idOf(noInode(Deno.lstatSync(`${base}/a`)));
    pause(20);
    Deno.renameSync(`${base}/a`, `${base}/a.bak`);
    Deno.mkdirSync(`${base}/a`);
    const swapped = idOf(noInode(Deno.lstatSync(`${base}/a`)));
    const moved = idOf(noInode(Deno.lstatSync(`${base}/a.bak`)));
    const ids = JSON.stringify({ before, swapped, moved });
    assertEquals(idStrength(before, swapped), "birthtime", ids);
    assertEquals(sameId(before, swapped), false, `a fresh directory under the old name: ${ids}`);
    assertEquals(sameId(before, moved), true, `the original, moved: ${ids}`);
    // An inode number of 0 is no inode number (some Windows files report it).
    assertEquals(idOf({ ...Deno.lstatSync(`${base}/a`), ino: 0 }).ino, null);
  } finally {
    Deno.removeSync(base, { recursive: true });
  }
});

Deno.test("with neither inode numbers nor creation times, identities never compare equal by default", () => {
  const bare = { dev: 1, ino: null, birth: null };
  assertEquals(idStrength(bare), "none");
  assertEquals(sameId(bare, { ...bare }), null, "unknown, not 'same'");
  assertEquals(sameId(bare, { dev: 1, ino: 5, birth: null }), null);
  // The file check falls back to nothing weaker than "cannot tell": pathIs says null.
  assertEquals(pathIs(planningLoc("/nonexistent", "x"), bare), null);
  // Different devices are never the same file, whatever else matches.
  assertEquals(sameId({ dev: 1, ino: 7, birth: 3 }, { dev: 2, ino: 7, birth: 3 }), false);
  // With inode numbers, the inode decides (Wine moves a directory's creation time on change).
  assertEquals(sameId({ dev: 1, ino: 7, birth: 3 }, { dev: 1, ino: 7, birth: 4 }), true);
  assertEquals(sameId({ dev: 1, ino: 7, birth: 3 }, { dev: 1, ino: 8, birth: 3 }), false);
});

Deno.test("pwf doctor says what the swap checks compare on this filesystem", async () => {
  await inProject(async (dir) => {
    await initPlan(dir, ["Doctor"]);
    const r = await runPwf(dir, ["doctor", "--json"]);
    const check = JSON.parse(r.stdout).checks.find((c: { name: string }) =>
      c.name === "containment"
    );
    assert(check, r.stdout);
    const id = idOf(await Deno.lstat(`${dir}/.planning`));
    if (idStrength(id) === "inode") {
      assertEquals(check.status, "PASS");
      assertStringIncludes(check.detail, "gives every file an id");
    } else {
      assertEquals(check.status, "WARN");
      assertStringIncludes(check.detail, "docs/security.md");
    }
  });
});

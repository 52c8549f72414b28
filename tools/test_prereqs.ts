// deno-lint-ignore-file no-console
/**
 * System packages some tests need, installed by the quality gate before the
 * tests run (the CI machine is a clean Debian-like Linux where we are root):
 * one table, so the gate and the tests that probe for them agree. Where a
 * package cannot be installed (not root, no apt-get, no mirror) the gate says
 * so in one line and the test that needs it is skipped with its reason.
 * @module
 */

import { isRoot } from "./windows_lane.ts";

/** Where Debian's `faketime` package puts libfaketime (tests/clock_step_test.ts). */
export const LIBFAKETIME_PATHS: readonly string[] = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/faketime/libfaketime.so.1",
];

interface Prereq {
  /** The Debian package. */
  readonly apt: string;
  /** Files any one of which proves it is installed. */
  readonly probe: readonly string[];
  /** The test that needs it. */
  readonly neededBy: string;
}

const PREREQS: readonly Prereq[] = [
  { apt: "faketime", probe: LIBFAKETIME_PATHS, neededBy: "tests/clock_step_test.ts" },
];

function present(p: Prereq): boolean {
  return p.probe.some((f) => {
    try {
      return Deno.statSync(f).isFile;
    } catch {
      return false;
    }
  });
}

async function run(cmd: string, args: string[]): Promise<boolean> {
  try {
    const r = await new Deno.Command(cmd, { args, stdin: "null", stdout: "null", stderr: "null" })
      .output();
    return r.success;
  } catch {
    return false;
  }
}

/** Install what is missing (Linux, root, apt-get); one line per package either way. */
export async function ensureTestPrereqs(): Promise<void> {
  if (Deno.build.os !== "linux") return;
  const missing = PREREQS.filter((p) => !present(p));
  if (missing.length === 0) return;
  const root = await isRoot();
  for (const p of missing) {
    const env = ["-y", "-q", "install", "--no-install-recommends", p.apt];
    const ok = root &&
      ((await run("apt-get", env)) || ((await run("apt-get", ["-q", "update"])) &&
        (await run("apt-get", env))));
    console.log(
      ok && present(p)
        ? `==> test prerequisites: installed ${p.apt} (apt-get) for ${p.neededBy}`
        : `==> test prerequisites: ${p.apt} is missing and could not be installed (${
          root ? "apt-get failed" : "not root"
        }); ${p.neededBy} is skipped (apt-get install ${p.apt})`,
    );
  }
}

/**
 * Issue 26 item 12: a deleted working directory makes Deno exit 1 before
 * pwf runs ("could not read current working directory"), so pwf cannot
 * answer. Copilot denies the tool when its preToolUse hook fails, so that
 * registration ends in `|| true` (bash) and `; exit 0` (PowerShell): the
 * tool goes ahead; every other event's failure is only a failed hook
 * (docs/security.md).
 * @module
 */

import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { assertEquals, assertNotEquals } from "./assert.ts";
import { MAIN, runPwf, tempProject } from "./helpers.ts";
import { skipOnWindows } from "./skip.ts";

/** Run `command` with bash in `dir` after deleting `dir`; `pwf` runs the bundle. */
async function inDeletedDir(dir: string, command: string): Promise<{ code: number; out: string }> {
  const pwf = [Deno.execPath(), "run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN]
    .map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(" ");
  const script = `cd '${dir}' && rmdir '${dir}' && pwf() { ${pwf} "$@"; } && ${command}`;
  const r = await new Deno.Command("bash", {
    args: ["-c", script],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout) };
}

Deno.test(skipOnWindows("the registration is run by bash here", {
  name:
    "Copilot's preToolUse registration exits 0 with no answer when the working directory is gone",
  async fn() {
    const p = await tempProject("pwf-gone-");
    try {
      const printed = await runPwf(p.dir, ["hooks", "print", "copilot"]);
      const pre = JSON.parse(printed.stdout).hooks.preToolUse[0];
      const gone = `${p.dir}/gone`;
      await Deno.mkdir(gone);
      const plain = await inDeletedDir(gone, "pwf hook copilot preToolUse");
      assertNotEquals(plain.code, 0, "premise: Deno cannot start in a deleted directory");
      await Deno.mkdir(gone);
      const registered = await inDeletedDir(gone, pre.bash);
      assertEquals([registered.code, registered.out], [0, ""]);
      assertEquals(pre.powershell.endsWith("; exit 0"), true, pre.powershell);
    } finally {
      await p.cleanup();
    }
  },
}));

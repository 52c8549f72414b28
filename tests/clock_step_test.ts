/**
 * A wall clock stepped back while a hook runs (issue 12, locks and clocks):
 * the hook's stdin deadline is kept on the monotonic clock, so a clock set
 * back mid-fire (NTP, a VM resumed, a user fixing the time) cannot stretch
 * the fire while the host holds stdin open. The clock is stepped with
 * libfaketime (LD_PRELOAD; the monotonic clock left alone). Skipped, with its
 * reason, where libfaketime is not installed (the quality gate installs Debian's
 * `faketime` when it can: tools/test_prereqs.ts) or cannot apply (Windows, macOS).
 */
import { assert, assertEquals } from "./assert.ts";
import { initPlan, inProject } from "./helpers.ts";
import { calibratedBoundMs, runFaulty } from "./faults.ts";
import { skipWhen } from "./skip.ts";
import { LIBFAKETIME_PATHS } from "../tools/test_prereqs.ts";

const FAKETIME = LIBFAKETIME_PATHS.find((p) => {
  try {
    return Deno.build.os === "linux" && Deno.statSync(p).isFile;
  } catch {
    return false;
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fire `pwf hook <host> <event>` with stdin held open: one byte of a JSON
 * object, then, 400 ms in (inside the 500 ms stdin deadline), the wall clock
 * goes back an hour, then one more byte arrives.
 */
async function fireAcrossStep(dir: string, host: string, event: string) {
  const stamp = await Deno.makeTempFile({ prefix: "pwf-faketime-" });
  await Deno.writeTextFile(stamp, "+0\n");
  try {
    return await runFaulty(dir, ["hook", host, event], {
      env: {
        LD_PRELOAD: FAKETIME!,
        FAKETIME_TIMESTAMP_FILE: stamp,
        FAKETIME_NO_CACHE: "1",
        DONT_FAKE_MONOTONIC: "1",
      },
      stdin: "{",
      holdStdin: true,
      feed: async (write) => {
        await sleep(400);
        await Deno.writeTextFile(stamp, "-3600\n"); // one hour back
        await sleep(50);
        await write(" ");
      },
    });
  } finally {
    await Deno.remove(stamp).catch(() => {});
  }
}

Deno.test(skipWhen(
  FAKETIME === undefined,
  "libfaketime is not installed (apt-get install faketime), or this is not Linux",
  {
    name:
      "a wall clock set back an hour while a hook waits on an open stdin: the fire still ends within the bound",
    fn: async () => {
      await inProject(async (dir) => {
        await initPlan(dir, ["Clock"]);
        const bound = await calibratedBoundMs(dir);
        for (const [host, event] of [["claude", "UserPromptSubmit"], ["claude", "Stop"]]) {
          const r = await fireAcrossStep(dir, host!, event!);
          const what = `${host} ${event}`;
          assertEquals(r.killed, false, `${what}: hung (${r.ms.toFixed(0)} ms)`);
          assertEquals(r.code, 0, `${what}: ${r.stderr}`);
          assert(r.ms < bound, `${what}: ${r.ms.toFixed(0)} ms (bound ${bound} ms)`);
        }
      });
    },
  },
));

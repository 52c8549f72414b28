/**
 * Printed paths and timings in the form of the OS running the tests (issue 13
 * item 4, docs/windows.md "Printed paths and timings"): in the Windows lane
 * these run on deno.exe and expect `.planning\<id>\task_plan.md` and native
 * absolute paths; elsewhere `.planning/<id>/task_plan.md`. Text for the model
 * keeps `/` on every OS.
 */

import {
  assert,
  assertEquals,
  assertMatch,
  assertNotIncludes,
  assertStringIncludes,
} from "./assert.ts";
import { initPlan, inProject, runPwf, SAMPLE_PLAN, shownPath, writeText } from "./helpers.ts";

const WINDOWS = Deno.build.os === "windows";

Deno.test("commands and their errors print plan paths with the platform's separator", async () => {
  await inProject(async (dir) => {
    const init = await runPwf(dir, ["init", "Paths"]);
    assertEquals(init.code, 0, init.stderr);
    const id = init.stdout.match(/^Created plan (\S+)$/m)?.[1] ?? "";
    const p = `.planning/${id}`;
    for (const f of ["task_plan.md", "findings.md", "progress.md"]) {
      assertStringIncludes(init.stdout, `\n  ${shownPath(`${p}/${f}`)}\n`);
    }
    assertStringIncludes(init.stdout, `(${shownPath(".planning/.active_plan")})`);
    if (WINDOWS) assertNotIncludes(init.stdout, ".planning/", "init prints no / paths on Windows");
    await writeText(dir, `${p}/task_plan.md`, SAMPLE_PLAN);

    const status = await runPwf(dir, ["status"]);
    assertMatch(status.stdout, new RegExp(`^Plan: +${esc(shownPath(p))}  \\(`, "m"));
    const lint = await runPwf(dir, ["lint"]);
    assertEquals(lint.stdout, `${shownPath(`${p}/task_plan.md`)}: 0 errors, 0 warnings\n`);
    const check = await runPwf(dir, ["check"]);
    assertStringIncludes(check.stdout, ` in ${shownPath(`${p}/task_plan.md`)}.\n`);
    const attest = await runPwf(dir, ["attest"]);
    assertStringIncludes(attest.stdout, `Attested ${shownPath(`${p}/task_plan.md`)} sha256=`);
    assertEquals((await runPwf(dir, ["resolve"])).stdout, `${shownPath(p)}\n`);

    // an error composed in the store (resolution), printed by the one error printer
    const missing = await runPwf(dir, ["status"], { env: { PLAN_ID: "nope" } });
    assertEquals(missing.code, 5);
    assertStringIncludes(missing.stderr, `${shownPath(".planning/nope/task_plan.md")} is missing`);
    const archive = await runPwf(dir, ["archive", id, "--force"]);
    assertEquals(archive.code, 0, archive.stderr);
    assertStringIncludes(archive.stdout, `-> ${shownPath(`.planning/.archive/${id}`)}`);
    const again = await runPwf(dir, ["archive", id]);
    assertStringIncludes(again.stderr, `(${shownPath(`.planning/.archive/${id}`)})`);
    const back = await runPwf(dir, ["unarchive", id]);
    assertStringIncludes(back.stdout, `Restored ${id} -> ${shownPath(p)};`);
  });
});

Deno.test("doctor prints paths natively and receipt times as age, UTC time and duration with a unit", async () => {
  await inProject(async (dir) => {
    const id = await initPlan(dir, ["Doc"]);
    const fire = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: JSON.stringify({ prompt: "go", cwd: dir }),
    });
    // the injected context is for the model: neutral paths on every OS
    const context = JSON.parse(fire.stdout).hookSpecificOutput.additionalContext as string;
    assertStringIncludes(context, `.planning/${id}/progress.md`);
    assertNotIncludes(context, "\\");
    const d = await runPwf(dir, ["doctor"]);
    assertStringIncludes(d.stdout, `PASS  plan: ${shownPath(`.planning/${id}`)} (`);
    assertStringIncludes(d.stdout, `PASS  cache: ${shownPath(".planning/.cache")} is writable\n`);
    assertMatch(
      d.stdout,
      /^PASS {2}hook claude UserPromptSubmit: last fired just now \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\): injected in \d+(?: ms|\.\d s) \(1 recent fire kept\)$/m,
    );
    const [, stamp] = d.stdout.match(/last fired just now \((.+?) UTC\)/) ?? [];
    const at = Date.parse(`${stamp?.replace(" ", "T")}Z`);
    assert(Math.abs(Date.now() - at) < 10 * 60_000, `${stamp} is not the fire's UTC time`);
  });
});

Deno.test("hooks check names the settings file natively; an absolute path is printed as the OS gives it", async () => {
  await inProject(async (dir) => {
    const c = await runPwf(dir, ["hooks", "check", "claude"], { stdin: "{}" });
    assertEquals(c.code, 1, c.stderr);
    assertStringIncludes(c.stdout, `--merge < ${shownPath(".claude/settings.json")} (save`);
    const line = JSON.stringify({
      type: "user",
      cwd: "/elsewhere/app",
      message: { role: "user", content: "x" },
    });
    const r = await runPwf(dir, ["catchup", "--metadata", "--transcript", "-"], {
      stdin: `${line}\n`,
    });
    assertEquals(r.code, 0, r.stderr);
    assertStringIncludes(r.stdout, `"${dir}"`);
    if (WINDOWS) {
      assertMatch(dir, /^[A-Za-z]:\\[^/]*$/, "the project root is a drive-letter path with \\");
      assertNotIncludes(r.stdout, "file:");
      assertNotIncludes(r.stdout, `/${dir.slice(0, 2)}`);
    }
  });
});

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

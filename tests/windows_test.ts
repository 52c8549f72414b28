/**
 * Windows-specific behaviour (docs/windows.md), run natively and in the
 * Windows lane: PowerShell 5.1's UTF-16LE files, CRLF kept by edits,
 * Windows device names refused as plan ids, project paths with spaces and
 * non-ASCII characters, host paths compared the Windows way.
 * @module
 */
import { decodeText, encodeAs } from "../lib/core/text/text.ts";
import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import {
  assertNoLeftovers,
  initPlan,
  inProject,
  runPwf,
  SAMPLE_PLAN,
  tempProject,
  today,
  writeText,
} from "./helpers.ts";

const CRLF_PLAN = SAMPLE_PLAN.replaceAll("\n", "\r\n");

async function writeBytes(dir: string, rel: string, bytes: Uint8Array): Promise<void> {
  await writeText(dir, rel, ""); // creates the parent directories
  await Deno.writeFile(`${dir}/${rel}`, bytes);
}

function assertAllCrlf(text: string): void {
  assert(text.includes("\r\n"), "no CRLF left");
  assertEquals(text.replaceAll("\r\n", "").includes("\n"), false, "a bare LF appeared");
}

Deno.test("a plan and .active_plan saved by Windows PowerShell 5.1 (UTF-16LE with BOM, CRLF) are read, and pwf phase keeps UTF-16LE and CRLF", async () => {
  await inProject(async (dir) => {
    await writeBytes(dir, ".planning/ps/task_plan.md", encodeAs(CRLF_PLAN, "utf-16le"));
    await writeBytes(dir, ".planning/other/task_plan.md", new TextEncoder().encode(SAMPLE_PLAN));
    // `"ps" > .planning\.active_plan` in PowerShell 5.1: UTF-16LE, BOM, CRLF
    await writeBytes(dir, ".planning/.active_plan", encodeAs("ps\r\n", "utf-16le"));
    const context = await runPwf(dir, ["inject", "--context", "userprompt"]);
    assertEquals(context.code, 0, context.stderr);
    assertStringIncludes(context.stdout, "Ship the sample feature with tests.");
    assertStringIncludes(context.stdout, "Phase 2");
    assertNotIncludes(context.stdout, "\u0000");
    const r = await runPwf(dir, ["phase", "3", "in_progress", "--switch"]);
    assertEquals([r.code, r.stderr], [0, ""]);
    const bytes = await Deno.readFile(`${dir}/.planning/ps/task_plan.md`);
    assertEquals([bytes[0], bytes[1]], [0xff, 0xfe], "still UTF-16LE with its BOM");
    const text = decodeText(bytes);
    assertStringIncludes(text, "### Phase 3: Test\r\n- **Status:** in_progress\r\n");
    assertAllCrlf(text);
  });
});

Deno.test("a CRLF plan edited by pwf phase keeps CRLF on every line", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/p/task_plan.md", CRLF_PLAN);
    const r = await runPwf(dir, ["phase", "2", "complete"]);
    assertEquals([r.code, r.stderr], [0, ""]);
    const text = await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`);
    assertStringIncludes(
      text,
      "### Phase 2: Build\r\n- [ ] Write the parser\r\n- **Status:** complete\r\n",
    );
    assertAllCrlf(text);
  });
});

Deno.test("Windows device names (CON, NUL, AUX, COM1, LPT1, with an extension) and names ending in a dot never become plan ids", async () => {
  await inProject(async (dir) => {
    await writeText(dir, ".planning/open/task_plan.md", SAMPLE_PLAN);
    for (const bad of ["CON", "nul.md", "plan."]) {
      const r = await runPwf(dir, ["resolve"], { env: { PLAN_ID: bad } });
      assertEquals([r.code, r.stdout], [5, ""], bad);
      assertStringIncludes(r.stderr, "PLAN_ID");
    }
    // A device name in .active_plan is not followed: the only open plan is.
    await writeText(dir, ".planning/.active_plan", "AUX\n");
    const j = JSON.parse((await runPwf(dir, ["resolve", "--json"])).stdout);
    assertEquals(j.id, "open");
    // A plan named like a device gets a dated id, which is no device name.
    assertEquals(await initPlan(dir, ["COM1"]), `${today()}-com1`);
  });
});

Deno.test("a project whose path has spaces and non-ASCII characters works: init, phase, hooks and transcript catch-up", async () => {
  const p = await tempProject("pwf Projekt é 日本 ");
  try {
    const dir = p.dir;
    assert(dir.includes(" ") && dir.includes("日本"), dir);
    const id = await initPlan(dir, ["Déjà vu"]);
    assertEquals(id, `${today()}-déjà-vu`);
    assertEquals((await runPwf(dir, ["phase", "1", "in_progress"])).code, 0);
    const hook = await runPwf(dir, ["hook", "claude", "UserPromptSubmit"], {
      stdin: JSON.stringify({
        session_id: "s1",
        cwd: dir,
        hook_event_name: "UserPromptSubmit",
        prompt: "go",
      }),
    });
    assertEquals(hook.code, 0, hook.stderr);
    const out = JSON.parse(hook.stdout);
    assertStringIncludes(out.hookSpecificOutput.additionalContext, `.planning/${id}`);
    // The host names the directory its own way: on Windows other case and separators.
    const hostCwd = Deno.build.os === "windows" ? dir.toUpperCase().replaceAll("\\", "/") : dir;
    const transcript = [
      { type: "user", cwd: hostCwd, message: { content: "ship the déjà vu feature" } },
      { type: "assistant", cwd: hostCwd, message: { content: [{ type: "text", text: "On it." }] } },
    ].map((r) => JSON.stringify(r)).join("\n") + "\n";
    const c = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], {
      stdin: transcript,
    });
    assertEquals(c.code, 0, c.stderr);
    assertStringIncludes(c.stdout, "USER: ship the déjà vu feature");
    assertNotIncludes(c.stdout, "another project");
    await assertNoLeftovers(dir);
  } finally {
    await p.cleanup();
  }
});

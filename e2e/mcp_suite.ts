/**
 * `pwf mcp` in a real host (issue 31): the host starts pwf's MCP server
 * from a config made by `pwf mcp print <client> --merge`, the loopback
 * model server scripts one `phase_set` call, and the test checks that the
 * plan file changed exactly as `pwf phase 1 complete` changes it and that
 * the request after the call carries the tool's framed answer (verified)
 * with the new current phase. Hooks stay registered: MCP and hooks combine.
 * @module
 */

import { assert, assertEquals } from "../tests/assert.ts";
import { runPwf, tempProject } from "../tests/helpers.ts";
import { type HostDriver, makeSandbox, requestTexts, runHost, type Sandbox } from "./harness.ts";
import { verifiedFrames } from "./frames.ts";
import type { Reply } from "./model_server.ts";

/** How one host loads pwf's MCP server. */
export interface McpRoute {
  /** `pwf mcp print <client>`'s client name. */
  readonly client: string;
  /** The model's replies that call `phase_set {phase: 1, status: "complete"}` in this host (the last one is the call). */
  readonly script: readonly Reply[];
  /** The host driver with pwf's server registered (`config`: the merged config text for the sandbox). */
  withServer(driver: HostDriver, mergeInto: (text: string) => Promise<string>): HostDriver;
}

/** Merge pwf's entry (the sandbox launcher as the binary) into a config text. */
function merger(sb: Sandbox, client: string): (text: string) => Promise<string> {
  return async (text) => {
    const r = await runPwf(sb.project, ["mcp", "print", client, "--bin", sb.launcher, "--merge"], {
      stdin: text,
    });
    if (r.code !== 0) throw new Error(`pwf mcp print ${client} --merge failed: ${r.stderr}`);
    return r.stdout;
  };
}

/** `pwf phase 1 complete` on a copy of the project's `.planning`: the bytes phase_set must write. */
async function expectedPlan(sb: Sandbox, id: string): Promise<string> {
  const copy = await tempProject("pwf-e2e-mcp-expected-");
  try {
    await Deno.mkdir(`${copy.dir}/.planning/${id}`, { recursive: true });
    for (const f of ["task_plan.md", "findings.md", "progress.md"]) {
      await Deno.copyFile(`${sb.project}/.planning/${id}/${f}`, `${copy.dir}/.planning/${id}/${f}`);
    }
    const r = await runPwf(copy.dir, ["phase", "1", "complete", "--plan", id]);
    if (r.code !== 0) throw new Error(`pwf phase failed: ${r.stderr}`);
    return await Deno.readTextFile(`${copy.dir}/.planning/${id}/task_plan.md`);
  } finally {
    await copy.cleanup();
  }
}

/** Register the MCP test for one host. */
export function mcpTest(driver: HostDriver, route: McpRoute): void {
  Deno.test(`${driver.name}: a scripted phase_set call through pwf mcp changes the plan as pwf phase does, and the next request shows it framed`, async () => {
    const sb = await makeSandbox(driver.name);
    try {
      const init = await runPwf(sb.project, ["init", "MCP route", "--json"]);
      assertEquals(init.code, 0, init.stderr);
      const id = JSON.parse(init.stdout).id as string;
      const expected = await expectedPlan(sb, id);
      const run = await runHost(route.withServer(driver, merger(sb, route.client)), sb, {
        prompt: "Mark phase 1 complete.",
        script: route.script,
      });
      const why = `exit ${run.code}\n${run.stderr.slice(-2000)}\n${run.stdout.slice(-2000)}`;
      assertEquals(run.code, 0, why);
      const plan = await Deno.readTextFile(`${sb.project}/.planning/${id}/task_plan.md`);
      assertEquals(plan, expected, `the plan after phase_set is the plan after pwf phase\n${why}`);
      const last = route.script[route.script.length - 1];
      const offered = run.requests.findIndex((r) => r.reply === last);
      assert(offered >= 0, `no request took the scripted call\n${why}`);
      const next = run.requests[offered + 1];
      assert(next !== undefined, `no request after the tool call\n${why}`);
      const frames = (await Promise.all(requestTexts(next.body).map(verifiedFrames))).flat();
      const answer = frames.map((f) => f.payload).find((p) => p.includes('"currentPhase"'));
      assert(answer !== undefined, `no framed phase_set answer in the next request\n${why}`);
      assertEquals(JSON.parse(answer).currentPhase, "Phase 2");
      assertEquals(run.fireStderr, "", "pwf wrote nothing on stderr (hooks and the MCP server)");
      assertEquals(driver.hookErrors(run), []);
    } finally {
      await sb.cleanup();
    }
  });
}

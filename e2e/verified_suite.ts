/**
 * Verified completion in a real host (issue 28, acceptance 1): the scripted
 * model runs a phase's AcceptanceCheck while it fails (a script that exits 1
 * until a file exists), `pwf phase 1 complete` is refused and the gated Stop
 * blocks naming the check; the model creates the file and runs the check
 * again: the receipt is recorded and the phase completes; an edit after the
 * passing run makes the evidence stale again. Asserted on the evidence file,
 * the plan, `pwf` views afterwards and the request bodies the model server
 * recorded.
 * @module
 */

import { assert, assertEquals, assertStringIncludes } from "../tests/assert.ts";
import { runPwf } from "../tests/helpers.ts";
import {
  type HostDriver,
  makeSandbox,
  pwfLauncher,
  requestIncludes,
  runHost,
  type Sandbox,
} from "./harness.ts";
import type { Reply } from "./model_server.ts";

/** The check: fails (exit 1) until done.txt exists. */
export const CHECK = "sh check.sh";

const PLAN = `# Task Plan: Verified run

## Goal
Make the check pass.

## Next Step
Run the check.

## Current Phase
Phase 1

## Phases

### Phase 1: Make it pass
- [ ] Create done.txt
- **Status:** in_progress
- **AcceptanceCheck:** \`${CHECK}\`
`;

/** How a host's tools are scripted. */
export interface VerifiedChannels {
  /** A scripted shell call running `command` in the project. */
  shellCall(command: string): Reply;
  /** A scripted tool call that writes `file` (absolute). */
  editCall(file: string): Reply;
  /** The receipt outcomes the host reports for a failed then a passed run. */
  readonly outcomes: readonly [string, string];
}

async function gatedPlan(sb: Sandbox): Promise<string> {
  const init = await runPwf(sb.project, ["init", "Verified run", "--gated", "--json"]);
  assertEquals(init.code, 0, init.stderr);
  const dir = `${sb.project}/${JSON.parse(init.stdout).dir}`;
  await Deno.writeTextFile(`${dir}/task_plan.md`, PLAN);
  await Deno.writeTextFile(`${sb.project}/check.sh`, "test -f done.txt\n");
  const a = await runPwf(sb.project, ["attest"]);
  assertEquals(a.code, 0, a.stderr);
  return dir;
}

/** Register the verified-completion test for one host. */
export function verifiedSuite(driver: HostDriver, ch: VerifiedChannels): void {
  const name =
    `${driver.name}: a phase completes only after its AcceptanceCheck passed in the host, and an edit makes it stale`;
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async () => {
    const sb = await makeSandbox(driver.name);
    try {
      const dir = await gatedPlan(sb);
      // pwf as the model runs it: a script in the project (Copilot's shell tool refuses a path
      // outside it), its stderr to the model (the hooks' launcher logs it instead).
      await Deno.writeTextFile(`${sb.project}/pwfx`, pwfLauncher((argv) => [`exec ${argv} "$@"`]));
      const complete = "sh pwfx phase 1 complete";
      const run = await runHost(driver, sb, {
        prompt: "Finish phase 1.",
        script: [
          ch.shellCall(CHECK),
          ch.shellCall(complete),
          { text: "Stopping now." },
          ch.editCall(`${sb.project}/done.txt`),
          ch.shellCall(CHECK),
          ch.shellCall(complete),
          ch.editCall(`${sb.project}/later.txt`),
          { text: "All done." },
        ],
      });
      const hookErrors = driver.hookErrors?.(run) ?? [];
      assertEquals(hookErrors, [], run.stderr);
      const evidence = (await Deno.readTextFile(`${dir}/evidence.jsonl`)).split("\n")
        .filter((l) => l).map((l) => JSON.parse(l));
      const runs = evidence.filter((r) => r.kind === "run");
      assertEquals(runs.map((r) => `${r.command}:${r.outcome}`), [
        `${CHECK}:${ch.outcomes[0]}`,
        `${CHECK}:${ch.outcomes[1]}`,
      ], JSON.stringify(evidence));
      assertEquals(evidence.map((r) => r.kind), ["run", "edit", "run", "edit"]);
      const bodies = run.requests.map((r) => r.body);
      // The refusal reached the model as the shell tool's output, naming the check.
      assert(
        bodies.some((b) =>
          requestIncludes(b, 'then "pwf phase 1 complete" again (or record a claim')
        ),
        "the refusal of pwf phase 1 complete never reached the model",
      );
      // The gated Stop blocked, naming the check, and its reason reached the model.
      assert(
        bodies.some((b) =>
          requestIncludes(b, "Phase 1 is in progress and its AcceptanceCheck") &&
          requestIncludes(b, `run "${CHECK}"`)
        ),
        "the gate's block reason naming the check never reached the model",
      );
      const plan = await Deno.readTextFile(`${dir}/task_plan.md`);
      assertStringIncludes(plan, "- **Status:** complete");
      // The edit after the passing run: the completed phase is a claim again.
      const status = JSON.parse((await runPwf(sb.project, ["status", "--json"])).stdout);
      assertEquals(status.phases[0].proof, "claimed");
      assertEquals(status.phases[0].checks[0].state, "stale");
      const stop = await runPwf(sb.project, ["check", "--gate"], {
        stdin: '{"stop_hook_active":false}',
      });
      assertStringIncludes(stop.stdout, "Phase 1 is marked complete but its AcceptanceCheck");
    } finally {
      await sb.cleanup();
    }
  });
}

/**
 * Register the test for a host that reports the command but not its
 * outcome (Codex): the failing check's receipt is `unknown`, the phase
 * completes as `unverifiable` (said to the model), never `verified`.
 */
export function unverifiableSuite(
  driver: HostDriver,
  shellCall: (command: string) => Reply,
): void {
  const name =
    `${driver.name}: a check run the host reports without its outcome makes the phase unverifiable, never verified`;
  Deno.test({ name, sanitizeOps: false, sanitizeResources: false }, async () => {
    const sb = await makeSandbox(driver.name);
    try {
      const dir = await gatedPlan(sb);
      await Deno.writeTextFile(`${sb.project}/pwfx`, pwfLauncher((argv) => [`exec ${argv} "$@"`]));
      const run = await runHost(driver, sb, {
        prompt: "Finish phase 1.",
        script: [
          shellCall(CHECK),
          shellCall("sh pwfx phase 1 complete"),
          { text: "Done." },
        ],
      });
      assertEquals(driver.hookErrors?.(run) ?? [], [], run.stderr);
      const evidence = (await Deno.readTextFile(`${dir}/evidence.jsonl`)).split("\n")
        .filter((l) => l).map((l) => JSON.parse(l));
      assertEquals(evidence.map((r) => `${r.kind}:${r.command}:${r.outcome}`), [
        `run:${CHECK}:unknown`,
      ]);
      assert(
        run.requests.some((r) => requestIncludes(r.body, "Phase 1: unverifiable")),
        "the unverifiable notice never reached the model",
      );
      const status = JSON.parse((await runPwf(sb.project, ["status", "--json"])).stdout);
      assertEquals([status.phases[0].status, status.phases[0].proof], ["complete", "unverifiable"]);
    } finally {
      await sb.cleanup();
    }
  });
}

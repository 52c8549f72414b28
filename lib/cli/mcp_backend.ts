/**
 * What `pwf mcp`'s tools and resources do: `phase_set` is `pwf phase`'s
 * core (`setPhase`: the state machine, lock and refusals), the two note
 * tools append through lib/plan/notes.ts, and every other tool runs the
 * pwf command it stands for with its output captured.
 * Output that came from disk is returned framed, as hooks frame it.
 * @module
 */

import { errorLine, exitCodeFor, PwfError } from "../core/errors.ts";
import type { Backend, ToolResult } from "../core/mcp/dispatch.ts";
import { framedFile } from "../core/mcp/resources.ts";
import type { Args } from "../core/mcp/schema.ts";
import { toolAction } from "../core/mcp/tools.ts";
import { displayPathsIn } from "../core/text/display.ts";
import { readResource } from "../mcp/resources.ts";
import { appendNote } from "../plan/notes.ts";
import type { AnyCommand, Context } from "./command.ts";
import { phaseJson, setPhase } from "./phase.ts";
import { requirePlan, resolveFor } from "./plan_context.ts";
import { withPlan } from "./plan_flag.ts";

/** The backend of one `pwf mcp` session. */
export function mcpBackend(ctx: Context, commands: () => readonly AnyCommand[]): Backend {
  return {
    async callTool(name: string, args: Args): Promise<ToolResult> {
      const action = toolAction(name, args);
      if (action.kind === "phase") {
        return await guarded(ctx, async () => {
          // No --unverified over MCP: a completion there needs the evidence hooks recorded.
          const args = { ...action, json: true, unverified: false };
          const { plan, result } = await setPhase(args, withPlan(ctx, action.plan));
          const out = JSON.stringify(phaseJson(args, plan, result), null, 2) + "\n";
          return { text: await framedFile("plan", out, false), isError: false };
        });
      }
      if (action.kind === "note") {
        return await guarded(ctx, async () => {
          const { plan } = requirePlan(withPlan(ctx, action.plan));
          const entry = await appendNote(plan, action.file, action.text, ctx.host.now());
          const out = {
            schemaVersion: 1,
            plan: plan.id,
            file: `${plan.display}/${action.file}`,
            entry,
          };
          return { text: JSON.stringify(out, null, 2) + "\n", isError: false };
        });
      }
      const r = await runCaptured(ctx, commands(), action.argv);
      if (!action.okCodes.includes(r.code)) {
        return {
          text: r.err.trim() || `pwf ${action.argv[0]} failed (exit ${r.code})`,
          isError: true,
        };
      }
      return { text: await framedFile("plan", r.out, false), isError: false };
    },
    readResource(uri: string) {
      const r = resolveFor(ctx);
      if (r.kind !== "plan") return Promise.resolve({ error: r.why });
      return readResource(r.plan, uri);
    },
  };
}

/** Run a command row with stdout and stderr captured; a typed error becomes its line and exit code. */
async function runCaptured(
  ctx: Context,
  commands: readonly AnyCommand[],
  argv: readonly string[],
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const host = Object.assign(Object.create(ctx.host), {
    stdout: (t: string) => (out += t),
    stderr: (t: string) => (err += t),
    isTty: false,
  });
  const quiet: Context = { ...ctx, host, color: false };
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  try {
    if (command === undefined) throw new Error(`no command "${name}"`);
    const code = await command.run(command.parse(rest), quiet);
    return { code, out, err };
  } catch (e) {
    return { code: exitCodeFor(e), out, err: err + lineFor(ctx, e) };
  }
}

/** Run `fn`; a thrown error becomes a tool error with pwf's one-line message. */
async function guarded(ctx: Context, fn: () => Promise<ToolResult>): Promise<ToolResult> {
  try {
    return await fn();
  } catch (e) {
    return { text: lineFor(ctx, e), isError: true };
  }
}

function lineFor(ctx: Context, e: unknown): string {
  const line = displayPathsIn(ctx.host.os, errorLine(e), ctx.root);
  return e instanceof PwfError ? line : `${line} (this is a bug in pwf; please report it)`;
}

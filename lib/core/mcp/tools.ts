/**
 * The MCP tools: names, one-line descriptions and input schemas (kept small:
 * docs/mcp.md states their measured size), and each tool's call as the pwf
 * command line it stands for. No tool approves a plan: attestation stays a
 * person's act (`pwf attest`).
 * @module
 */

import { LEDGER_EVENTS } from "../ledger/records.ts";
import { STATUS_VALUES, type StatusValue } from "../plan/parse.ts";
import { TEMPLATE_NAMES } from "../plan/templates.ts";
import type { Args, ObjectSchema, PropSchema } from "./schema.ts";

/** One tool as `tools/list` shows it. */
export interface ToolDef {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
}

/** The longest text a tool takes (a summary, a finding, a progress note). */
export const MAX_TEXT = 4000;

const PLAN: PropSchema = { type: "string", description: "plan id (default: the active plan)" };
const TEXT: PropSchema = { type: "string", maxLength: MAX_TEXT };

function schema(
  properties: Readonly<Record<string, PropSchema>>,
  required: readonly string[] = [],
): ObjectSchema {
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** Every tool, in `tools/list` order. */
export const TOOLS: readonly ToolDef[] = [
  {
    name: "plan_status",
    description: "The plan: goal, phases, current phase, next step, mode, attestation.",
    inputSchema: schema({ plan: PLAN }),
  },
  {
    name: "plan_list",
    description: "List the plans in .planning (open, finished; archived with all).",
    inputSchema: schema({ all: { type: "boolean" } }),
  },
  {
    name: "plan_init",
    description: "Create a plan and make it active. It needs a person's pwf attest in gated modes.",
    inputSchema: schema({
      name: { type: "string", maxLength: 200 },
      template: { type: "string", enum: TEMPLATE_NAMES },
      mode: { type: "string", enum: ["autonomous", "gated"] },
    }),
  },
  {
    name: "phase_set",
    description:
      "Set a phase's status as pwf phase does: completing one starts the next; refusals explain why.",
    inputSchema: schema({
      phase: { type: "integer", minimum: 1 },
      status: { type: "string", enum: STATUS_VALUES },
      switch: { type: "boolean", description: "move the phase in progress back to pending" },
      advance: { type: "boolean", description: "false: do not start the next phase" },
      plan: PLAN,
    }, ["phase", "status"]),
  },
  {
    name: "ledger_append",
    description: "Append a run-ledger record.",
    inputSchema: schema({
      event: { type: "string", enum: LEDGER_EVENTS },
      summary: TEXT,
      agent: { type: "string", maxLength: 64 },
      phase: { type: "string", maxLength: 64 },
      files: { type: "array", items: { type: "string" }, maxItems: 100 },
      plan: PLAN,
    }, ["event", "summary"]),
  },
  {
    name: "findings_add",
    description: "Append a finding to findings.md.",
    inputSchema: schema({ text: TEXT, plan: PLAN }, ["text"]),
  },
  {
    name: "progress_log",
    description: "Append a timestamped line to progress.md.",
    inputSchema: schema({ text: TEXT, plan: PLAN }, ["text"]),
  },
  {
    name: "plan_check",
    description: "The completion gate's view: which phases are unfinished and why.",
    inputSchema: schema({ plan: PLAN }),
  },
];

/** What a tool call does: a pwf command line, `pwf phase`'s edit, or an append to a plan file. */
export type ToolAction =
  | {
    readonly kind: "command";
    readonly argv: readonly string[];
    readonly okCodes: readonly number[];
  }
  | {
    readonly kind: "phase";
    readonly number: number;
    readonly status: StatusValue;
    readonly advance: boolean;
    readonly switchOthers: boolean;
    readonly plan: string | undefined;
  }
  | {
    readonly kind: "note";
    readonly file: "findings.md" | "progress.md";
    readonly text: string;
    readonly plan: string | undefined;
  };

/**
 * The action of a call whose arguments passed `checkArgs`. Flags come first
 * and positionals after `--`, so no text can pose as a flag.
 * @example
 * ```ts
 * import { toolAction } from "./tools.ts";
 * const a = toolAction("ledger_append", { event: "error", summary: "--x", phase: "2" });
 * if (a.kind !== "command" || a.argv.join(" ") !== "ledger append --json --phase 2 -- error --x") throw new Error(a.kind);
 * ```
 */
export function toolAction(name: string, args: Args): ToolAction {
  const plan = typeof args.plan === "string" ? ["--plan", args.plan] : [];
  const cmd = (argv: string[], okCodes: number[] = [0]): ToolAction => ({
    kind: "command",
    argv,
    okCodes,
  });
  switch (name) {
    case "plan_status":
      return cmd(["status", "--json", ...plan]);
    case "plan_list":
      return cmd(["use", "--list", "--json", ...(args.all === true ? ["--all"] : [])]);
    case "plan_init":
      return cmd([
        "init",
        "--json",
        ...(typeof args.template === "string" ? ["--template", args.template] : []),
        ...(typeof args.mode === "string" ? [`--${args.mode}`] : []),
        "--",
        ...(typeof args.name === "string" && args.name.trim() !== "" ? [args.name] : []),
      ]);
    case "phase_set":
      return {
        kind: "phase",
        number: Number(args.phase),
        status: args.status as StatusValue,
        advance: args.advance !== false,
        switchOthers: args.switch === true,
        plan: typeof args.plan === "string" ? args.plan : undefined,
      };
    case "ledger_append":
      return cmd([
        "ledger",
        "append",
        "--json",
        ...(typeof args.agent === "string" ? ["--agent", args.agent] : []),
        ...(typeof args.phase === "string" ? ["--phase", args.phase] : []),
        ...(Array.isArray(args.files) ? ["--files", args.files.join(",")] : []),
        ...plan,
        "--",
        String(args.event),
        String(args.summary),
      ]);
    case "findings_add":
    case "progress_log":
      return {
        kind: "note",
        file: name === "findings_add" ? "findings.md" : "progress.md",
        text: String(args.text),
        plan: typeof args.plan === "string" ? args.plan : undefined,
      };
    default:
      // plan_check: exit 3 means "phases remain", an answer rather than a failure
      return cmd(["check", "--json", ...plan], [0, 3]);
  }
}

/**
 * The tool with this name.
 * @example
 * ```ts
 * import { findTool } from "./tools.ts";
 * if (findTool("phase_set") === undefined || findTool("attest") !== undefined) throw new Error();
 * ```
 */
export function findTool(name: string): ToolDef | undefined {
  return TOOLS.find((t) => t.name === name);
}

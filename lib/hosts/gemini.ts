/**
 * Gemini CLI: hooks in `.gemini/settings.json`; stdout must be JSON only
 * (`{}` for nothing); AfterAgent `decision:"deny"` asks for another turn.
 * Sources and dates: docs/hosts.md section 5.
 * @module
 */

import {
  escapeAngleBrackets,
  hookCommand,
  type HostEvent,
  type HostSpec,
  json,
  type OpResult,
} from "./host_spec.ts";
import { geminiToolCall } from "./tool_call.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts",
  },
  {
    name: "BeforeAgent",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt",
  },
  {
    name: "BeforeTool",
    op: "noop",
    timeout: 10,
    does: "nothing (Gemini has no pre-tool context channel)",
  },
  {
    name: "AfterTool",
    op: "posttool",
    matcher: "write_file|replace|run_shell_command",
    timeout: 10,
    does:
      "once per turn after an edit: update progress.md; a shell run of an acceptance check: its receipt",
  },
  {
    name: "PreCompress",
    op: "noop",
    timeout: 10,
    does: "nothing (no model channel; BeforeAgent re-injects after compression)",
  },
  { name: "AfterAgent", op: "stop", timeout: 30, does: "completion gate for gated plans" },
  { name: "SessionEnd", op: "noop", timeout: 5, does: "nothing" },
];

function respond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return json(r.block ? { decision: "deny", reason: r.block } : {});
  if (!r.context) return json({});
  return json({ hookSpecificOutput: { hookEventName: event.name, additionalContext: r.context } });
}

function hookName(event: string): string {
  return "pwf-" + event.replace(/[A-Z]/g, (c, i) => (i ? "-" : "") + c.toLowerCase());
}

/** The Gemini CLI adapter. */
export const gemini: HostSpec = {
  name: "gemini",
  title: "Gemini CLI",
  manifestPath: ".gemini/settings.json",
  events: EVENTS,
  manifest: (bin) => {
    const hooks: Record<string, unknown> = {};
    for (const e of EVENTS) {
      const handler = {
        name: hookName(e.name),
        type: "command",
        command: hookCommand(bin, gemini, e.name),
        timeout: e.timeout * 1000,
      };
      hooks[e.name] = [{ ...(e.matcher ? { matcher: e.matcher } : {}), hooks: [handler] }];
    }
    return { hooks };
  },
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond,
  sessionIdKeys: ["session_id"],
  toolCall: geminiToolCall,
  // Set for every hook command with the project root (Gemini CLI 0.61.0 sources; so is CLAUDE_PROJECT_DIR).
  projectRootEnv: "GEMINI_PROJECT_DIR",
  windowsRunner: "powershell",
  // Gemini CLI 0.61.0 delivers hook context with "<" and ">" as "&lt;" and "&gt;" ("&" as is).
  contextEscape: escapeAngleBrackets,
  proven:
    "real CLI (Gemini CLI 0.61.0, `deno task e2e`): SessionStart and BeforeAgent frames, the AfterTool nudge, the AfterAgent gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a second prompt after `--resume latest` gets a fresh BeforeAgent frame of the changed plan; a `cd` into a subfolder keeps the nudge, the gate and the next frame; golden tests",
  notes: "Merge the `hooks` object into `.gemini/settings.json`. Timeouts are in milliseconds.",
};

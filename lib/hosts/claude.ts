/**
 * Claude Code: `.claude/settings.json`, hookSpecificOutput.additionalContext
 * for context, `{"decision":"block","reason":...}` to continue on Stop.
 * Sources and dates: docs/hosts.md section 1.
 * @module
 */

import { hookCommand, type HostEvent, type HostSpec, json, type OpResult } from "./host_spec.ts";
import { claudeToolCall } from "./tool_call.ts";
import type { WindowsHost } from "./windows_bin.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up at startup, resume, /clear and after compaction",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt",
  },
  {
    name: "PreToolUse",
    op: "pretool",
    matcher: "Write|Edit|MultiEdit|Bash|Read|Glob|Grep",
    timeout: 10,
    does: "short plan view before tools (silent in autonomous modes)",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "Write|Edit|MultiEdit|Bash",
    timeout: 10,
    does:
      "once per turn after an edit: update progress.md; a shell run of an acceptance check: its receipt",
  },
  {
    name: "PostToolUseFailure",
    op: "posttool",
    matcher: "Bash",
    timeout: 10,
    does: "a failed shell run of an acceptance check: its receipt",
  },
  {
    name: "PreCompact",
    op: "precompact",
    timeout: 10,
    does: "reminder before compaction (debug log only in Claude Code)",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans (at most 7 consecutive blocks)",
  },
];

/** Claude-style hookSpecificOutput with additionalContext (also used by Codex). */
export function contextOutput(eventName: string, context: string): string {
  return context
    ? json({ hookSpecificOutput: { hookEventName: eventName, additionalContext: context } })
    : "";
}

/**
 * How a settings handler starts pwf: `shell`, one command line the host hands
 * to a shell; `exec`, Claude Code's exec form (`"command": "<bin>", "args":
 * [...]`), spawned with no shell at all, so any path works on any platform.
 */
export type HandlerForm = "shell" | "exec";

/** The command keys of one handler in the given form. */
export function handlerCommand(
  host: WindowsHost,
  bin: string,
  event: string,
  form: HandlerForm,
): Record<string, unknown> {
  return form === "exec"
    ? { command: bin, args: ["hook", host.name, event] }
    : { command: hookCommand(bin, host, event) };
}

/** Claude-style settings manifest (also the shape Codex, Qwen Code and Factory droid use). */
export function settingsManifest(
  host: WindowsHost,
  bin: string,
  events: readonly HostEvent[],
  extra: (e: HostEvent) => Record<string, unknown> = () => ({}),
  /** Multiplier from seconds to the host's timeout unit (Qwen Code: 1000, milliseconds). */
  timeoutScale = 1,
  form: HandlerForm = "shell",
): unknown {
  const hooks: Record<string, unknown> = {};
  for (const e of events) {
    const handler = {
      type: "command",
      ...handlerCommand(host, bin, e.name, form),
      ...extra(e),
      timeout: e.timeout * timeoutScale,
    };
    hooks[e.name] = [{ ...(e.matcher ? { matcher: e.matcher } : {}), hooks: [handler] }];
  }
  return { hooks };
}

/**
 * The answer format Claude Code and Codex share: hookSpecificOutput context,
 * `{"decision":"block","reason":...}` on a blocked Stop, nothing otherwise.
 * PreCompact has no model-visible channel in either; Claude Code keeps plain
 * text in its debug log, Codex fails a hook whose stdout starts with "[".
 */
export function settingsRespond(precompact: "text" | "none"): HostSpec["respond"] {
  return (event: HostEvent, r: OpResult): string => {
    if (event.op === "stop") return r.block ? json({ decision: "block", reason: r.block }) : "";
    if (event.op === "precompact") return precompact === "text" ? r.context : "";
    return contextOutput(event.name, r.context);
  };
}

/** The Claude Code adapter. */
export const claude: HostSpec = {
  name: "claude",
  title: "Claude Code",
  manifestPath: ".claude/settings.json",
  events: EVENTS,
  // Exec form (no shell) on every platform: measured with 2.1.332, `command` is
  // looked up on PATH like a shell would, so the plugin's bare `pwf` runs too.
  manifest: (bin) => settingsManifest(claude, bin, EVENTS, () => ({}), 1, "exec"),
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond: settingsRespond("text"),
  sessionIdKeys: ["session_id"],
  toolCall: claudeToolCall,
  // Equal to the payload's session_id, in hooks and the Bash tool (measured, 2.1.332).
  sessionEnv: "CLAUDE_CODE_SESSION_ID",
  // Exec form: Claude Code spawns the binary with its argument list, no shell.
  windowsRunner: "argv",
  // Claude Code replaces context over 10,000 characters by a 2 KB preview (measured).
  maxContext: 9500,
  // Claude Code ends the turn itself after 8 consecutive Stop-hook blocks: pwf stops at 7 and says why.
  gateLimit: 7,
  // Exported to every hook of one Claude Code process (measured): /clear starts a new session id in it.
  processEnv: "CLAUDE_PID",
  // Every hook gets the root, also after the agent's Bash tool `cd`s below it (measured, 2.1.332).
  projectRootEnv: "CLAUDE_PROJECT_DIR",
  proven:
    "real CLI (Claude Code 2.1.332, `deno task e2e`): SessionStart and UserPromptSubmit frames, the PostToolUse nudge after Write, the Stop gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request; the plugin and `--merge` routes; a second prompt after `--continue` gets a fresh UserPromptSubmit frame of the changed plan; after the agent `cd`s into a subfolder (later hooks start there) the nudge, the gate and the next prompt's frame still arrive, for each route; golden tests",
  notes: "Merge the `hooks` object into `.claude/settings.json` (or `~/.claude/settings.json`). " +
    'Each handler is in exec form (`"command": "<pwf>", "args": ["hook", "claude", "<Event>"]`): Claude Code spawns pwf with no shell, so a path with spaces works on every platform and Windows needs neither Git Bash nor PowerShell. `--merge` and `hooks check` replace an older shell-form pwf entry (`pwf hook claude <Event>` as one command line) with it.',
};

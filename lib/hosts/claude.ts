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

/** Claude-style settings manifest (also the shape Codex, Qwen Code and Factory droid use). */
export function settingsManifest(
  host: WindowsHost,
  bin: string,
  events: readonly HostEvent[],
  extra: (e: HostEvent) => Record<string, unknown> = () => ({}),
  /** Multiplier from seconds to the host's timeout unit (Qwen Code: 1000, milliseconds). */
  timeoutScale = 1,
): unknown {
  const hooks: Record<string, unknown> = {};
  for (const e of events) {
    const handler = {
      type: "command",
      command: hookCommand(bin, host, e.name),
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
  manifest: (bin) => settingsManifest(claude, bin, EVENTS),
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond: settingsRespond("text"),
  sessionIdKeys: ["session_id"],
  toolCall: claudeToolCall,
  // Equal to the payload's session_id, in hooks and the Bash tool (measured, 2.1.332).
  sessionEnv: "CLAUDE_CODE_SESSION_ID",
  windowsRunner: "bash-or-powershell",
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
    "Claude Code hands each command line to its shell; the line is plain argv words, so any shell runs it the same. On Windows write a path with forward slashes.",
};

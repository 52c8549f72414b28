/**
 * Claude Code: `.claude/settings.json`, hookSpecificOutput.additionalContext
 * for context, and on Stop too to continue the turn.
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
    does: "plan + catch-up at startup, resume, fork, /clear and after compaction",
    proof:
      "real CLI: frames in the request, and in a session forked with --continue --fork-session (e2e/claude_test.ts); source fork framed as resume (tests/host_events_test.ts)",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt",
    proof: "real CLI: a fresh frame on a second prompt after --continue (e2e/claude_test.ts)",
  },
  {
    name: "PreToolUse",
    op: "pretool",
    matcher: "Write|Edit|MultiEdit|Bash",
    timeout: 10,
    does:
      "short plan view before a tool that changes files or runs commands (silent in autonomous modes)",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "Write|Edit|MultiEdit|Bash",
    timeout: 10,
    does:
      "once per turn after an edit: update progress.md; a shell run of an acceptance check: its receipt",
    proof: "real CLI: the nudge after Write (e2e/claude_test.ts)",
  },
  {
    name: "PostToolUseFailure",
    op: "posttool",
    matcher: "Bash",
    timeout: 10,
    does: "a failed shell run of an acceptance check: its receipt",
    proof: "real CLI: a failing check's receipt (e2e/verified_suite.ts via e2e/claude_test.ts)",
  },
  {
    name: "PreCompact",
    op: "precompact",
    timeout: 10,
    does: "reminder before compaction (debug log only in Claude Code); never blocks it",
    proof: "never a block, stop or cancel, even with a gated plan (tests/host_events_test.ts)",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does:
      "completion gate for gated plans: the reason as Stop additionalContext, the turn goes on (at most 7 consecutive blocks); no plan: nothing",
    proof:
      "real CLI: the reason reaches the model, the second stop is allowed; additionalContext vs decision:block measured (e2e/claude_test.ts); silent without a plan (tests/host_events_test.ts)",
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
 * a blocked Stop as `{"decision":"block","reason":...}` (`stop: "decision"`)
 * or as Stop's own additionalContext (`stop: "context"`), nothing otherwise.
 * PreCompact has no model-visible channel in either; Claude Code keeps plain
 * text in its debug log, Codex fails a hook whose stdout starts with "[".
 */
export function settingsRespond(
  precompact: "text" | "none",
  stop: "decision" | "context" = "decision",
): HostSpec["respond"] {
  return (event: HostEvent, r: OpResult): string => {
    if (event.op === "stop") {
      if (!r.block) return "";
      return stop === "context"
        ? contextOutput(event.name, r.block)
        : json({ decision: "block", reason: r.block });
    }
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
  // Stop answers through additionalContext (measured, 2.1.332, e2e/claude_test.ts): the turn
  // goes on exactly as with decision:block (the next Stop has stop_hook_active), but the model
  // reads "Stop hook additional context: <reason>" instead of a "Stop hook blocking error", and
  // the user sees no "stop hook problem" notice.
  respond: settingsRespond("text", "context"),
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
  unregistered: [
    {
      name: "SubagentStart, SubagentStop",
      why:
        "a subagent is never gated and needs no frame of its own: its tool calls fire PreToolUse (the short view) like the main agent's",
    },
    {
      name: "PostCompact",
      why: "SessionStart (source compact) already re-injects the plan after a compaction",
    },
    {
      name: "SessionEnd",
      why:
        "nothing to do that fits its shared 1.5 s budget: the plan files are already on disk, receipts are written per fire",
    },
    { name: "StopFailure", why: "an API error ends the turn; there is nothing to gate or inject" },
  ],
  proven:
    "real CLI (Claude Code 2.1.332, `deno task e2e`): SessionStart and UserPromptSubmit frames, the PostToolUse nudge after Write, the Stop gate (a subagent's stop, from the Agent tool, is not gated), PLANNING_DISABLED and the tampered-plan refusal reach the model request; the plugin and `--merge` routes; a second prompt after `--continue` gets a fresh UserPromptSubmit frame of the changed plan; after the agent `cd`s into a subfolder (later hooks start there) the nudge, the gate and the next prompt's frame still arrive, for each route; golden tests",
  notes: "Merge the `hooks` object into `.claude/settings.json` (or `~/.claude/settings.json`). " +
    'Each handler is in exec form (`"command": "<pwf>", "args": ["hook", "claude", "<Event>"]`): Claude Code spawns pwf with no shell, so a path with spaces works on every platform and Windows needs neither Git Bash nor PowerShell. `--merge` and `hooks check` replace an older shell-form pwf entry (`pwf hook claude <Event>` as one command line) with it.',
};

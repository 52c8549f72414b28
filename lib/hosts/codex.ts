/**
 * Codex CLI: `.codex/hooks.json` with `command` and `commandWindows`; JSON
 * answers only (stdout starting with "[" that is not JSON fails the hook).
 * Sources and dates: docs/hosts.md section 2.
 * @module
 */

import { settingsManifest, settingsRespond } from "./claude.ts";
import { hookCommand, type HostEvent, type HostSpec } from "./host_spec.ts";
import { codexToolCall } from "./tool_call.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up at startup, resume, clear and compaction",
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
    matcher: "Bash|Write|Edit|apply_patch",
    timeout: 10,
    does: "short plan view before tools (silent in autonomous modes)",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "Write|Edit|apply_patch|Bash",
    timeout: 10,
    does:
      "once per turn after an edit: update progress.md; a shell run of an acceptance check: an unverifiable receipt (no outcome reported)",
  },
  {
    name: "PreCompact",
    op: "precompact",
    timeout: 10,
    does: "nothing to print (Codex has no model channel here); never blocks compaction",
    dropsContext: true,
    proof:
      "never a block, stop or cancel, even with a gated plan (tests/host_events_test.ts); fires cleanly in a real compaction (e2e/codex_test.ts)",
  },
  {
    name: "PostCompact",
    op: "postcompact",
    timeout: 10,
    does:
      "marks the compaction (no model channel here either): the next prompt gets the session-start frame (plan + catch-up) once",
    proof:
      "real CLI: an auto-compaction (model_auto_compact_token_limit) fires PreCompact, PostCompact, then SessionStart, whose frame and catch-up reach the next request, none repeated by UserPromptSubmit (e2e/codex_test.ts); the marker logic offline (tests/host_events_test.ts)",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans; no plan: nothing",
    proof: "real CLI: the reason reaches the model, the second stop is allowed (e2e/codex_test.ts)",
  },
];

function windowsBin(bin: string): string {
  return bin === "pwf" ? "pwf.exe" : bin;
}

/** The Codex CLI adapter. */
export const codex: HostSpec = {
  name: "codex",
  title: "Codex CLI",
  manifestPath: ".codex/hooks.json",
  events: EVENTS,
  manifest: (bin) =>
    settingsManifest(
      codex,
      bin,
      EVENTS,
      (e) => ({ commandWindows: hookCommand(windowsBin(bin), codex, e.name) }),
    ),
  settings: { layout: "grouped", commandKeys: ["command", "commandWindows", "command_windows"] },
  respond: settingsRespond("none"),
  // Codex spills hook text over ~2,500 tokens (~10,000 characters) to a file.
  sessionIdKeys: ["session_id"],
  toolCall: codexToolCall,
  // Given to the commands Codex runs (docs/hosts.md).
  sessionEnv: "CODEX_THREAD_ID",
  windowsRunner: "cmd-or-powershell",
  maxContext: 9500,
  unregistered: [
    {
      name: "SubagentStart, SubagentStop",
      why: "a subagent is never gated and needs no frame of its own",
    },
    {
      name: "SessionEnd",
      why: "nothing to do that fits its 1 s default budget (3 s at most)",
    },
    { name: "StopFailure", why: "an API error ends the turn; there is nothing to gate" },
  ],
  proven:
    "real CLI (Codex CLI 0.171.0, `deno task e2e`): SessionStart and UserPromptSubmit frames, the PostToolUse nudge after apply_patch, the Stop gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a second prompt after `exec resume --last` gets a fresh UserPromptSubmit frame of the changed plan; a command run with `workdir` in a subfolder keeps the nudge, the gate and the next frame; golden tests",
  notes:
    "Save as `.codex/hooks.json`, then trust the hooks once with `/hooks` in Codex (again after any change).",
};

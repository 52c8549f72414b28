/**
 * Qwen Code: Claude-shaped hooks in `.qwen/settings.json`, timeouts in
 * milliseconds. Sources and dates: docs/hosts.md section 6.
 * @module
 */

import { settingsManifest, settingsRespond } from "./claude.ts";
import { escapeAngleBrackets, type HostEvent, type HostSpec } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts (a `<system-reminder>` in the first user message)",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt (after the prompt)",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "write_file|edit",
    timeout: 10,
    does: "once per turn: update progress.md",
  },
  { name: "Stop", op: "stop", timeout: 30, does: "completion gate for gated plans" },
];

/** The Qwen Code adapter. */
export const qwen: HostSpec = {
  name: "qwen",
  title: "Qwen Code",
  manifestPath: ".qwen/settings.json",
  events: EVENTS,
  manifest: (bin) => settingsManifest(qwen, bin, EVENTS, () => ({}), 1000),
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond: settingsRespond("none"),
  // Qwen Code 0.24.4 (a Gemini CLI fork) delivers hook context with "<" and ">" as "&lt;" and
  // "&gt;" ("&" as is), measured by the e2e markup test; pwf frames it that way already.
  contextEscape: escapeAngleBrackets,
  sessionIdKeys: ["session_id"],
  windowsRunner: "unknown",
  proven:
    "real CLI (Qwen Code 0.24.4, `deno task e2e`): SessionStart and UserPromptSubmit frames, the PostToolUse nudge after write_file, the Stop gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a second prompt after `--continue` gets a fresh UserPromptSubmit frame of the changed plan; a shell command run with `directory` in a subfolder keeps the nudge, the gate and the next frame; golden tests",
  notes:
    "Merge the `hooks` object into `.qwen/settings.json` (or `~/.qwen/settings.json`). Same shape as Claude Code's, but timeouts are in milliseconds.",
};

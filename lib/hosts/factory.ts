/**
 * Factory droid: Claude-shaped hooks in `.factory/settings.json`. In `droid
 * exec` UserPromptSubmit does not fire and PreToolUse context is not carried
 * (measured), so pwf registers neither. Sources and dates: docs/hosts.md
 * section 7.
 * @module
 */

import { settingsManifest, settingsRespond } from "./claude.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts (becomes a user message)",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does:
      "plan view and recent progress on every prompt (interactive droid only: `droid exec` does not fire it)",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "Create|Edit|MultiEdit|ApplyPatch",
    timeout: 10,
    does: "once per turn: update progress.md",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans (the reason becomes the next user message)",
  },
];

/** The Factory droid adapter. */
export const factory: HostSpec = {
  name: "factory",
  title: "Factory droid",
  manifestPath: ".factory/settings.json",
  events: EVENTS,
  manifest: (bin) => settingsManifest(factory, bin, EVENTS),
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond: settingsRespond("none"),
  sessionIdKeys: ["session_id"],
  windowsRunner: "unknown",
  proven:
    "real CLI (droid 0.225.2, `droid exec`, `deno task e2e`): the SessionStart frame, the PostToolUse nudge after Create, the Stop gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request (UserPromptSubmit does not fire in exec); a second prompt after `exec --fork <id>` gets a fresh SessionStart frame of the changed plan; a `cd` into a subfolder in the Execute tool keeps the nudge, the gate and the next frame; golden tests",
  notes:
    "Merge the `hooks` object into `.factory/settings.json` (or `~/.factory/settings.json`). PreToolUse is not registered: droid runs it but does not pass its context to the model.",
};

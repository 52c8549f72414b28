/**
 * Qoder CLI: Claude-shaped hooks in `.qoder/settings.json` (exec form,
 * timeouts in seconds), but a Stop continues the turn only on
 * `{"decision":"block","reason":...}`: Stop's additionalContext is dropped
 * (measured, 1.1.52). Sources and dates: docs/hosts.md section 12.
 * @module
 */

import { settingsManifest, settingsRespond } from "./claude.ts";
import type { HostEvent, HostSpec } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts",
    proof: "real CLI: a verified frame with the goal and in-progress phase (e2e/qoder_test.ts)",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt",
    proof: "real CLI: a fresh frame on a second prompt after --continue (e2e/qoder_test.ts)",
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
    matcher: "Write|Edit|MultiEdit",
    timeout: 10,
    does: "once per turn: update progress.md",
    proof: "real CLI: the nudge after Write (e2e/qoder_test.ts)",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans (`decision:block`); no plan: nothing",
    proof:
      "real CLI: the reason as the next user message, the second stop allowed (e2e/qoder_test.ts)",
  },
];

/** The Qoder CLI adapter. */
export const qoder: HostSpec = {
  name: "qoder",
  title: "Qoder CLI",
  manifestPath: ".qoder/settings.json",
  events: EVENTS,
  manifest: (bin) => settingsManifest(qoder, bin, EVENTS, () => ({}), 1, "exec"),
  settings: { layout: "grouped", commandKeys: ["command"] },
  respond: settingsRespond("none"),
  sessionIdKeys: ["session_id"],
  // Exec form: Qoder spawns the binary with its argument list (measured on Linux, 1.1.52).
  windowsRunner: "argv",
  unregistered: [
    {
      name: "PreCompact, PostCompact",
      why:
        "no model channel measured there; a compacted session gets the plan back on its next prompt",
    },
    {
      name: "SubagentStart, SubagentStop",
      why: "a subagent is never gated and needs no frame of its own",
    },
    { name: "SessionEnd", why: "nothing to do at the end of a session: the plan is on disk" },
  ],
  proven:
    "real CLI (Qoder CLI 1.1.52 offline with its hidden `--fake-responses`, `deno task e2e`, the request read from `~/.qoder/projects/*/*.jsonl`): SessionStart and UserPromptSubmit frames with the goal and in-progress phase, the PostToolUse nudge after Write, the Stop gate (reason as the next user message, second stop allowed), PLANNING_DISABLED; the nudge and the gate hold after the agent `cd`s into a subfolder in its Bash tool (hooks start in the root); a second prompt after `-r <id>` gets a fresh frame of the changed plan; golden tests",
  notes:
    "Merge the `hooks` object into `.qoder/settings.json` (or `~/.qoder/settings.json`). Same shape as Claude Code's (exec form), but a blocked Stop answers with `decision:block`: Qoder drops Stop's additionalContext.",
};

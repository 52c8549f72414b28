/**
 * Mastra Code: `.mastracode/hooks.json`, event keys at the top level (no
 * `hooks` wrapper), `matcher.tool_name` a regular expression, timeouts in
 * milliseconds. stdout JSON `{additionalContext}` adds context; a Stop is
 * blocked only by exit code 2 with `{decision:"block", reason}` (the reason
 * becomes the next message). From documentation and source, not run here.
 * Sources and dates: docs/hosts.md section 10.
 * @module
 */

import { hookCommand, type HostEvent, type HostSpec, json, type OpResult } from "./host_spec.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "SessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts",
  },
  {
    name: "UserPromptSubmit",
    op: "userprompt",
    timeout: 30,
    does: "plan view and recent progress on every prompt",
  },
  {
    name: "PostToolUse",
    op: "posttool",
    matcher: "[Ww]rite|[Ee]dit|replace",
    timeout: 10,
    does: "once per turn: update progress.md",
  },
  {
    name: "Stop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans (exit 2: Mastra Code queues the reason as a follow-up)",
  },
];

function respond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return r.block ? json({ decision: "block", reason: r.block }) : "";
  return r.context ? json({ additionalContext: r.context }) : "";
}

/** The Mastra Code adapter. */
export const mastra: HostSpec = {
  name: "mastra",
  title: "Mastra Code",
  manifestPath: ".mastracode/hooks.json",
  events: EVENTS,
  manifest: (bin) =>
    Object.fromEntries(EVENTS.map((e) => [e.name, [{
      type: "command",
      command: hookCommand(bin, mastra, e.name),
      ...(e.matcher ? { matcher: { tool_name: e.matcher } } : {}),
      timeout: e.timeout * 1000,
      description: `pwf: ${e.does.replace(/ \(.*\)$/, "")}`,
    }]])),
  settings: { layout: "flat", commandKeys: ["command"], container: "root" },
  respond,
  exitCode: (event, r) => event.op === "stop" && r.block ? 2 : 0,
  sessionIdKeys: ["session_id"],
  windowsRunner: "cmd-or-powershell",
  proven:
    "from documentation, not run here: golden tests from the documented payloads (mastracode/src/hooks)",
  notes:
    "Save as `.mastracode/hooks.json` (or `~/.mastracode/hooks.json`). Mastra Code runs each command through `/bin/sh -c`; the line is plain argv words. A blocked Stop exits 2: that is Mastra Code's only way to keep the agent working.",
};

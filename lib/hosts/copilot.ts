/**
 * GitHub Copilot (CLI and cloud agent): `.github/hooks/pwf.json` with `bash`
 * and `powershell` keys both running the binary. Sources and dates:
 * docs/hosts.md section 4.
 * @module
 */

import { FAIL_OPEN } from "../core/settings/merge.ts";
import { hookCommand, type HostEvent, type HostSpec, json, type OpResult } from "./host_spec.ts";
import { copilotToolCall } from "./tool_call.ts";

const EVENTS: readonly HostEvent[] = [
  {
    name: "sessionStart",
    op: "session-start",
    timeout: 30,
    does: "plan + catch-up when a session starts",
  },
  {
    name: "userPromptSubmitted",
    op: "turn",
    timeout: 10,
    does: "starts a turn (Copilot ignores command-hook output here)",
  },
  {
    name: "preToolUse",
    op: "noop",
    failOpen: true,
    timeout: 10,
    does: "nothing, and always exit 0 (Copilot denies the tool if this hook fails)",
  },
  {
    name: "postToolUse",
    op: "posttool",
    matcher: "create|edit|apply_patch|str_replace_editor|bash|powershell",
    timeout: 10,
    does:
      "once per turn after an edit: update progress.md; a shell run of an acceptance check: its receipt",
  },
  {
    name: "agentStop",
    op: "stop",
    timeout: 30,
    does: "completion gate for gated plans (at most 7 consecutive blocks)",
  },
  {
    name: "errorOccurred",
    op: "error",
    timeout: 10,
    does: "records an `error` event in the run ledger",
  },
];

function respond(event: HostEvent, r: OpResult): string {
  if (event.op === "stop") return json(r.block ? { decision: "block", reason: r.block } : {});
  if (event.op === "turn" || event.op === "noop") return "";
  return json(r.context ? { additionalContext: r.context } : {});
}

/** The Copilot adapter. */
export const copilot: HostSpec = {
  name: "copilot",
  title: "GitHub Copilot",
  manifestPath: ".github/hooks/pwf.json",
  events: EVENTS,
  manifest: (bin) => {
    const hooks: Record<string, unknown> = {};
    for (const e of EVENTS) {
      const command = hookCommand(bin, copilot, e.name);
      // A pwf that cannot start (binary removed, working directory deleted: Deno exits 1
      // before pwf runs) must not deny every tool.
      const failOpen = e.failOpen === true;
      hooks[e.name] = [{
        type: "command",
        bash: failOpen ? `${command} ${FAIL_OPEN.bash}` : command,
        powershell: failOpen ? `${command}${FAIL_OPEN.powershell}` : command,
        ...(e.matcher ? { matcher: e.matcher } : {}),
        timeoutSec: e.timeout,
      }];
    }
    return { version: 1, hooks };
  },
  settings: { layout: "flat", commandKeys: ["bash", "powershell", "command"] },
  respond,
  sessionIdKeys: ["sessionId"],
  toolCall: copilotToolCall,
  // 8 consecutive agentStop blocks end the turn (docs/hosts.md): pwf stops at 7 and says why.
  gateLimit: 7,
  windowsRunner: "powershell",
  proven:
    "real CLI (Copilot CLI 1.0.102, `deno task e2e`): sessionStart frames, the postToolUse nudge, the agentStop gate, PLANNING_DISABLED and the tampered-plan refusal reach the model request; a second prompt after `--continue` gets a fresh sessionStart frame of the changed plan; a `cd` into a subfolder in the bash tool keeps the nudge, the gate and the next frame; golden tests",
  notes:
    "Save as `.github/hooks/pwf.json`. `preToolUse` is fail-closed in Copilot, so its command ends in `|| true` (bash) and `; exit 0` (PowerShell): a pwf that cannot start (removed, or the working directory deleted) does not deny every tool.",
};

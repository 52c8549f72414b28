/**
 * The session workload of the bench (issue 32): the Claude Code events of one
 * session in order, and which of them start a process for a given set of
 * hook registrations (a host runs a hook only when its matcher matches the
 * tool). Pure.
 * @module
 */

/** One event the host offers the hooks. */
export interface Fire {
  readonly event: string;
  /** The tool of a PreToolUse or PostToolUse. */
  readonly tool?: string;
}

/** The tools of one turn's five calls, in order. */
export const TURN_TOOLS: readonly string[] = ["Read", "Grep", "Edit", "Bash", "Glob"];

/** The tools whose calls are followed by a PostToolUse in the workload (one edit, one shell). */
export const POST_TOOLS: readonly string[] = ["Edit", "Bash"];

/** The tool of a shell command. */
export const SHELL_TOOL = "Bash";

/**
 * One session: a SessionStart, then 20 turns, each a UserPromptSubmit and
 * five tool calls (TURN_TOOLS; a PostToolUse after the edit and after the
 * shell command), a Stop after every 4th turn: 1 SessionStart, 20
 * UserPromptSubmit, 100 PreToolUse, 40 PostToolUse (20 of shell commands),
 * 5 Stop.
 */
export function sessionFires(turns = 20): Fire[] {
  const fires: Fire[] = [{ event: "SessionStart" }];
  for (let turn = 1; turn <= turns; turn++) {
    fires.push({ event: "UserPromptSubmit" });
    for (const tool of TURN_TOOLS) {
      fires.push({ event: "PreToolUse", tool });
      if (POST_TOOLS.includes(tool)) fires.push({ event: "PostToolUse", tool });
    }
    if (turn % 4 === 0) fires.push({ event: "Stop" });
  }
  return fires;
}

/** A fire's label in the tallies: the event, `PostToolUse(Bash)` for a shell command's. */
export function fireLabel(f: Fire): string {
  return f.event === "PostToolUse" && f.tool === SHELL_TOOL ? `${f.event}(${f.tool})` : f.event;
}

/**
 * How many fires of each label, in first-seen order.
 * @example
 * ```ts
 * import { tally } from "./session.ts";
 * const t = tally([{ event: "Stop" }, { event: "PostToolUse", tool: "Bash" }, { event: "Stop" }]);
 * if (JSON.stringify([...t]) !== '[["Stop",2],["PostToolUse(Bash)",1]]') throw new Error();
 * ```
 */
export function tally(fires: readonly Fire[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of fires) out.set(fireLabel(f), (out.get(fireLabel(f)) ?? 0) + 1);
  return out;
}

/** A hook registered for an event, as a host's configuration says. */
export interface Registration {
  readonly event: string;
  /** The tool-name pattern (absent, empty or `*`: every tool). */
  readonly matcher?: string;
  /** What to run: the registration's command (a shell line) or argument list. */
  readonly run: readonly string[];
}

/**
 * Whether a Claude Code matcher selects a tool: absent, empty and `*` match
 * every tool; otherwise the pattern must match the whole tool name. Events
 * without a tool ignore the matcher.
 * @example
 * ```ts
 * import { matches } from "./session.ts";
 * if (!matches("Write|Edit", "Edit") || matches("Write|Edit", "MultiEdit") || !matches("*", "Read")) throw new Error();
 * ```
 */
export function matches(matcher: string | undefined, tool: string | undefined): boolean {
  if (tool === undefined || matcher === undefined || matcher === "" || matcher === "*") return true;
  return new RegExp(`^(?:${matcher})$`).test(tool);
}

/** The registrations a fire runs (none: the host starts no process). */
export function runsFor(regs: readonly Registration[], fire: Fire): Registration[] {
  return regs.filter((r) => r.event === fire.event && matches(r.matcher, fire.tool));
}

/**
 * The registrations of a Claude Code settings file (`{"hooks": {Event:
 * [{matcher?, hooks: [{command, args?}]}]}}`), each hook's command followed by
 * its arguments.
 */
export function settingsRegistrations(json: string): Registration[] {
  const hooks = (JSON.parse(json) as { hooks?: Record<string, unknown> }).hooks ?? {};
  const out: Registration[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    for (
      const g of groups as { matcher?: string; hooks?: { command: string; args?: string[] }[] }[]
    ) {
      for (const h of g.hooks ?? []) {
        const run = [h.command, ...(h.args ?? [])];
        out.push(g.matcher === undefined ? { event, run } : { event, matcher: g.matcher, run });
      }
    }
  }
  return out;
}

/**
 * The hooks a skill's SKILL.md front matter registers (Claude Code's skill
 * `hooks:` map, as the original's SKILL.md writes it: one event per
 * two-space-indented key, `- matcher: "..."` and `command: "..."` values as
 * JSON strings; LF or CRLF line ends). Each registration runs its command
 * line with `sh -c`.
 */
export function skillRegistrations(skillMd: string): Registration[] {
  const front = /^---\n([\s\S]*?)\n---/.exec(skillMd.replace(/\r\n/g, "\n"))?.[1] ?? "";
  const out: Registration[] = [];
  let event = "";
  let matcher: string | undefined;
  let inHooks = false;
  for (const line of front.split("\n")) {
    if (/^\S/.test(line)) inHooks = line.startsWith("hooks:");
    if (!inHooks) continue;
    const key = /^ {2}(\w+):\s*$/.exec(line);
    const m = /^\s+- matcher:\s*(".*")\s*$/.exec(line);
    const c = /^\s+command:\s*(".*")\s*$/.exec(line);
    if (key) [event, matcher] = [key[1]!, undefined];
    else if (m) matcher = JSON.parse(m[1]!) as string;
    else if (/^ {4}- /.test(line)) matcher = undefined;
    if (c) {
      const run = ["sh", "-c", JSON.parse(c[1]!) as string];
      out.push(matcher === undefined ? { event, run } : { event, matcher, run });
    }
  }
  return out;
}

const TOOL_INPUTS: Record<string, Record<string, string>> = {
  Read: { file_path: "src/a.ts" },
  Grep: { pattern: "TODO", path: "src" },
  Glob: { pattern: "src/**/*.ts" },
  Edit: { file_path: "src/a.ts", old_string: "a", new_string: "b" },
  Write: { file_path: "src/b.ts", content: "export {};\n" },
  Bash: { command: "ls -la src" },
};

/**
 * The Claude Code hook payload of a fire (a shell command's PostToolUse
 * carries its output; its command matches no AcceptanceCheck).
 * @example
 * ```ts
 * import { claudePayload } from "./session.ts";
 * const p = JSON.parse(claudePayload({ event: "PreToolUse", tool: "Bash" }));
 * if (p.hook_event_name !== "PreToolUse" || p.tool_input.command !== "ls -la src") throw new Error();
 * ```
 */
export function claudePayload(f: Fire): string {
  const base = { "session_id": "bench", "cwd": "/x", "hook_event_name": f.event };
  const tool = f.tool === undefined ? {} : {
    tool_name: f.tool,
    tool_use_id: "toolu_bench",
    tool_input: TOOL_INPUTS[f.tool] ?? {},
    ...(f.event === "PostToolUse"
      ? {
        tool_response: f.tool === SHELL_TOOL
          ? { stdout: "a.ts", stderr: "", interrupted: false }
          : { filePath: "src/a.ts", success: true },
      }
      : {}),
  };
  const extra = f.event === "UserPromptSubmit"
    ? { prompt: "go on" }
    : f.event === "Stop"
    ? { stop_hook_active: false }
    : f.event === "SessionStart"
    ? { source: "startup" }
    : {};
  return JSON.stringify({ ...base, ...tool, ...extra });
}

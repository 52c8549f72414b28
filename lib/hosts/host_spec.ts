/**
 * What a host adapter is: its events (each mapped to one core operation),
 * where its registration manifest goes, how to render that manifest, and how
 * to answer each operation in the host's own output format.
 * @module
 */

import type { SettingsShape } from "../core/settings/merge.ts";
import type { Payload } from "./payload.ts";
import type { ToolCallReader } from "./tool_call.ts";
import { commandBin, type WindowsHost, type WindowsRunner } from "./windows_bin.ts";

/** The core operations a hook event can map to. */
export type Op =
  | "session-start"
  | "userprompt"
  | "pretool"
  | "posttool"
  | "precompact"
  /** After a compaction the host gave no channel for: the next prompt gets the session-start frame once. */
  | "postcompact"
  | "stop"
  | "error"
  | "turn"
  | "noop";

/** One event a host fires. */
export interface HostEvent {
  /** The host's event name, exactly as registered. */
  readonly name: string;
  readonly op: Op;
  /** Tool matcher, where the host supports one. */
  readonly matcher?: string;
  /**
   * The host denies the tool when the hook fails (Copilot's preToolUse): the
   * registration ends in FAIL_OPEN so a pwf that cannot start exits 0.
   */
  readonly failOpen?: true;
  /** Timeout in seconds (converted to the host's unit in its manifest). */
  readonly timeout: number;
  /** What the event does, for the README. */
  readonly does: string;
  /**
   * Set when the host's answer to this event ignores context (Codex's
   * PreCompact): a side-effect-free tier then computes nothing. Declared, never
   * inferred; lib/hosts/table_test.ts holds it to what `respond` renders.
   */
  readonly dropsContext?: boolean;
  /** How this event's behaviour is proven, when more than the golden test (docs/hosts.md). */
  readonly proof?: string;
}

/** An event the host fires that pwf leaves unregistered, and why (docs/hosts.md). */
export interface UnregisteredEvent {
  readonly name: string;
  readonly why: string;
}

/** The result of an operation, before the host wraps it. */
export interface OpResult {
  /** Text for the model ("" for none). */
  readonly context: string;
  /** The gate's block reason when the stop is blocked, else null. */
  readonly block: string | null;
}

/** A file of a registration: where it goes (relative to the project root) and its text. */
export interface GlueFile {
  readonly path: string;
  readonly text: string;
}

/** One host adapter. */
export interface HostSpec {
  /** Name used in `pwf hook <name> <event>`. */
  readonly name: string;
  /** Human name. */
  readonly title: string;
  /** Where the manifest goes, relative to the project root. */
  readonly manifestPath: string;
  readonly events: readonly HostEvent[];
  /**
   * The registration manifest for a pwf binary path: a JSON value, or, for a
   * host with `glue`, the text of the glue file itself.
   */
  manifest(bin: string): unknown;
  /**
   * Set when the host takes no command hooks, only code (a plugin or an
   * extension): the language of the glue file `manifest` returns as text.
   * The glue starts `pwf hook <host> <event>` itself, with no shell.
   */
  readonly glue?: "esm" | "ts" | "python";
  /** Files the registration needs beside the manifest (e.g. Hermes's plugin.yaml). */
  companions?(bin: string): readonly GlueFile[];
  /**
   * Exit code for an event's answer (default 0): only for a host whose
   * contract needs another code to act on the answer (Mastra Code blocks a
   * Stop only on exit 2).
   */
  exitCode?(event: HostEvent, result: OpResult): number;
  /**
   * How hooks sit in the host's settings file, for `hooks print --merge/--remove`
   * and `hooks check`. Absent: the manifest is a file of pwf's own (save it whole).
   */
  readonly settings?: SettingsShape;
  /** stdout for an event's result ("" for nothing); must end with "\n" when non-empty. */
  respond(event: HostEvent, result: OpResult): string;
  /**
   * Payload keys that carry the host's session id, first present wins (e.g.
   * `["session_id"]`); `[]` when the host sends none. A session binds to its
   * plan by this id (docs/storage.md "Sessions").
   */
  readonly sessionIdKeys: readonly string[];
  /** The most characters the host takes in one context string whole (none: no documented limit). */
  readonly maxContext?: number;
  /**
   * The host's own limit on consecutive Stop blocks, which clamps
   * `PWF_GATE_CAP` (absent: the host has none, the cap alone decides).
   */
  readonly gateLimit?: number;
  /**
   * The host's Stop payload in the gate's terms, when its fields differ
   * (Cursor: `loop_count` and `status` instead of `stop_hook_active`).
   */
  readonly stopPayload?: (payload: Payload) => Payload;
  /**
   * The environment variable holding the id of the host process a hook runs
   * under (Claude Code: CLAUDE_PID), so a session started by /clear keeps its
   * plan; must be in the sandbox's --allow-env list (lib/core/permissions.ts).
   */
  readonly processEnv?: string;
  /**
   * The environment variable the host exports to the agent's shell with its
   * session id (Claude Code: CLAUDE_CODE_SESSION_ID), so a pwf command the
   * model runs knows its session; must be in the sandbox's --allow-env list.
   */
  readonly sessionEnv?: string;
  /**
   * The environment variable the host sets for its hooks with the project
   * root (Claude Code: CLAUDE_PROJECT_DIR), which bounds the search for
   * `.planning` (lib/core/plan/planning_root.ts): a hook started below the
   * root still finds its plan, never one above it; must be in --allow-env.
   */
  readonly projectRootEnv?: string;
  /**
   * What the host's post-tool events report about a tool call: a shell run
   * (command and outcome: receipts of acceptance checks) or a file edit
   * (issue 28). Absent: the host reports neither, no receipt is recorded.
   */
  readonly toolCall?: ToolCallReader;
  /** Events the host fires that pwf does not register, each with the reason. */
  readonly unregistered?: readonly UnregisteredEvent[];
  /** Notes for the README's host section. */
  readonly notes: string;
  /**
   * How the host rewrites context text before the model sees it (measured),
   * applied by pwf first with the frames rebuilt, so they verify as received.
   */
  readonly contextEscape?: (text: string) => string;
  /** What is proven for this host and how, for the README (e.g. "from documentation, not run here"). */
  readonly proven: string;
  /**
   * What parses the host's hook command on Windows, from its sources
   * (docs/hosts.md, docs/windows.md): decides the form of `--bin`.
   */
  readonly windowsRunner: WindowsRunner;
}

/**
 * The context escaping of Gemini CLI and its fork Qwen Code (measured: Gemini CLI 0.61.0, Qwen
 * Code 0.24.4): "<" and ">" arrive as "&lt;" and "&gt;", "&" as is.
 */
export function escapeAngleBrackets(text: string): string {
  return text.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * The command line a registration runs: no shell syntax, just argv words;
 * a Windows binary path in the form the host's Windows runner parses
 * (windows_bin.ts).
 */
export function hookCommand(bin: string, host: WindowsHost, event: string): string {
  return `${commandBin(bin, host.windowsRunner)} hook ${host.name} ${event}`;
}

/** One compact JSON object + "\n". */
export function json(value: unknown): string {
  return JSON.stringify(value) + "\n";
}

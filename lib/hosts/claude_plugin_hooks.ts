/**
 * The hooks.json of the Claude Code plugin (`deno task plugin`): one
 * registration per event, each running the binary directly with no shell
 * syntax: `<bin> hook claude <Event>`.
 *
 * Seam: the plugin tool calls claudePluginHooks(CLAUDE_PLUGIN_EVENTS, "pwf").
 * When the host table (issue 5) lands, it can replace this module by handing
 * the tool its own Claude event list and renderer; nothing else depends on it.
 * @module
 */

/** The Claude Code events pwf registers (SPEC section 9). */
export const CLAUDE_PLUGIN_EVENTS: readonly string[] = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "Stop",
];

/** One command hook as Claude Code's hooks.json spells it. */
export interface ClaudeCommandHook {
  readonly type: "command";
  readonly command: string;
}

/** The hooks.json document of a Claude Code plugin. */
export interface ClaudeHooksJson {
  readonly hooks: Readonly<
    Record<string, readonly { readonly hooks: readonly ClaudeCommandHook[] }[]>
  >;
}

/**
 * hooks.json content for these events, each calling `<bin> hook claude <Event>`.
 * @example
 * ```ts
 * import { claudePluginHooks } from "./claude_plugin_hooks.ts";
 * const h = claudePluginHooks(["Stop"], "pwf");
 * if (h.hooks.Stop?.[0]?.hooks[0]?.command !== "pwf hook claude Stop") throw new Error();
 * ```
 */
export function claudePluginHooks(events: readonly string[], bin: string): ClaudeHooksJson {
  const hooks: Record<string, { hooks: ClaudeCommandHook[] }[]> = {};
  for (const event of events) {
    hooks[event] = [{ hooks: [{ type: "command", command: `${bin} hook claude ${event}` }] }];
  }
  return { hooks };
}

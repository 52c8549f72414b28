/**
 * MCP prompts: the skill's slash commands (templates/agent/commands), their
 * front matter's description, and the body with `$ARGUMENTS` filled in.
 * @module
 */

import { AGENT_COMMAND_NAMES, AGENT_COMMANDS } from "../agent/texts.ts";
import { field, parseFrontmatter } from "../text/frontmatter.ts";

/** One prompt as `prompts/list` shows it. */
export interface PromptDef {
  readonly name: string;
  readonly description: string;
  readonly arguments: readonly { name: string; description: string; required: boolean }[];
}

/** Every prompt, sorted by name. */
export const PROMPTS: readonly PromptDef[] = AGENT_COMMAND_NAMES.map((name) => ({
  name,
  description: describe(AGENT_COMMANDS[name] ?? ""),
  arguments: [{ name: "arguments", description: "what follows the command", required: false }],
}));

function describe(text: string): string {
  const doc = parseFrontmatter(text);
  return (doc && field(doc, "description")) ?? "";
}

/**
 * A prompt's text with its arguments, or null for an unknown name.
 * @example
 * ```ts
 * import { promptText } from "./prompts.ts";
 * const t = promptText("attest", "--show");
 * if (t === null || t.startsWith("---") || !t.includes("Arguments: --show")) throw new Error(t ?? "");
 * if (promptText("nope", "") !== null) throw new Error();
 * ```
 */
export function promptText(name: string, args: string): string | null {
  if (!Object.hasOwn(AGENT_COMMANDS, name)) return null;
  const text = AGENT_COMMANDS[name] ?? "";
  const doc = parseFrontmatter(text);
  const body = doc ? doc.body : text;
  return body.replace(/^\n+/, "").replaceAll("$ARGUMENTS", args);
}

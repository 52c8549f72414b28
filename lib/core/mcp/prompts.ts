/**
 * MCP prompts: the skill's slash commands (templates/agent/commands), their
 * front matter's description, and the body with `$ARGUMENTS` filled in.
 * @module
 */

import { AGENT_COMMAND_NAMES, commandPath } from "../agent/command_names.ts";
import { field, parseFrontmatter } from "../text/frontmatter.ts";
import { templateText } from "../text/template_texts.ts";

/** One prompt as `prompts/list` shows it. */
export interface PromptDef {
  readonly name: string;
  readonly description: string;
  readonly arguments: readonly { name: string; description: string; required: boolean }[];
}

/**
 * Every prompt, sorted by name. A description is read from its packed prompt
 * when asked for (`prompts/list`), not when the command table loads.
 */
export const PROMPTS: readonly PromptDef[] = AGENT_COMMAND_NAMES.map((name) =>
  Object.freeze({
    name,
    get description(): string {
      return describe(templateText(commandPath(name)));
    },
    arguments: [{ name: "arguments", description: "what follows the command", required: false }],
  })
);

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
  if (!AGENT_COMMAND_NAMES.includes(name)) return null;
  const text = templateText(commandPath(name));
  const doc = parseFrontmatter(text);
  const body = doc ? doc.body : text;
  return body.replace(/^\n+/, "").replaceAll("$ARGUMENTS", args);
}

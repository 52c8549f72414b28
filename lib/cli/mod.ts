/**
 * The command-line layer.
 * @module
 */

export { run } from "./run.ts";
export { COMMANDS, findCommand } from "./commands.ts";

/**
 * The command table: one row per command. Help, completions and the README
 * command list are rendered from it; a test checks its invariants.
 * @module
 */

import { UsageError } from "../core/errors.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { catchupCommand } from "./catchup.ts";
import { type AnyCommand, defineCommand } from "./command.ts";
import { checkCommand } from "./check.ts";
import { completionsCommand } from "./completions.ts";
import { doctorCommand } from "./doctor.ts";
import { renderCommandHelp, renderHelp } from "./help.ts";
import { archiveCommand, unarchiveCommand } from "./archive.ts";
import { attestCommand } from "./attest.ts";
import { hookCommand } from "./hook.ts";
import { hooksCommand } from "./hooks_print.ts";
import { initCommand } from "./init.ts";
import { injectCommand } from "./inject.ts";
import { ledgerCommand } from "./ledger.ts";
import { lintCommand } from "./lint.ts";
import { mcpCommand } from "./mcp.ts";
import { phaseCommand } from "./phase.ts";
import { resolveCommand } from "./resolve_cmd.ts";
import { skillCommand } from "./skill.ts";
import { statusCommand } from "./status.ts";
import { useCommand } from "./use.ts";
import { versionCommand } from "./version.ts";
import { takesPlan } from "./plan_flag.ts";

const helpCommand = defineCommand({
  name: "help",
  summary: "show usage, or one command's flags",
  usage: ["help [COMMAND]"],
  flags: [],
  values: ["command"],
  parse(argv: readonly string[]): { topic: string | undefined } {
    const p = parseArgv("help", argv, []);
    maxPositionals("help", p, 1);
    const topic = p.positionals[0];
    if (topic !== undefined && !findCommand(topic)) {
      throw new UsageError(`help: unknown command "${topic}"`);
    }
    return { topic };
  },
  run(args: { topic: string | undefined }, ctx) {
    const c = args.topic === undefined ? undefined : findCommand(args.topic);
    ctx.host.stdout(c ? renderCommandHelp(c) : renderHelp(COMMANDS));
    return 0;
  },
});

/** Every command, in help order. */
export const COMMANDS: readonly AnyCommand[] = [
  initCommand,
  takesPlan(useCommand),
  takesPlan(archiveCommand),
  unarchiveCommand,
  takesPlan(resolveCommand),
  takesPlan(statusCommand),
  takesPlan(phaseCommand),
  checkCommand, // takes --plan itself: a Stop hook never fails on its argv
  takesPlan(lintCommand),
  takesPlan(attestCommand),
  takesPlan(ledgerCommand),
  takesPlan(injectCommand),
  takesPlan(catchupCommand),
  doctorCommand,
  hookCommand,
  hooksCommand,
  mcpCommand(() => COMMANDS),
  skillCommand,
  versionCommand,
  completionsCommand(),
  helpCommand,
];

/** The command with this name, if any. */
export function findCommand(name: string): AnyCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}

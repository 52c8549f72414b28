/**
 * `pwf ledger append|summary`: the run ledger.
 * @module
 */

import { UsageError } from "../core/errors.ts";
import { printableLines } from "../core/text/display.ts";
import { didYouMean } from "../core/text/suggest.ts";
import { LEDGER_EVENTS, type LedgerEvent, ledgerSummary } from "../core/ledger/records.ts";
import { parsePlan } from "../core/plan/parse.ts";
import { appendLedger } from "../ledger/store.ts";
import { wholeLedgers } from "../ledger/files.ts";
import { readText } from "../plan/tree.ts";
import { planFile } from "../session/plan_ref.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { printJson, requirePlan, shown } from "./plan_context.ts";

/** Parsed `pwf ledger` arguments. */
export type LedgerArgs =
  | {
    readonly kind: "append";
    readonly event: LedgerEvent;
    readonly summary: string;
    readonly agent: string;
    readonly phase: string;
    readonly files: readonly string[];
    readonly json: boolean;
  }
  | { readonly kind: "summary"; readonly json: boolean };

const APPEND_FLAGS = [
  { name: "agent", value: "NAME", summary: "agent name (letters, digits, _ and -; default main)" },
  { name: "phase", value: "P", summary: "the phase this record belongs to" },
  { name: "files", value: "a,b", summary: "comma-separated files touched" },
  JSON_FLAG,
];

/** Parse `pwf ledger` argv. */
export function parseLedgerArgs(argv: readonly string[]): LedgerArgs {
  const [sub, ...rest] = argv;
  if (sub === "summary") {
    const p = parseArgv("ledger summary", rest, [JSON_FLAG]);
    maxPositionals("ledger summary", p, 0);
    return { kind: "summary", json: p.flags.json === true };
  }
  if (sub !== "append") {
    throw new UsageError(
      `ledger: expected "append" or "summary", got ${
        sub === undefined ? "nothing" : `"${sub}"${didYouMean(sub, ["append", "summary"])}`
      }`,
    );
  }
  const p = parseArgv("ledger append", rest, APPEND_FLAGS);
  maxPositionals("ledger append", p, 2);
  const [event, summary] = p.positionals;
  if (event === undefined || summary === undefined || summary.trim() === "") {
    throw new UsageError(
      `ledger append: needs an event and a summary: pwf ledger append <event> <summary>`,
    );
  }
  if (!(LEDGER_EVENTS as readonly string[]).includes(event)) {
    throw new UsageError(
      `ledger append: invalid event "${event}"${didYouMean(event, LEDGER_EVENTS)} (allowed: ${
        LEDGER_EVENTS.join(" ")
      })`,
    );
  }
  return {
    kind: "append",
    event: event as LedgerEvent,
    summary,
    agent: stringFlag(p, "agent") ?? "main",
    phase: stringFlag(p, "phase") ?? "",
    files: (stringFlag(p, "files") ?? "").split(",").map((f) => f.trim()).filter((f) => f !== ""),
    json: p.flags.json === true,
  };
}

/** Run `pwf ledger`. */
export async function runLedger(args: LedgerArgs, ctx: Context): Promise<number> {
  const { plan } = requirePlan(ctx);
  if (args.kind === "summary") {
    const text = ledgerSummary(
      wholeLedgers(plan),
      parsePlan(readText(planFile(plan, "task_plan.md")) ?? ""),
    );
    if (args.json) printJson(ctx, { schemaVersion: 1, plan: plan.id, summary: text });
    else ctx.host.stdout(printableLines(text));
    return 0;
  }
  const r = await appendLedger(plan, { ...args, now: ctx.host.now() });
  if (args.json) {
    printJson(ctx, {
      schemaVersion: 1,
      plan: plan.id,
      tick: r.tick,
      file: r.file,
      record: JSON.parse(r.line),
    });
  } else ctx.host.stdout(`Ledger tick ${r.tick} -> ${shown(ctx, r.file)} (event=${args.event})\n`);
  return 0;
}

/** The `ledger` command row. */
export const ledgerCommand = defineCommand({
  name: "ledger",
  summary: "append a run-ledger record, or print the fixed-shape ledger summary",
  usage: [
    `ledger append <${LEDGER_EVENTS.join("|")}> <summary> [--agent A] [--phase P] [--files a,b]`,
    "ledger summary [--json]",
  ],
  flags: APPEND_FLAGS,
  words: ["append", "summary"],
  values: ["word", "ledger-event"],
  parse: parseLedgerArgs,
  run: runLedger,
});

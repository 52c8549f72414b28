/**
 * `pwf __complete :<current> [<word>...]` (hidden): what the shell
 * completion scripts ask pwf for. The words are those typed after `pwf`
 * before the cursor; `<current>` is the word being typed, after a `:` so
 * that it is never an empty argument (Windows PowerShell 5.1 drops those).
 * Prints one candidate a line, `word<TAB>description` (the word alone when
 * it is its own description), only those starting with `<current>`. Values come from the command table (commands, flags,
 * choices, words) and, where a row's `values` says so, from this project
 * and the host table: hosts, a host's events, phase statuses, the plan's
 * phase numbers, plan ids, archived plan ids and ledger events. It runs
 * inside pwf's sandbox like every other command. Never fails: a question it
 * cannot answer prints nothing.
 * @module
 */

import { LEDGER_EVENTS } from "../core/ledger/records.ts";
import { parsePlan, STATUS_VALUES } from "../core/plan/parse.ts";
import { findHost, HOSTS } from "../hosts/table.ts";
import { listArchived, listPlans } from "../plan/catalog.ts";
import { readText } from "../plan/tree.ts";
import { planFile } from "../session/plan_ref.ts";
import type { FlagSpec } from "./argv.ts";
import type { AnyCommand, Context, ValueSource } from "./command.ts";
import { GLOBAL_FLAGS } from "./completion_spec.ts";
import { resolveFor } from "./plan_context.ts";

/** One completion candidate. */
export interface Candidate {
  readonly word: string;
  readonly tip: string;
}

/** What a positional slot of a command completes to, besides its table data. */
export type Lookup = (source: ValueSource, before: readonly string[]) => Candidate[];

const plain = (words: readonly string[]): Candidate[] => words.map((w) => ({ word: w, tip: w }));

function flagCandidates(flags: readonly FlagSpec[]): Candidate[] {
  return [...flags, { name: "help", summary: "show this command's usage and flags" }].map((f) => ({
    word: `--${f.name}`,
    tip: f.summary || f.name,
  }));
}

/** The positionals among `args` (flags and the values they take left out). */
function positionals(args: readonly string[], flags: readonly FlagSpec[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a.startsWith("-") && a !== "-") {
      const spec = flags.find((f) => `--${f.name}` === a);
      if (spec?.value !== undefined) i++;
    } else out.push(a);
  }
  return out;
}

/**
 * The candidates for `current` after `before` (the words after `pwf`).
 * @example
 * ```ts
 * import { completeWords } from "./complete.ts";
 * const table = [{ name: "status", summary: "show", usage: [], flags: [], parse: () => 0, run: () => 0 }];
 * const got = completeWords(table, [], "st", () => []);
 * if (got[0]?.word !== "status") throw new Error();
 * ```
 */
export function completeWords(
  table: readonly AnyCommand[],
  before: readonly string[],
  current: string,
  lookup: Lookup,
): Candidate[] {
  return candidates(table, before, current, lookup).filter((c) => c.word.startsWith(current));
}

function candidates(
  table: readonly AnyCommand[],
  before: readonly string[],
  current: string,
  lookup: Lookup,
): Candidate[] {
  const [name, ...args] = before;
  if (name === undefined) {
    return [
      ...table.map((c) => ({ word: c.name, tip: c.summary })),
      ...GLOBAL_FLAGS.map((f) => ({ word: `--${f.name}`, tip: f.summary })),
    ];
  }
  const command = table.find((c) => c.name === name);
  if (!command) return [];
  const prev = command.flags.find((f) => `--${f.name}` === args[args.length - 1]);
  if (prev?.value !== undefined) return plain(prev.choices ?? []);
  if (current.startsWith("-")) return flagCandidates(command.flags);
  const done = positionals(args, command.flags);
  const source = command.values?.[done.length] ?? (done.length === 0 ? "word" : undefined);
  if (source === undefined) return [];
  if (source === "word") return plain(command.words ?? []);
  if (source === "command") return table.map((c) => ({ word: c.name, tip: c.summary }));
  return lookup(source, done);
}

/** The project and host-table lookups, read inside the sandbox; nothing on any failure. */
export function projectLookup(ctx: Context): Lookup {
  return (source, before) => {
    try {
      return lookupOnce(ctx, source, before);
    } catch {
      return [];
    }
  };
}

function lookupOnce(ctx: Context, source: ValueSource, before: readonly string[]): Candidate[] {
  switch (source) {
    case "host":
      return HOSTS.map((h) => ({ word: h.name, tip: h.title }));
    case "event": {
      const host = findHost(before[0] ?? "");
      return host ? host.events.map((e) => ({ word: e.name, tip: e.does })) : [];
    }
    case "status":
      return plain(STATUS_VALUES);
    case "ledger-event":
      return plain(LEDGER_EVENTS);
    case "plan":
      return plain(listPlans(ctx.root));
    case "archived":
      return plain(listArchived(ctx.root));
    case "phase": {
      const r = resolveFor(ctx);
      if (r.kind !== "plan") return [];
      const plan = parsePlan(readText(planFile(r.plan, "task_plan.md")) ?? "");
      return plan.phases.map((p) => ({ word: String(p.number), tip: `${p.title} (${p.status})` }));
    }
    default:
      return [];
  }
}

/** Run `pwf __complete`: print the candidates; always exit 0. */
export async function runComplete(argv: readonly string[], ctx: Context): Promise<number> {
  const [marked, ...before] = argv;
  if (marked === undefined || !marked.startsWith(":")) return 0;
  const { COMMANDS } = await import("./commands.ts");
  const got = completeWords(COMMANDS, before, marked.slice(1), projectLookup(ctx));
  const clean = (s: string) => s.replace(/[\t\r\n]+/g, " ");
  const line = (c: Candidate) =>
    clean(c.word) + (c.tip && c.tip !== c.word ? `\t${clean(c.tip)}` : "");
  ctx.host.stdout(got.map((c) => `${line(c)}\n`).join(""));
  return 0;
}

/**
 * `pwf catchup`: recovery after /clear or compaction. By default from the
 * plan files alone (zero access outside `.planning`); with `--metadata` or
 * `--replay`, from ONE transcript the user pipes in on stdin (`--transcript
 * -`): pwf never opens a host's session store itself.
 * @module
 */

import { printableLines } from "../core/text/display.ts";
import { renderMetadata, renderReplay, transcriptJson } from "../core/catchup/replay.ts";
import {
  catchupSummary,
  catchupSummaryJson,
  renderCatchupSummary,
} from "../core/catchup/summary.ts";
import { UsageError } from "../core/errors.ts";
import { parseTranscript, TRANSCRIPT_READ_LIMIT } from "../core/transcript/read.ts";
import { gatherCatchupInput } from "../catchup/input.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { printJson, requirePlan } from "./plan_context.ts";

/** Parsed `pwf catchup` arguments. */
export interface CatchupArgs {
  readonly mode: "summary" | "metadata" | "replay";
  readonly json: boolean;
}

const FLAGS = [
  { name: "metadata", summary: "counts only from a piped transcript (needs --transcript -)" },
  {
    name: "replay",
    summary: "the messages after the last planning-file write (needs --transcript -)",
  },
  {
    name: "transcript",
    summary: 'read the transcript from stdin; only "-" is allowed',
    value: "-",
  },
  JSON_FLAG,
];

/** Parse `pwf catchup` argv. */
export function parseCatchupArgs(argv: readonly string[]): CatchupArgs {
  const p = parseArgv("catchup", argv, FLAGS);
  maxPositionals("catchup", p, 0);
  const transcript = stringFlag(p, "transcript");
  if (transcript !== undefined && transcript !== "-") {
    throw new UsageError(
      `catchup: --transcript takes only "-" (stdin), got "${transcript}": the sandbox cannot open host session stores, pipe the file instead (pwf catchup --replay --transcript - < FILE)`,
    );
  }
  if (p.flags.metadata && p.flags.replay) {
    throw new UsageError("catchup: --metadata and --replay exclude each other; pick one");
  }
  const wanted = p.flags.metadata ? "metadata" : p.flags.replay ? "replay" : null;
  if (wanted && transcript === undefined) {
    throw new UsageError(
      `catchup: --${wanted} reads a transcript piped on stdin: add "--transcript -" (pwf catchup --${wanted} --transcript - < FILE)`,
    );
  }
  const mode = wanted ?? (transcript === "-" ? "replay" : "summary");
  return { mode, json: p.flags.json === true };
}

/** Run `pwf catchup`. */
export async function runCatchup(args: CatchupArgs, ctx: Context): Promise<number> {
  if (args.mode === "summary") {
    const { plan, why, source } = requirePlan(ctx);
    const summary = catchupSummary(gatherCatchupInput(plan, { why, source }, ctx.host.now()));
    if (args.json) printJson(ctx, catchupSummaryJson(summary));
    else ctx.host.stdout(printableLines(await renderCatchupSummary(summary)));
    return 0;
  }
  // One byte more than the limit tells a longer stdin from one of exactly 2 MiB.
  const raw = await ctx.host.readStdin(TRANSCRIPT_READ_LIMIT + 1);
  const truncated = raw.length > TRANSCRIPT_READ_LIMIT;
  const t = parseTranscript(raw.subarray(0, TRANSCRIPT_READ_LIMIT), ctx.root, truncated);
  if (args.json) printJson(ctx, transcriptJson(t, args.mode, ctx.root));
  // Text from disk and transcripts: no terminal escapes outside frames either (issue 12 item 10).
  else if (args.mode === "metadata") ctx.host.stdout(printableLines(renderMetadata(t, ctx.root)));
  else ctx.host.stdout(printableLines(await renderReplay(t, ctx.root)));
  return 0;
}

/** The `catchup` command row. */
export const catchupCommand = defineCommand({
  name: "catchup",
  summary: "recover after /clear or compaction: plan state, or a piped transcript's tail",
  usage: ["catchup [--json]", "catchup --metadata|--replay --transcript - [--json] < TRANSCRIPT"],
  flags: FLAGS,
  parse: parseCatchupArgs,
  run: runCatchup,
});

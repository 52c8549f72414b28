/**
 * `pwf use`: switch this session's plan (or `.active_plan`), show it, or
 * list the plans.
 * @module
 */

import { type PhaseProofView, proofJson, proofLines } from "../core/report/proof.ts";
import { planProof } from "../verify/proof.ts";
import { paint, table } from "../core/text/color.ts";
import { printable } from "../core/text/display.ts";
import { ContainmentError, NoPlanError, PwfError, UsageError } from "../core/errors.ts";
import { didYouMean } from "../core/text/suggest.ts";
import { modeName } from "../core/plan/mode.ts";
import { countPhases, parsePlan } from "../core/plan/parse.ts";
import { isValidPlanId } from "../core/plan/id.ts";
import { isFinished, sessionCounts } from "../core/session/binding.ts";
import { bindCliSession, listBindings, readBinding } from "../session/bindings.ts";
import { planningLoc } from "../fs/containment.ts";
import { ARCHIVE_DIR, isArchived, listArchived, listPlans } from "../plan/catalog.ts";
import {
  readActivePointer,
  readAttestation,
  readMode,
  readText,
  setActivePlan,
} from "../plan/tree.ts";
import { planFile, planRef } from "../session/plan_ref.ts";
import { maxPositionals, parseArgv, stringFlag } from "./argv.ts";
import { withEnv } from "./plan_flag.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import { commandSession, printJson, requirePlan, shown, shownText } from "./plan_context.ts";

/** Parsed `pwf use` arguments. */
export type UseArgs =
  | {
    readonly kind: "set";
    readonly id: string;
    readonly active: boolean;
    /** The session to switch (`--session`), instead of this shell's. */
    readonly session?: string;
  }
  | { readonly kind: "show"; readonly json: boolean }
  | { readonly kind: "list"; readonly json: boolean; readonly all: boolean };

const FLAGS = [
  { name: "list", summary: "list the plans in .planning: progress, open or finished, sessions" },
  { name: "all", summary: "with --list: also the archived plans" },
  {
    name: "active",
    summary: "set .planning/.active_plan even when this shell knows its session id",
  },
  {
    name: "session",
    value: "SESSION",
    summary: "switch this session's plan (the id the injected context names), not this shell's",
  },
  JSON_FLAG,
];

/** Parse `pwf use` argv. */
export function parseUseArgs(argv: readonly string[]): UseArgs {
  const p = parseArgv("use", argv, FLAGS);
  maxPositionals("use", p, 1);
  const json = p.flags.json === true;
  const id = p.positionals[0];
  if (p.flags.all && !p.flags.list) throw new UsageError(`use: "--all" goes with "--list"`);
  if (p.flags.session !== undefined && id === undefined) {
    throw new UsageError(`use: "--session" needs a plan id`);
  }
  if (p.flags.list) {
    if (id !== undefined) throw new UsageError(`use: "--list" takes no plan id`);
    return { kind: "list", json, all: p.flags.all === true };
  }
  if (id === undefined) {
    if (p.flags.active) throw new UsageError(`use: "--active" needs a plan id`);
    return { kind: "show", json };
  }
  if (!isValidPlanId(id)) {
    throw new UsageError(`use: "${id}" is not a valid plan id (see "pwf use --list")`);
  }
  if (json) throw new UsageError(`use: "--json" applies to showing or listing, not to setting`);
  const session = stringFlag(p, "session");
  if (session !== undefined && p.flags.active) {
    throw new UsageError(`use: choose one of "--session" and "--active"`);
  }
  return {
    kind: "set",
    id,
    active: p.flags.active === true,
    ...(session === undefined ? {} : { session }),
  };
}

/** Run `pwf use`. */
export async function runUse(args: UseArgs, ctx: Context): Promise<number> {
  if (args.kind === "set") {
    const here = args.session === undefined ? ctx : withEnv(ctx, "PWF_SESSION_ID", args.session);
    return await setPlan(here, args.id, args.active);
  }
  if (args.kind === "show") return showActive(ctx, args.json);
  return await listAll(ctx, args.json, args.all);
}

/**
 * Point this session (when the shell knows its id) or `.active_plan` at a
 * plan. A session switch touches that session's binding only.
 */
async function setPlan(ctx: Context, id: string, active: boolean): Promise<number> {
  const plan = planRef(ctx.root, id);
  if (readText(planFile(plan, "task_plan.md")) === null) {
    throw new NoPlanError(
      isArchived(ctx.root, id)
        ? `cannot use "${id}": it is archived; "pwf unarchive ${id}" brings it back`
        : `cannot use "${id}": .planning/${id}/task_plan.md does not exist${
          didYouMean(id, listPlans(ctx.root))
        } (see "pwf use --list")`,
    );
  }
  const session = commandSession(ctx);
  if (session !== undefined && !active) {
    bindCliSession(ctx.root, session, id, ctx.host.now());
    ctx.host.stdout(
      `Session ${session} now uses plan ${id} (.active_plan and other sessions unchanged)\n`,
    );
    return 0;
  }
  await setActivePlan(ctx.root, id);
  ctx.host.stdout(`Active plan: ${id}\n`);
  return 0;
}

function showActive(ctx: Context, json: boolean): number {
  const pin = ctx.host.env("PLAN_ID");
  if (pin !== undefined && pin !== "") {
    // A pinned plan (PLAN_ID or --plan) is the one this terminal uses: shown once it resolves.
    const { plan } = requirePlan(ctx);
    if (json) printJson(ctx, { schemaVersion: 1, pinned: plan.id });
    else ctx.host.stdout(`${plan.id}\n`);
    return 0;
  }
  const active = readActivePointer(ctx.root);
  const session = commandSession(ctx);
  const b = session === undefined ? null : readBinding(ctx.root, session);
  const bound = b?.kind === "bound" ? b.binding.plan : null;
  if (json) {
    printJson(ctx, {
      schemaVersion: 1,
      active: active && isValidPlanId(active) ? active : null,
      raw: active,
      session: session ?? null,
      bound,
    });
  } else if (bound !== null) {
    ctx.host.stdout(`${bound}\n`);
  } else if (active === null || active === "") {
    ctx.host.stdout(
      `No active plan set (${
        shown(ctx, ".planning/.active_plan")
      } is missing); "pwf resolve" shows which plan is used.\n`,
    );
  } else {
    ctx.host.stdout(`${active}\n`);
  }
  return 0;
}

/** One row of `pwf use --list`. */
interface ListRow {
  readonly id: string;
  /** The plan's `# ` heading as written ("" when it has none). */
  readonly title: string;
  readonly state: string;
  readonly active: boolean;
  readonly thisSession: boolean;
  readonly sessions: number;
  readonly done: number;
  readonly total: number;
  readonly mode: string;
  readonly attestation: string;
  /** Why a field could not be read (one line, naming the file and the fix). */
  readonly note?: string;
  /** The phases with AcceptanceCheck lines and their proof (issue 28); absent when none. */
  readonly checks?: readonly PhaseProofView[];
}

/** What a row of `pwf use --list` needs besides the plan's own files. */
interface ListMarks {
  readonly active: string | null;
  /** The plan this session is bound to, if any. */
  readonly mine: string | null;
  /** Sessions bound per plan id. */
  readonly bound: ReadonlyMap<string, number>;
}

/**
 * The row of one open or finished plan, or of one archived plan (no marks,
 * mode or attestation); null, said on stderr, when it fails containment.
 */
async function listRow(
  ctx: Context,
  id: string,
  archived: boolean,
  marks: ListMarks,
): Promise<ListRow | null> {
  const plan = planRef(ctx.root, id);
  try {
    const file = archived
      ? planningLoc(ctx.root, ARCHIVE_DIR, id, "task_plan.md")
      : planFile(plan, "task_plan.md");
    const parsed = parsePlan(readText(file) ?? "");
    const counts = countPhases(parsed);
    // A plan pwf cannot hash (over the size limit, unreadable) is listed with a note.
    const att = archived ? { state: "-", note: null } : await readAttestation(plan).then(
      (a) => ({ state: a.state as string, note: null }),
      (err) => {
        if (!(err instanceof PwfError) || err instanceof ContainmentError) throw err;
        return { state: "unchecked", note: err.message };
      },
    );
    const proofs = archived ? [] : planProof(plan, parsed);
    return {
      id,
      title: parsed.title,
      state: archived ? "archived" : isFinished(counts) ? "finished" : "open",
      active: !archived && id === marks.active,
      thisSession: !archived && id === marks.mine,
      sessions: marks.bound.get(id) ?? 0,
      done: counts.complete,
      total: counts.total,
      mode: archived ? "-" : modeName(readMode(plan)),
      attestation: att.state,
      ...(att.note !== null && { note: att.note }),
      ...(proofs.length > 0 && { checks: proofJson(proofs) }),
    };
  } catch (err) {
    // One plan failing containment must not hide the others: skip it and say why.
    if (!(err instanceof ContainmentError)) throw err;
    ctx.host.stderr(
      `pwf: use --list: skipped ${archived ? "archived " : ""}plan "${id}": ${
        shownText(ctx, err.message)
      }\n`,
    );
    return null;
  }
}

async function listAll(ctx: Context, json: boolean, all: boolean): Promise<number> {
  const active = readActivePointer(ctx.root);
  const session = commandSession(ctx);
  const { bindings } = listBindings(ctx.root);
  const mine = session === undefined
    ? null
    : bindings.find((b) => b.session === session)?.plan ?? null;
  const marks = { active, mine, bound: sessionCounts(bindings) };
  const rows: ListRow[] = [];
  for (const id of listPlans(ctx.root)) {
    const row = await listRow(ctx, id, false, marks);
    if (row) rows.push(row);
  }
  const refused: string[] = [];
  const live = new Set(rows.map((r) => r.id.toLowerCase()));
  for (const id of all ? listArchived(ctx.root, refused) : []) {
    const row = await listRow(ctx, id, true, marks);
    // An archive made before ids were kept unique may share a live plan's id: shown by its path.
    if (row) rows.push(live.has(id.toLowerCase()) ? { ...row, id: `${ARCHIVE_DIR}/${id}` } : row);
  }
  for (const why of refused) {
    ctx.host.stderr(`pwf: use --list: skipped archived plans: ${shownText(ctx, why)}\n`);
  }
  if (json) {
    printJson(ctx, {
      schemaVersion: 1,
      active: active ?? null,
      session: session ?? null,
      plans: rows,
    });
    return 0;
  }
  if (rows.length === 0) {
    // An archive that could not be listed was named on stderr: no "no plans yet" claim.
    if (refused.length > 0) return 0;
    ctx.host.stdout(
      all
        ? `No plans in .planning yet. Start one with: pwf init "<name>"\n`
        : `No plans in .planning${
          listArchived(ctx.root).length ? " (archived ones: pwf use --list --all)" : ""
        }. Start one with: pwf init "<name>"\n`,
    );
    return 0;
  }
  const c = ctx.color;
  const body = rows.map((r) => [
    r.thisSession ? paint(c, "green", ">") : r.active ? paint(c, "green", "*") : " ",
    r.active || r.thisSession ? paint(c, "bold", r.id) : r.id,
    r.state,
    `${r.done}/${r.total}`,
    r.mode,
    r.attestation === "tampered" ? paint(c, "red", r.attestation) : r.attestation,
    String(r.sessions),
    printable([...r.title].slice(0, 48).join("")),
  ]);
  const notes = rows.filter((r) => r.note !== undefined).map((r) =>
    `note: ${r.id}: ${shownText(ctx, r.note ?? "")}\n`
  );
  for (const r of rows) {
    if (r.checks) notes.push(`checks: ${r.id}: ${proofLines(r.checks).join("; ")}\n`);
  }
  ctx.host.stdout(
    table([[" ", "PLAN", "STATE", "DONE", "MODE", "ATTESTATION", "SESSIONS", "TITLE"], ...body]) +
      "* = .active_plan, > = this session's plan; SESSIONS = sessions bound to the plan\n" +
      notes.join(""),
  );
  return 0;
}

/** The `use` command row. */
export const useCommand = defineCommand({
  name: "use",
  summary: "switch this session's plan (or .active_plan), show it, or list plans (--list [--all])",
  usage: ["use [ID] [--active | --session SESSION]", "use --list [--all] [--json]"],
  flags: FLAGS,
  values: ["plan"],
  parse: parseUseArgs,
  run: runUse,
});

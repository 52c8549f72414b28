/**
 * `pwf archive [ID] [--force]` and `pwf unarchive ID`: retire a finished plan
 * to `.planning/.archive/<id>/` and bring it back, each with one directory
 * rename under the `.planning` lock (docs/storage.md "Retiring plans").
 * @module
 */

import { ExitCode, NoPlanError, PwfError, UsageError } from "../core/errors.ts";
import { countPhases, parsePlan } from "../core/plan/parse.ts";
import { idCandidates, isValidPlanId } from "../core/plan/id.ts";
import { isFinished } from "../core/session/binding.ts";
import { decodeText } from "../core/text/text.ts";
import { inspect, planningLoc } from "../fs/containment.ts";
import { makeDir, moveDir } from "../fs/dirs.ts";
import { readFile } from "../fs/read.ts";
import { removeFile } from "../fs/write.ts";
import { withLock } from "../fs/lock.ts";
import { readActivePointer } from "../plan/tree.ts";
import { ARCHIVE_DIR, archiveNameFree } from "../plan/catalog.ts";
import { maxPositionals, parseArgv } from "./argv.ts";
import { type Context, defineCommand } from "./command.ts";
import { resolveFor, shown } from "./plan_context.ts";

/** Parsed `pwf archive` arguments. */
export interface ArchiveArgs {
  /** The plan to retire (undefined: the plan this terminal resolves). */
  readonly id: string | undefined;
  readonly force: boolean;
}

const ARCHIVE_FLAGS = [{ name: "force", summary: "archive even when phases are not complete" }];

function checkId(command: string, id: string | undefined): void {
  if (id !== undefined && !isValidPlanId(id)) {
    throw new UsageError(`${command}: "${id}" is not a valid plan id (see "pwf use --list --all")`);
  }
}

/** Parse `pwf archive` argv. */
export function parseArchiveArgs(argv: readonly string[]): ArchiveArgs {
  const p = parseArgv("archive", argv, ARCHIVE_FLAGS);
  maxPositionals("archive", p, 1);
  checkId("archive", p.positionals[0]);
  return { id: p.positionals[0], force: p.flags.force === true };
}

function targetId(args: ArchiveArgs, ctx: Context): string {
  if (args.id !== undefined) return args.id;
  const r = resolveFor(ctx);
  if (r.kind !== "plan") throw new NoPlanError(r.why);
  if (r.plan.id === null) {
    throw new PwfError(
      "cannot archive the legacy root task_plan.md: pwf moves only plans inside .planning",
    );
  }
  return r.plan.id;
}

/** Run `pwf archive`: exit 3 (and nothing changed) when phases remain and there is no --force. */
export async function runArchive(args: ArchiveArgs, ctx: Context): Promise<number> {
  const id = targetId(args, ctx);
  const root = ctx.root;
  const got = readFile(planningLoc(root, id, "task_plan.md"));
  if (got.kind === "missing") {
    const archived = inspect(planningLoc(root, ARCHIVE_DIR, id)).kind === "dir";
    throw new NoPlanError(
      archived
        ? `"${id}" is already archived (.planning/${ARCHIVE_DIR}/${id}); "pwf unarchive ${id}" brings it back`
        : `cannot archive "${id}": .planning/${id}/task_plan.md does not exist (see "pwf use --list")`,
    );
  }
  const counts = countPhases(parsePlan(decodeText(got.bytes)));
  if (!isFinished(counts) && !args.force) {
    throw new PwfError(
      `not archived: "${id}" has ${counts.complete}/${counts.total} phases complete; finish them ("pwf phase N complete") or pass --force`,
      ExitCode.incomplete,
    );
  }
  let cleared = false;
  let name = id;
  await withLock(planningLoc(root), async () => {
    makeDir(planningLoc(root, ARCHIVE_DIR));
    name = archiveName(root, id);
    await moveDir(planningLoc(root, id), planningLoc(root, ARCHIVE_DIR, name));
    if (readActivePointer(root) === id) {
      removeFile(planningLoc(root, ".active_plan"));
      cleared = true;
    }
  });
  const renamed = name === id
    ? ""
    : ` (.planning/${ARCHIVE_DIR}/${id} was taken, so it is archived as ${name})`;
  ctx.host.stdout(
    `Archived ${id} -> ${shown(ctx, `.planning/${ARCHIVE_DIR}/${name}`)}${renamed}${
      cleared ? " (.active_plan named it and was removed)" : ""
    }; "pwf unarchive ${name}" brings it back\n`,
  );
  return 0;
}

/** The first free name under .archive for plan `id`: `id`, else `id-2`, `id-3`, ... */
function archiveName(root: string, id: string): string {
  const free = idCandidates(id, 1000).find((name) =>
    isValidPlanId(name) && archiveNameFree(root, name)
  );
  if (free === undefined) {
    throw new PwfError(
      `cannot archive "${id}": .planning/${ARCHIVE_DIR} already holds ${id} and 999 numbered copies`,
    );
  }
  return free;
}

/** Parsed `pwf unarchive` arguments. */
export interface UnarchiveArgs {
  readonly id: string;
}

/** Parse `pwf unarchive` argv. */
export function parseUnarchiveArgs(argv: readonly string[]): UnarchiveArgs {
  const p = parseArgv("unarchive", argv, []);
  maxPositionals("unarchive", p, 1);
  const id = p.positionals[0];
  if (id === undefined) throw new UsageError(`unarchive: which plan? (see "pwf use --list --all")`);
  checkId("unarchive", id);
  return { id };
}

/** Run `pwf unarchive`: move `.planning/.archive/<id>` back to `.planning/<id>`. */
export async function runUnarchive(args: UnarchiveArgs, ctx: Context): Promise<number> {
  const root = ctx.root;
  const { id } = args;
  if (inspect(planningLoc(root, ARCHIVE_DIR, id, "task_plan.md")).kind !== "file") {
    throw new NoPlanError(
      `cannot unarchive "${id}": .planning/${ARCHIVE_DIR}/${id}/task_plan.md does not exist (see "pwf use --list --all")`,
    );
  }
  await withLock(
    planningLoc(root),
    () => moveDir(planningLoc(root, ARCHIVE_DIR, id), planningLoc(root, id)),
  );
  ctx.host.stdout(
    `Restored ${id} -> ${shown(ctx, `.planning/${id}`)}; "pwf use ${id}" selects it\n`,
  );
  return 0;
}

/** The `archive` command row. */
export const archiveCommand = defineCommand({
  name: "archive",
  summary: "retire a finished plan to .planning/.archive/ (--force: even if unfinished)",
  usage: ["archive [ID] [--force]"],
  flags: ARCHIVE_FLAGS,
  values: ["plan"],
  parse: parseArchiveArgs,
  run: runArchive,
});

/** The `unarchive` command row. */
export const unarchiveCommand = defineCommand({
  name: "unarchive",
  summary: "bring an archived plan back from .planning/.archive/",
  usage: ["unarchive ID"],
  flags: [],
  values: ["archived"],
  parse: parseUnarchiveArgs,
  run: runUnarchive,
});

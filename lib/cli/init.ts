/**
 * `pwf init`: create a plan directory with the three files and make it active.
 * @module
 */

import { PwfError, UsageError } from "../core/errors.ts";
import { modeFileText } from "../core/plan/mode.ts";
import { idCandidates, localDate, slugify } from "../core/plan/id.ts";
import { renderPlanFiles, TEMPLATE_NAMES, type TemplateName } from "../core/plan/templates.ts";
import { labelsFor, type Lang, LANGS } from "../core/plan/labels.ts";
import { inspect, planningLoc } from "../fs/containment.ts";
import { bindCliSession } from "../session/bindings.ts";
import { listDir, removeEmptyDir } from "../fs/dirs.ts";
import { removeFile, writeFile } from "../fs/write.ts";
import { createPlanDir, resetGate, setActivePlan } from "../plan/tree.ts";
import { PLAN_FILES } from "../fs/paths.ts";
import { planRef } from "../session/plan_ref.ts";
import { parseArgv, stringFlag } from "./argv.ts";
import { archiveNameFree } from "../plan/catalog.ts";
import { type Context, defineCommand, JSON_FLAG } from "./command.ts";
import {
  commandSession,
  planningDir,
  printJson,
  shown,
  shownFile,
  shownText,
} from "./plan_context.ts";

/** Parsed `pwf init` arguments. */
export interface InitArgs {
  readonly name: string;
  readonly template: TemplateName;
  readonly mode: "interactive" | "autonomous" | "gated";
  /** `--lang`, or null: then PWF_LANG, else English. */
  readonly lang: Lang | null;
  readonly json: boolean;
  /** Start a separate `.planning` in this directory although an ancestor holds one. */
  readonly nested: boolean;
}

const FLAGS = [
  {
    name: "template",
    value: "NAME",
    choices: TEMPLATE_NAMES,
    summary: "plan template: default, analytics or autonomous",
  },
  {
    name: "autonomous",
    summary: "autonomous mode: ledger summary in context, attestation required",
  },
  { name: "gated", summary: "autonomous mode plus the completion gate on Stop" },
  {
    name: "lang",
    value: "CODE",
    choices: LANGS,
    summary: "write the plan in this language (default: PWF_LANG, else en)",
  },
  {
    name: "nested",
    summary: "start a separate .planning here although a parent directory has one",
  },
  JSON_FLAG,
] as const;

/** Parse `pwf init` argv. */
export function parseInitArgs(argv: readonly string[]): InitArgs {
  const p = parseArgv("init", argv, FLAGS);
  if (p.flags.autonomous && p.flags.gated) {
    throw new UsageError(`init: choose one of "--autonomous" and "--gated"`);
  }
  const mode = p.flags.gated ? "gated" : p.flags.autonomous ? "autonomous" : "interactive";
  const given = stringFlag(p, "template");
  const template = (given ?? (mode === "interactive" ? "default" : "autonomous")) as TemplateName;
  const lang = (stringFlag(p, "lang") ?? null) as Lang | null;
  if (lang !== null && lang !== "en" && given !== undefined && given !== "default") {
    throw new UsageError(
      `init: "--template ${given}" is English only; drop it or use "--lang en"`,
    );
  }
  return {
    name: oneLineTitle(p.positionals.join(" ")),
    template,
    mode,
    lang,
    json: p.flags.json === true,
    nested: p.flags.nested === true,
  };
}

/**
 * The plan title as one line of plain text: line terminators of every kind
 * (lib/core/text/lines.ts) and other control characters become spaces, so a title
 * cannot add headings or phases to the plan, nor escape sequences to a
 * terminal that shows it.
 */
function oneLineTitle(name: string): string {
  // deno-lint-ignore no-control-regex
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ")
    .trim();
}

function randomHex(n: number): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(n)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("").slice(0, n * 2);
}

/** Candidates no archived plan uses (ids stay unique across live and archived plans: issue 24). */
function freeOfArchive(root: string, candidates: readonly string[]): string[] {
  return candidates.filter((id) => {
    try {
      return archiveNameFree(root, id);
    } catch {
      return true; // an archive pwf cannot read holds no id it could restore
    }
  });
}

/** The language of a new plan: `--lang`, else a valid PWF_LANG, else English. */
function planLang(args: InitArgs, ctx: Context): Lang {
  if (args.lang !== null) return args.lang;
  const env = ctx.host.env("PWF_LANG");
  if (env === undefined || env === "") return "en";
  const labels = labelsFor(env);
  if (!labels) {
    throw new UsageError(
      `init: PWF_LANG="${env}" is not a language pwf writes (${LANGS.join(", ")}); ` +
        `set one of those or unset it`,
    );
  }
  return labels.lang;
}

/** Run `pwf init`. */
export async function runInit(args: InitArgs, given: Context): Promise<number> {
  const ctx = initContext(args, given);
  const lang = planLang(args, ctx);
  const date = localDate(ctx.host.now());
  const slug = args.name ? slugify(args.name) : `untitled-${randomHex(3)}`;
  const hadPlanning = inspect(planningLoc(ctx.root)).kind === "dir";
  let id: string | null = null;
  try {
    id = createPlanDir(ctx.root, freeOfArchive(ctx.root, idCandidates(`${date}-${slug}`, 100)));
    return await initPlanFiles({ ...args, lang }, ctx, id, date);
  } catch (err) {
    // A failed init (a full disk) leaves the tree as it was: no empty plan directory.
    rollBack(ctx.root, id, hadPlanning);
    throw err;
  }
}

/**
 * Where init creates the plan: the `.planning` in use when it is the start
 * directory's own (or there is none yet); below an ancestor's `.planning`
 * only with `--nested` (a second plan tree there, in this directory), else
 * refused, naming both ways.
 */
function initContext(args: InitArgs, ctx: Context): Context {
  const place = ctx.planning;
  if (place.levelsUp === 0) return ctx;
  if (args.nested) {
    return { ...ctx, root: place.start, planning: { ...place, root: place.start, levelsUp: 0 } };
  }
  throw new UsageError(
    `init refused: "${planningDir(ctx)}" already holds this project's plans; run "pwf init" ` +
      `in "${shown(ctx, place.root)}" to add a plan there, or "pwf init --nested" to start ` +
      `a separate .planning here`,
  );
}

/** Remove what a failed init created: the plan directory's files and it; `.planning` if it was new. */
function rollBack(root: string, id: string | null, hadPlanning: boolean): void {
  try {
    if (id !== null) {
      for (const e of listDir(planningLoc(root, id))) {
        if (e.isFile) removeFile(planningLoc(root, id, e.name));
      }
      removeEmptyDir(planningLoc(root, id));
    }
    if (!hadPlanning) {
      for (const name of [".gitignore", ".active_plan"]) removeFile(planningLoc(root, name));
      removeEmptyDir(planningLoc(root));
    }
  } catch { /* best effort: the original error is what the user needs */ }
}

async function initPlanFiles(
  args: InitArgs & { readonly lang: Lang },
  ctx: Context,
  id: string,
  date: string,
): Promise<number> {
  const files = renderPlanFiles({
    template: args.template,
    name: args.name,
    date,
    mode: args.mode,
    lang: args.lang,
  });
  for (const name of PLAN_FILES) {
    writeFile(planningLoc(ctx.root, id, name), files[name], { createOnly: true });
  }
  const plan = planRef(ctx.root, id);
  const modeText = modeFileText(args.mode);
  // Not attested here: the template is a placeholder the user fills in first, and attesting it
  // would make that edit a tamper (issue 24). The printed next steps end with "pwf attest".
  if (modeText !== null) {
    writeFile(planningLoc(ctx.root, id, ".mode"), modeText);
    resetGate(plan);
  }
  await setActivePlan(ctx.root, id);
  // A plan made inside a session becomes that session's plan (its id from the environment).
  // Best effort: the plan exists either way; a binding that cannot be written is said on stderr.
  const session = commandSession(ctx);
  let bound = false;
  if (session !== undefined) {
    try {
      bindCliSession(ctx.root, session, id, ctx.host.now());
      bound = true;
    } catch (err) {
      if (!(err instanceof PwfError)) throw err;
      ctx.host.stderr(
        `pwf: init: session ${session} not bound to ${id}: ${shownText(ctx, err.message)}\n`,
      );
    }
  }
  if (args.json) {
    printJson(ctx, {
      schemaVersion: 1,
      id,
      dir: plan.display,
      mode: args.mode,
      template: args.lang === "en" ? args.template : "default",
      lang: args.lang,
      attestation: null,
    });
    return 0;
  }
  const lines = [
    `Created plan ${id}`,
    ...PLAN_FILES.map((name) => `  ${shownFile(ctx, plan, name)}`),
    `Active plan: ${id} (${shown(ctx, ".planning/.active_plan")})`,
  ];
  if (bound) lines.push(`Session ${session} now uses it`);
  const file = shownFile(ctx, plan, "task_plan.md");
  if (modeText !== null) {
    lines.push(
      `Mode: ${args.mode} (not attested yet: hooks inject nothing until you approve the plan)`,
      `Next: fill in the Goal and the phases in ${file}, then run "pwf attest" to approve it, then "pwf status".`,
    );
  } else {
    lines.push(`Next: fill in the Goal in ${file}, then "pwf status".`);
  }
  lines.push(`Name this plan in any command with --plan ${id} (e.g. "pwf status --plan ${id}").`);
  ctx.host.stdout(lines.join("\n") + "\n");
  return 0;
}

/** The `init` command row. */
export const initCommand = defineCommand({
  name: "init",
  summary: "create a plan in .planning/<date>-<slug>/ and make it active",
  usage: [
    "init [NAME...] [--template default|analytics|autonomous] [--autonomous|--gated] [--lang CODE]",
  ],
  flags: FLAGS,
  parse: parseInitArgs,
  run: runInit,
});

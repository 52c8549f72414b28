/**
 * `pwf hook <host> <event>`: the entry point every hook registration calls.
 * Reads the payload, runs the event's core operation, answers in the host's
 * format, records a receipt. Always exits 0; problems go to stderr.
 * @module
 */

import { displayPathsIn } from "../core/text/display.ts";
import { didYouMean } from "../core/text/suggest.ts";
import { cutFramed, reframe } from "../core/inject/framing.ts";
import { PREFIX, type Tier } from "../core/inject/compose.ts";
import { leftProjectLine } from "../core/plan/planning_root.ts";
import { leftProject } from "./planning_place.ts";
import {
  findEvent,
  findHost,
  HOOK_STDIN,
  type HostEvent,
  HOSTS,
  type HostSpec,
  isPlanningPath,
  type OpResult,
  parsePayload,
  type Payload,
  sessionIdFor,
  STDIN_CAP,
  stringField,
} from "../hosts/mod.ts";
import { evaluateGate } from "../gate/evaluate.ts";
import { appendLedger } from "../ledger/store.ts";
import { HOOK_WAIT_MS } from "../fs/lock.ts";
import { fireInjection, injectBudget, markCompaction, scopeOf, startTurn } from "../inject/fire.ts";
import { appendReceipt } from "../inject/receipts.ts";
import { type SessionScope } from "../session/plan_ref.ts";
import { resolvePlan } from "../session/resolve.ts";
import { recordEdit, recordShellRun } from "../verify/hook.ts";
import { type Context, defineCommand } from "./command.ts";
import { isoTimestamp } from "../core/text/timestamp.ts";

/** Parsed `pwf hook` arguments (validated at run time: a hook never fails on argv). */
export interface HookArgs {
  readonly host: string;
  readonly event: string;
}

/** Parse `pwf hook` argv; lenient, because a hook must never fail its host. */
export function parseHookArgs(argv: readonly string[]): HookArgs {
  return { host: argv[0] ?? "", event: argv[1] ?? "" };
}

interface Done {
  readonly result: OpResult;
  readonly outcome: string;
  readonly planId: string | null;
}

const NOTHING: OpResult = { context: "", block: null };

/** Gate conditions worth a line on stderr when the stop is allowed. */
const NOTABLE_ALLOW: ReadonlySet<string> = new Set(["cap", "stall", "state-unreadable", "error"]);

/** The host process a hook runs under (`<host>:<pid>`), when the host says (its spec's `processEnv`). */
function processToken(
  spec: HostSpec,
  env: (name: string) => string | undefined,
): string | undefined {
  const pid = spec.processEnv === undefined ? undefined : env(spec.processEnv);
  return pid !== undefined && /^[0-9]{1,10}$/.test(pid) ? `${spec.name}:${pid}` : undefined;
}

async function perform(
  spec: HostSpec,
  event: HostEvent,
  payload: Payload,
  ctx: Context,
): Promise<Done> {
  const env = (n: string) => ctx.host.env(n);
  const sessionId = sessionIdFor(payload, spec.sessionIdKeys, env);
  const now = ctx.host.now();
  const proc = processToken(spec, env);
  const opts = {
    root: ctx.root,
    env,
    sessionId,
    bindHost: spec.name,
    proc,
    startSource: stringField(payload, "source") || undefined,
    now,
    maxChars: spec.maxContext,
  };
  const scope = scopeOf(opts);
  switch (event.op) {
    case "stop": {
      const g = await evaluateGate({
        root: ctx.root,
        env,
        payload: spec.stopPayload?.(payload) ?? payload,
        hostLimit: spec.gateLimit ?? null,
        session: scope,
      });
      // Say why only when the gate itself let go (cap, stall, unreadable state, error);
      // an ungated or finished plan stops silently (Gemini parses stderr when stdout is empty).
      if (g.decision === "allow" && NOTABLE_ALLOW.has(g.condition)) {
        ctx.host.stderr(`${g.reason}\n`);
      }
      return {
        result: { context: "", block: g.decision === "block" ? g.reason : null },
        outcome: g.decision === "block" ? "blocked" : `allowed:${g.condition}`,
        planId: null,
      };
    }
    case "error":
      return await recordError(spec, payload, ctx, scope);
    case "turn":
      startTurn(opts);
      return { result: NOTHING, outcome: "turn", planId: null };
    case "postcompact":
      markCompaction(opts);
      return { result: NOTHING, outcome: "compaction-marked", planId: null };
    case "noop":
      return { result: NOTHING, outcome: "noop", planId: null };
    default: {
      // A host-reported shell run is a receipt or nothing (never a nudge); an edit is marked first.
      const call = event.op === "posttool" ? spec.toolCall?.(event.name, payload) ?? null : null;
      if (call) {
        const where = { ...opts, scope, host: spec.name, session: sessionId ?? "" };
        if (call.kind === "shell") {
          const r = await recordShellRun(where, call);
          return { result: NOTHING, outcome: `shell-${r.outcome}`, planId: r.planId };
        }
        if (!isPlanningPath(call.path)) await recordEdit(where);
      }
      // Nothing for silent fires: a host that drops this event's context gets nothing
      // computed (only side-effect-free tiers; a prompt still starts a new turn).
      if (SIDE_EFFECT_FREE.has(event.op) && event.dropsContext === true) {
        return { result: NOTHING, outcome: "silent", planId: null };
      }
      const away = leftProjectNotice(event.op, ctx);
      if (away !== null) return away;
      const fire = await fireInjection(event.op as Tier, opts);
      // A host that rewrites context (Gemini escapes < and >) gets it rewritten here,
      // frames rebuilt so they verify as the model receives them, still within budget.
      const context = spec.contextEscape && fire.text
        ? cutFramed(
          await reframe(fire.text, spec.contextEscape),
          injectBudget(env, spec.maxContext),
        )
        : fire.text;
      return {
        result: { context, block: null },
        outcome: fire.outcome,
        planId: fire.planId,
      };
    }
  }
}

/** Tiers that say, in one line, that the hook ran where pwf cannot see the project's plan. */
const AWAY_TIERS: ReadonlySet<string> = new Set(["session-start", "userprompt"]);

/**
 * The hook started outside the project root its host names (or too deep
 * below it): no plan is visible, and the prompt tiers say so with the way
 * back; the other tiers stay silent (lib/cli/planning_place.ts).
 */
function leftProjectNotice(op: string, ctx: Context): Done | null {
  const place = ctx.planning;
  if (!leftProject(place) || place.projectRoot === undefined) return null;
  if (!AWAY_TIERS.has(op)) return { result: NOTHING, outcome: "left-project", planId: null };
  const context = leftProjectLine(PREFIX, place.start, place.projectRoot);
  return { result: { context, block: null }, outcome: "left-project", planId: null };
}

/** Tiers whose fire changes nothing on disk when it injects nothing (receipts aside). */
const SIDE_EFFECT_FREE: ReadonlySet<string> = new Set(["pretool", "posttool", "precompact"]);

async function recordError(
  spec: HostSpec,
  payload: Payload,
  ctx: Context,
  scope: SessionScope | undefined,
): Promise<Done> {
  const r = resolvePlan(ctx.root, (n) => ctx.host.env(n), scope);
  if (r.kind !== "plan" || r.plan.legacy) {
    return { result: NOTHING, outcome: "no-plan", planId: null };
  }
  const err = payload.error;
  const message = err && typeof err === "object"
    ? stringField(err as Payload, "message")
    : stringField(payload, "error");
  await appendLedger(r.plan, {
    event: "error",
    summary: message || "the host reported an error",
    agent: spec.name,
    phase: "",
    files: [],
    now: ctx.host.now(),
  }, { waitMs: HOOK_WAIT_MS });
  return { result: NOTHING, outcome: "error-recorded", planId: r.plan.id };
}

/** Run `pwf hook`: 0 (or the host's own code for a block); stdout is exactly what the host expects. */
export async function runHook(args: HookArgs, ctx: Context): Promise<number> {
  const spec = findHost(args.host);
  if (!spec) {
    ctx.host.stderr(
      `pwf: hook: unknown host "${args.host}"${
        didYouMean(args.host, HOSTS.map((h) => h.name))
      } (known: ${HOSTS.map((h) => h.name).join(", ")}); nothing done (see "pwf help hook")\n`,
    );
    return 0;
  }
  const event = findEvent(spec, args.event);
  if (!event) {
    ctx.host.stderr(
      `pwf: hook: unknown ${spec.name} event "${args.event}"${
        didYouMean(args.event, spec.events.map((e) => e.name))
      } (known: ${
        spec.events.map((e) => e.name).join(", ")
      }); nothing done (see "pwf hooks print ${spec.name}")\n`,
    );
    return 0;
  }
  const started = ctx.host.now().getTime();
  let done: Done = { result: NOTHING, outcome: "error", planId: null };
  try {
    done = await perform(
      spec,
      event,
      parsePayload(await ctx.host.readStdin(STDIN_CAP, HOOK_STDIN)),
      ctx,
    );
  } catch (err) {
    ctx.host.stderr(
      `pwf: hook ${spec.name} ${event.name} failed: ${
        displayPathsIn(ctx.host.os, err instanceof Error ? err.message : String(err), ctx.root)
      }; nothing injected\n`,
    );
  }
  ctx.host.stdout(spec.respond(event, done.result));
  appendReceipt(ctx.root, {
    t: isoTimestamp(ctx.host.now().getTime()),
    host: spec.name,
    event: event.name,
    plan: done.planId,
    outcome: done.outcome,
    ms: ctx.host.now().getTime() - started,
  });
  // 0 unless the host's contract needs another code to act on the answer (Mastra Code: 2 to block).
  return spec.exitCode?.(event, done.result) ?? 0;
}

/** The `hook` command row. */
export const hookCommand = defineCommand({
  name: "hook",
  summary: "the entry point hook registrations call (always exits 0)",
  usage: ["hook <host> <event>"],
  flags: [],
  words: HOSTS.map((h) => h.name),
  values: ["host", "event"],
  parse: parseHookArgs,
  run: runHook,
});

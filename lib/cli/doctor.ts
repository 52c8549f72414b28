/**
 * `pwf doctor`: self-diagnosis. Sandbox, plan resolution, lint, attestation
 * and mode, gate counters, cache, hook receipts and tier timings, as
 * `PASS|WARN|FAIL  <check>: <detail>` lines; exit 1 on any FAIL.
 * @module
 */

import { proofLines } from "../core/report/proof.ts";
import { planProof } from "../verify/proof.ts";
import { printableLines } from "../core/text/display.ts";
import { attestationLabel } from "../core/plan/attestation.ts";
import { PwfError } from "../core/errors.ts";
import {
  type DoctorCheck,
  doctorFailed,
  hostCoverageChecks,
  receiptChecks,
  registrationsCheck,
  renderDoctor,
} from "../core/report/doctor.ts";
import { gateCap } from "../core/gate/rule.ts";
import {
  composePosttool,
  composePrecompact,
  composePretool,
  composeUserprompt,
} from "../core/inject/compose.ts";
import { findingLine, lintCounts, lintPlan } from "../core/plan/lint.ts";
import { modeName } from "../core/plan/mode.ts";
import { READ_PATHS, WRITE_PATHS } from "../core/permissions.ts";
import { cacheName, readCache, removeCache, writeCache } from "../fs/cache.ts";
import { identityStrength, inspect, planningLoc } from "../fs/containment.ts";
import { foreignEntries } from "../plan/catalog.ts";
import { readGateState } from "../gate/state.ts";
import { composeSessionStart, gatherState } from "../inject/fire.ts";
import { HOSTS } from "../hosts/table.ts";
import { readReceipts } from "../inject/receipts.ts";
import type { PlanRef } from "../session/plan_ref.ts";
import { type Context, defineCommand, JSON_FLAG, parseJsonOnly } from "./command.ts";
import { versionLine } from "./version.ts";
import { overviewLine } from "../core/session/binding.ts";
import { planOverview } from "../session/overview.ts";
import {
  commandSession,
  printJson,
  resolveFor,
  shown,
  shownFile,
  shownText,
} from "./plan_context.ts";

/** Parsed `pwf doctor` arguments. */
export interface DoctorArgs {
  readonly json: boolean;
}

/** Parse `pwf doctor` argv. */
export function parseDoctorArgs(argv: readonly string[]): DoctorArgs {
  return parseJsonOnly("doctor", argv);
}

function query(desc: Deno.PermissionDescriptor): string {
  try {
    return Deno.permissions.querySync(desc).state;
  } catch {
    return "unknown";
  }
}

/**
 * What the path-swap re-checks can tell directories apart by here
 * (docs/security.md): a filesystem without inode numbers is said, not hidden.
 */
function identityCheck(root: string): DoctorCheck[] {
  const by = identityStrength(root);
  if (by === "missing") return [];
  const name = "containment";
  if (by === "inode") {
    return [{
      status: "PASS",
      name,
      detail:
        "this filesystem gives every file an id, so pwf notices a folder swapped for another while it works",
    }];
  }
  return [{
    status: "WARN",
    name,
    detail: by === "birthtime"
      ? "this filesystem gives files no id: pwf tells a folder swapped for another apart by its creation time only (see docs/security.md, Windows residual)"
      : "this filesystem gives files neither an id nor a creation time: pwf cannot notice a folder swapped for another, it only refuses links (see docs/security.md, Windows residual)",
  }];
}

function sandboxCheck(): DoctorCheck {
  const read = query({ name: "read", path: READ_PATHS[0] ?? ".planning" });
  const write = query({ name: "write", path: WRITE_PATHS[0] ?? ".planning" });
  const wide = (["net", "run", "ffi", "sys"] as const).filter((n) =>
    query({ name: n }) === "granted"
  );
  const outside = query({ name: "read", path: "/" }) === "granted"
    ? ["read outside .planning"]
    : [];
  if (read !== "granted" || write !== "granted") {
    return {
      status: "FAIL",
      name: "sandbox",
      detail: `read .planning ${read}, write .planning ${write}: pwf cannot work`,
    };
  }
  if (wide.length || outside.length) {
    return {
      status: "FAIL",
      name: "sandbox",
      detail: `wider than intended: ${
        [...wide, ...outside].join(", ")
      } granted (run the released binary, "deno task pwf" or the launcher "deno task install" writes)`,
    };
  }
  return {
    status: "PASS",
    name: "sandbox",
    detail: "read/write .planning granted; network, subprocesses, FFI and system info not granted",
  };
}

function cacheCheck(ctx: Context): DoctorCheck {
  const root = ctx.root;
  const cache = shown(ctx, ".planning/.cache");
  if (inspect(planningLoc(root)).kind !== "dir") {
    return {
      status: "WARN",
      name: "cache",
      detail: 'no .planning directory yet ("pwf init" creates it)',
    };
  }
  const probe = cacheName("doctor-probe");
  const ok = writeCache(root, probe, "ok\n") && readCache(root, probe) === "ok\n";
  removeCache(root, probe);
  return ok ? { status: "PASS", name: "cache", detail: `${cache} is writable` } : {
    status: "WARN",
    name: "cache",
    detail: `${cache} is not writable: hook receipts, posttool and regression markers are off`,
  };
}

async function planChecks(plan: PlanRef, why: string, ctx: Context): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [{
    status: "PASS",
    name: "plan",
    detail: `${shown(ctx, plan.display)} (${shownText(ctx, why)})`,
  }];
  const env = (n: string) => ctx.host.env(n);
  const s = await gatherState(plan, env);
  if (!s) {
    return [{
      status: "FAIL",
      name: "plan",
      detail: `${shownFile(ctx, plan, "task_plan.md")} is missing`,
    }];
  }
  const findings = lintPlan(s.plan);
  const n = lintCounts(findings);
  // The first finding of the line's own severity: a FAIL line never quotes a warning.
  const lead = findings.find((f) => f.severity === (n.errors ? "ERROR" : "WARN"));
  const first = lead ? `; first: ${findingLine(lead)}` : "";
  out.push({
    status: n.errors ? "FAIL" : n.warnings ? "WARN" : "PASS",
    name: "lint",
    detail: `${n.errors} error(s), ${n.warnings} warning(s)${first}${
      findings.length ? ' (run "pwf lint")' : ""
    }`,
  });
  const a = s.attestation;
  const needs = s.mode.autonomous && a.state === "none";
  out.push({
    status: a.state === "tampered" || a.state === "invalid" || needs ? "FAIL" : "PASS",
    name: "attestation",
    detail: `${modeName(s.mode)} mode, ${attestationLabel(a)}${
      needs || a.state === "tampered" ? ': injection is refused until "pwf attest"' : ""
    }`,
  });
  const proofs = planProof(plan, s.plan);
  if (proofs.length > 0) {
    // Verified completion (issue 28): a phase complete without fresh passing evidence is a claim.
    const claimed = proofs.some((p) => p.proof === "claimed");
    out.push({
      status: claimed ? "WARN" : "PASS",
      name: "checks",
      detail: proofLines(proofs).join("; "),
    });
  }
  if (s.mode.gate && !plan.legacy) {
    const g = readGateState(plan);
    const cap = gateCap(env("PWF_GATE_CAP"), null);
    const hosts = hostCaps(env("PWF_GATE_CAP"));
    out.push({
      status: g.problem ? "WARN" : "PASS",
      name: "gate",
      detail: `${g.counters.blocks} consecutive block(s), cap ${cap}${hosts ? ` (${hosts})` : ""}${
        g.problem ? `; ${g.problem}` : ""
      }`,
    });
  } else {
    out.push({ status: "PASS", name: "gate", detail: "not armed (the plan is not in gated mode)" });
  }
  const timings: string[] = [];
  for (
    const [tier, run] of [
      ["userprompt", () => composeUserprompt(s)],
      ["pretool", () => composePretool(s)],
      ["precompact", () => Promise.resolve(composePrecompact(s))],
      ["posttool", () => Promise.resolve(composePosttool(s))],
      ["session-start", () => composeSessionStart(plan, { why }, ctx.host.now(), s, s.budget)],
    ] as const
  ) {
    const t0 = performance.now();
    await run();
    timings.push(`${tier} ${(performance.now() - t0).toFixed(1)} ms`);
  }
  out.push({
    status: "PASS",
    name: "timing",
    detail: `time to build each hook's text, without starting pwf: ${timings.join(", ")}`,
  });
  return out;
}

/** The cap for each host with its own Stop-block limit (the host table's `gateLimit`), hosts of one cap together. */
function hostCaps(envCap: string | undefined): string {
  const byCap = new Map<number, string[]>();
  for (const h of HOSTS) {
    if (h.gateLimit === undefined) continue;
    const cap = gateCap(envCap, h.gateLimit);
    byCap.set(cap, [...byCap.get(cap) ?? [], h.title]);
  }
  return [...byCap].map(([cap, titles]) => `${titles.join("/")}: ${cap}`).join(", ");
}

/** Which plans are open, which sessions are bound to which plan, unusable binding files. */
function sessionsCheck(ctx: Context): DoctorCheck {
  const o = planOverview(ctx.root);
  const session = commandSession(ctx);
  const mine = session ? ` (this shell: session ${session})` : "";
  if (o.badBindings === 0) {
    return { status: "PASS", name: "sessions", detail: overviewLine(o) + mine };
  }
  // A FAIL line quotes a refused binding first, never a merely unreadable one.
  const first = o.bad.find((b) => b.why.startsWith("refused")) ?? o.bad[0];
  const refused = first?.why.startsWith("refused") === true;
  return {
    status: refused ? "FAIL" : "WARN",
    name: "sessions",
    detail: `${overviewLine(o)}${mine}; ${o.badBindings} unusable binding file(s) ignored, first: ${
      shown(ctx, first?.file ?? "")
    }: ${shownText(ctx, first?.why ?? "")} (delete it; the session binds again on its next fire)`,
  };
}

/** Run one group of checks; a refusal or I/O error becomes a FAIL line, not an aborted doctor. */
async function guarded(
  ctx: Context,
  name: string,
  run: () => DoctorCheck[] | Promise<DoctorCheck[]>,
): Promise<DoctorCheck[]> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof PwfError)) throw err;
    return [{ status: "FAIL", name, detail: shownText(ctx, err.message) }];
  }
}

/** Run `pwf doctor`. */
export async function runDoctor(args: DoctorArgs, ctx: Context): Promise<number> {
  const checks: DoctorCheck[] = [
    { status: "PASS", name: "version", detail: versionLine() },
    sandboxCheck(),
    ...await guarded(ctx, "containment", () => identityCheck(ctx.root)),
  ];
  const r = resolveFor(ctx);
  if (r.kind === "plan") {
    checks.push(...await guarded(ctx, "plan", () => planChecks(r.plan, r.why, ctx)));
  } else {checks.push({
      // Two or more open plans with nothing chosen is a choice to make, not a fault.
      status: r.kind === "refused" && !r.choices ? "FAIL" : "WARN",
      name: "plan",
      detail: shownText(ctx, r.why),
    });}
  checks.push(...await guarded(ctx, "sessions", () => [sessionsCheck(ctx)]));
  checks.push(...await guarded(ctx, "shared", () => sharedCheck(ctx)));
  checks.push(...await guarded(ctx, "cache", () => [cacheCheck(ctx)]));
  checks.push(
    ...await guarded(ctx, "hooks", () => {
      const receipts = readReceipts(
        ctx.root,
        HOSTS.flatMap((h) => h.events.map((e) => ({ host: h.name, event: e.name }))),
      );
      return [
        ...registrationsCheck(receipts, registeredHosts()),
        ...receiptChecks(receipts, ctx.host.now()),
        ...hostCoverageChecks(receipts, registeredHosts()),
      ];
    }),
  );
  if (args.json) printJson(ctx, { schemaVersion: 1, ok: !doctorFailed(checks), checks });
  // Receipt fields and plan text come from disk: no terminal escapes (issue 12 item 10).
  else ctx.host.stdout(renderDoctor(checks.map(printableCheck), ctx.color));
  return doctorFailed(checks) ? 1 : 0;
}

/** What else .planning holds (another tool's files): named, never touched. */
function sharedCheck(ctx: Context): DoctorCheck[] {
  if (inspect(planningLoc(ctx.root)).kind !== "dir") return [];
  const others = foreignEntries(ctx.root);
  if (others.length === 0) return [];
  const shownNames = others.slice(0, 8).join(", ") +
    (others.length > 8 ? ` and ${others.length - 8} more` : "");
  return [{
    status: "PASS",
    name: "shared",
    detail: `.planning also holds ${shownNames}: not pwf plans (another tool's?), left alone`,
  }];
}

/** A check without terminal escapes (receipt fields and plan text come from disk, names too). */
function printableCheck(c: DoctorCheck): DoctorCheck {
  return { ...c, name: printableLines(c.name), detail: printableLines(c.detail) };
}

/** Every host of the table with its registered events, for the coverage check. */
function registeredHosts() {
  return HOSTS.map((h) => ({
    name: h.name,
    events: h.events.map((e) => e.name),
    startEvent: h.events.find((e) => e.op === "session-start")?.name ?? null,
  }));
}

/** The `doctor` command row. */
export const doctorCommand = defineCommand({
  name: "doctor",
  summary: "self-diagnosis: sandbox, plan, lint, attestation, gate, cache, hook receipts, timings",
  usage: ["doctor [--json]"],
  flags: [JSON_FLAG],
  parse: parseDoctorArgs,
  run: runDoctor,
});

/**
 * `pwf doctor` as data: each check is a status, a name and a detail; the
 * renderers turn the list into `PASS|WARN|FAIL  <check>: <detail>` lines or
 * JSON. The hook-receipt summary is computed here too.
 * @module
 */

import { formatAge } from "../catchup/summary.ts";
import { type ColorName, paint } from "../text/color.ts";
import { formatDuration, formatUtc } from "../text/display.ts";

/** A check's verdict. */
export type Verdict = "PASS" | "WARN" | "FAIL";

/** One doctor check. */
export interface DoctorCheck {
  readonly status: Verdict;
  readonly name: string;
  readonly detail: string;
}

const VERDICT_COLOR: Readonly<Record<Verdict, ColorName>> = {
  PASS: "green",
  WARN: "yellow",
  FAIL: "red",
};

/**
 * Render checks as lines, the verdict coloured when `color` (a terminal without NO_COLOR).
 * @example
 * ```ts
 * import { renderDoctor } from "./doctor.ts";
 * if (renderDoctor([{ status: "PASS", name: "plan", detail: "p" }]) !== "PASS  plan: p\n") throw new Error();
 * ```
 */
export function renderDoctor(checks: readonly DoctorCheck[], color = false): string {
  return checks.map((c) =>
    `${paint(color, VERDICT_COLOR[c.status], c.status)}  ${c.name}: ${c.detail}\n`
  ).join("");
}

/** Whether any check failed (exit 1). */
export function doctorFailed(checks: readonly DoctorCheck[]): boolean {
  return checks.some((c) => c.status === "FAIL");
}

/** A hook receipt as the doctor reads it. */
export interface ReceiptView {
  readonly t: string;
  readonly host: string;
  readonly event: string;
  readonly outcome: string;
  readonly ms: number;
}

/**
 * When a receipt's fire was, for people: how long ago and the time in UTC
 * (`5 minutes ago (2026-12-01 11:20:05 UTC)`); `at an unknown time` for an
 * unreadable stamp.
 * @example
 * ```ts
 * import { firedAt } from "./doctor.ts";
 * const at = firedAt("2026-12-01T11:20:05.120Z", new Date(Date.UTC(2026, 11, 1, 11, 25, 30)));
 * if (at !== "5 minutes ago (2026-12-01 11:20:05 UTC)") throw new Error(at);
 * ```
 */
export function firedAt(t: string, now: Date): string {
  const ms = Date.parse(t);
  if (!Number.isFinite(ms)) return "at an unknown time";
  return `${formatAge(now.getTime() - ms)} (${formatUtc(new Date(ms))})`;
}

/**
 * One check per host event that has fired: the latest receipt's time (UTC)
 * and age, outcome and duration (`12 ms`, `1.5 s`); a WARN saying how to
 * register hooks when none has fired. The same text on every OS
 * (docs/windows.md "Printed paths and timings").
 * @example
 * ```ts
 * import { receiptChecks } from "./doctor.ts";
 * const [c] = receiptChecks([], new Date(0));
 * if (c?.status !== "WARN" || !c.detail.includes("pwf hooks print")) throw new Error();
 * ```
 */
export function receiptChecks(receipts: readonly ReceiptView[], now: Date): DoctorCheck[] {
  if (receipts.length === 0) {
    return [{
      status: "WARN",
      name: "hooks",
      detail:
        'no hook has fired yet in this project: register them with "pwf hooks print <host>" (see the README\'s Hosts section), then start a session',
    }];
  }
  const latest = new Map<string, ReceiptView>();
  for (const r of receipts) {
    const key = `${r.host} ${r.event}`;
    const seen = latest.get(key);
    if (!seen || seen.t <= r.t) latest.set(key, r);
  }
  return [...latest.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([key, r]) => {
    const count = receipts.filter((x) => `${x.host} ${x.event}` === key).length;
    return {
      status: r.outcome === "error" ? "WARN" : "PASS",
      name: `hook ${key}`,
      detail: `last fired ${firedAt(r.t, now)}: ${r.outcome} in ${
        formatDuration(r.ms)
      } (${count} recent fire${count === 1 ? "" : "s"} kept)`,
    };
  });
}

/**
 * Which hosts' registrations pwf has found: the hosts whose hooks have fired
 * here (the sandbox keeps pwf out of the hosts' settings files), with how
 * many of their events; nothing when none has fired (receiptChecks says so).
 * @example
 * ```ts
 * import { registrationsCheck } from "./doctor.ts";
 * const host = { name: "h", events: ["Start", "Stop"], startEvent: "Start" };
 * const [c] = registrationsCheck([{ t: "", host: "h", event: "Stop", outcome: "allowed", ms: 1 }], [host]);
 * if (!c?.detail.startsWith("found by their fires: h (1 of 2 events)")) throw new Error(c?.detail);
 * ```
 */
export function registrationsCheck(
  receipts: readonly ReceiptView[],
  hosts: readonly RegisteredHost[],
): DoctorCheck[] {
  const found = hosts.flatMap((h) => {
    const fired = new Set(receipts.filter((r) => r.host === h.name).map((r) => r.event));
    const n = h.events.filter((e) => fired.has(e)).length;
    return n ? [`${h.name} (${n} of ${h.events.length} events)`] : [];
  });
  if (found.length === 0) return [];
  return [{
    status: "PASS",
    name: "registrations",
    detail: `found by their fires: ${found.join(", ")}; pwf cannot read the hosts' ` +
      `settings files, "pwf hooks check <host> < <settings file>" checks one`,
  }];
}

/** A host's registered events, as the doctor compares them with the receipts. */
export interface RegisteredHost {
  readonly name: string;
  readonly events: readonly string[];
  /** The event that starts a session (its absence after other fires is suspicious). */
  readonly startEvent: string | null;
}

/**
 * One check per host that has fired at all: which registered events pwf has
 * seen fire and which never have. WARN when the session-start event never
 * fired although others did (a partial registration, or a host that skips
 * it); PASS otherwise: events like PreCompact or errorOccurred fire rarely.
 * @example
 * ```ts
 * import { hostCoverageChecks } from "./doctor.ts";
 * const host = { name: "h", events: ["Start", "Prompt", "Stop"], startEvent: "Start" };
 * const [c] = hostCoverageChecks([{ t: "", host: "h", event: "Prompt", outcome: "injected", ms: 1 }], [host]);
 * if (c?.status !== "WARN" || c.detail !== "seen firing: Prompt; never seen: Start, Stop") throw new Error(c?.detail);
 * ```
 */
export function hostCoverageChecks(
  receipts: readonly ReceiptView[],
  hosts: readonly RegisteredHost[],
): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  for (const h of hosts) {
    const fired = new Set(receipts.filter((r) => r.host === h.name).map((r) => r.event));
    if (fired.size === 0) continue;
    const seen = h.events.filter((e) => fired.has(e));
    const never = h.events.filter((e) => !fired.has(e));
    const startMissing = h.startEvent !== null && !fired.has(h.startEvent);
    checks.push({
      status: startMissing ? "WARN" : "PASS",
      name: `hooks ${h.name}`,
      detail: `seen firing: ${seen.join(", ") || "none"}; ` +
        (never.length ? `never seen: ${never.join(", ")}` : "every registered event has fired"),
    });
  }
  return checks;
}

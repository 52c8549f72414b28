/**
 * A phase's acceptance checks (issue 28): the original's own field,
 * `- **AcceptanceCheck:** \`<command>\``, one or more per phase, read by
 * plain string scanning (no regex). The matching rule for a command the host
 * reports is here too: exact after trimming surrounding whitespace.
 * @module
 */

import type { Plan } from "../plan/parse.ts";

/** The field's label, as the original's autonomous template writes it (no translated template has one). */
export const CHECK_LABEL = "AcceptanceCheck";

/** Longest check command in characters: lint refuses a longer one, and a longer host command never matches. */
export const CHECK_MAX_CHARS = 1000;

/** One readable AcceptanceCheck line of a phase. */
export interface AcceptanceCheck {
  readonly phase: number;
  /** 0-based line. */
  readonly line: number;
  /** The command, trimmed. */
  readonly command: string;
}

/** An AcceptanceCheck line pwf cannot read, for lint. */
export interface CheckProblem {
  readonly phase: number;
  readonly line: number;
  readonly message: string;
}

/** What a plan's phases declare. */
export interface PlanChecks {
  readonly checks: readonly AcceptanceCheck[];
  readonly problems: readonly CheckProblem[];
}

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * Read one line as an AcceptanceCheck field: null when it is not one, else
 * its command or why it cannot be read (not one backticked, non-empty,
 * single-line span of at most CHECK_MAX_CHARS characters).
 * @example
 * ```ts
 * import { readCheckLine } from "./checks.ts";
 * const r = readCheckLine("- **AcceptanceCheck:** `deno task test`");
 * if (!r || !("command" in r) || r.command !== "deno task test") throw new Error();
 * if (readCheckLine("- **Owner:** main") !== null) throw new Error();
 * ```
 */
export function readCheckLine(line: string): { command: string } | { problem: string } | null {
  let p = 0;
  while (isBlank(line[p])) p++;
  if ((line[p] === "-" || line[p] === "*" || line[p] === "+") && isBlank(line[p + 1])) {
    p++;
    while (isBlank(line[p])) p++;
  }
  if (!line.startsWith(`**${CHECK_LABEL}`, p)) return null;
  const colon = p + 2 + CHECK_LABEL.length;
  if ((line[colon] !== ":" && line[colon] !== "：") || !line.startsWith("**", colon + 1)) {
    return { problem: `write the label as "**${CHECK_LABEL}:**"` };
  }
  const value = line.slice(colon + 3).trim();
  if (value.length < 2 || value[0] !== "`" || value[value.length - 1] !== "`") {
    return { problem: "put the command in one pair of backticks: `<command>`" };
  }
  const inner = value.slice(1, -1);
  if (inner.includes("`")) {
    return { problem: "the command must be one backtick span with no backtick inside" };
  }
  const command = inner.trim();
  if (command === "") return { problem: "the command is empty" };
  if (hasControl(command)) return { problem: "the command has control characters" };
  if (command.length > CHECK_MAX_CHARS) {
    return { problem: `the command is over ${CHECK_MAX_CHARS} characters` };
  }
  return { command };
}

function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || (c >= 0x80 && c < 0xa0)) return true;
  }
  return false;
}

/**
 * Every AcceptanceCheck line inside a phase section (visible lines only),
 * in plan order, and the ones that cannot be read. Lines outside phases are
 * not checks.
 * @example
 * ```ts
 * import { planChecks } from "./checks.ts";
 * import { parsePlan } from "../plan/parse.ts";
 * const p = parsePlan("### Phase 1: A\n- **Status:** pending\n- **AcceptanceCheck:** `make test`\n");
 * if (planChecks(p).checks[0]?.command !== "make test") throw new Error();
 * ```
 */
export function planChecks(plan: Plan): PlanChecks {
  const checks: AcceptanceCheck[] = [];
  const problems: CheckProblem[] = [];
  for (const ph of plan.phases) {
    for (let i = ph.headingLine + 1; i < ph.endLine; i++) {
      const line = plan.lines[i] ?? "";
      if (!plan.visible[i] || !line.includes(CHECK_LABEL)) continue;
      const r = readCheckLine(line);
      if (r === null) continue;
      if ("command" in r) checks.push({ phase: ph.number, line: i, command: r.command });
      else problems.push({ phase: ph.number, line: i, message: r.problem });
    }
  }
  return { checks, problems };
}

/**
 * The matching rule: the command the host ran matches a check when both,
 * trimmed of surrounding whitespace (JavaScript `trim`), are equal code unit
 * for code unit. A host command longer than any check could be is refused
 * before it is trimmed, so a 1 MiB command costs one length test.
 * @example
 * ```ts
 * import { matchingChecks } from "./checks.ts";
 * const cs = [{ phase: 2, line: 9, command: "make test" }];
 * if (matchingChecks("  make test\n", cs).length !== 1) throw new Error();
 * if (matchingChecks("make  test", cs).length !== 0) throw new Error();
 * ```
 */
export function matchingChecks(
  command: string,
  checks: readonly AcceptanceCheck[],
): AcceptanceCheck[] {
  if (checks.length === 0 || command.length > CHECK_MAX_CHARS + 256) return [];
  const c = command.trim();
  return checks.filter((k) => k.command === c);
}

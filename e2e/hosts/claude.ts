/**
 * Claude Code as an e2e host against the loopback model server (Anthropic
 * Messages SSE): `ANTHROPIC_BASE_URL` on the server, a dummy
 * `ANTHROPIC_API_KEY`, `claude -p --output-format stream-json --verbose
 * --include-hook-events` with only the Write tool allowed (accept-edits
 * mode; `bypassPermissions` is refused as root), no retries, no
 * non-essential traffic, no auto-update.
 * @module
 */

import type { HostCommand, HostDriver, HostRun } from "../harness.ts";

/** The Claude Code CLI version the e2e tests prove pwf against (docs/hosts.md). */
export const CLAUDE_CODE_VERSION = "2.1.332";

/** Claude's own switches for an offline run (also used by e2e/claude_host.ts). */
export const CLAUDE_OFFLINE_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_MAX_RETRIES: "0",
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_TELEMETRY: "1",
};

/**
 * The hook contexts in one text of a Claude request: 2.1.332 joins a turn's
 * attachments (each hook's context headed "<Event>[:<tool>] hook additional
 * context: ", the skill list, the date) with blank lines into one
 * `role: "system"` message, so each context runs from its header to the next.
 */
export function claudeContexts(text: string): string[] {
  return text.split(/\n+(?=[A-Za-z]+(?::[A-Za-z]+)? hook additional context: )/);
}

/** stream-json lines of a run's stdout. */
function events(stdout: string): Record<string, unknown>[] {
  return stdout.split("\n").filter((l) => l.trim().startsWith("{")).flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
}

/** The Claude Code driver. */
export const claudeDriver: HostDriver = {
  name: "claude",
  title: `Claude Code ${CLAUDE_CODE_VERSION}`,
  install: {
    pkg: "@anthropic-ai/claude-code",
    version: CLAUDE_CODE_VERSION,
    bin: "claude",
    versionArgs: ["--version"],
    versionText: `${CLAUDE_CODE_VERSION} `,
  },
  async configure() {},
  command(_sb, server, prompt) {
    return {
      args: [
        "-p",
        prompt,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--permission-mode",
        "acceptEdits",
        "--allowedTools",
        "Write",
      ],
      env: {
        ...CLAUDE_OFFLINE_ENV,
        ANTHROPIC_BASE_URL: server.origin,
        ANTHROPIC_API_KEY: "dummy",
      },
    };
  },
  // `-c, --continue`: "Continue the most recent conversation in the current directory".
  continueSession: {
    flag: "--continue",
    command(sb, server, prompt) {
      const cmd = claudeDriver.command(sb, server, prompt);
      return { ...cmd, args: ["--continue", ...cmd.args] };
    },
  },
  hookErrors(run: HostRun) {
    const fromEvents = events(run.stdout)
      .filter((e) =>
        e.subtype === "hook_response" && (e.outcome !== "success" || e.exit_code !== 0)
      )
      .map((e) => JSON.stringify(e));
    const fromStderr = run.stderr.split("\n").filter((l) =>
      /hook/i.test(l) && /(fail|error)/i.test(l)
    );
    return [...fromEvents, ...fromStderr];
  },
};

/** The driver with another `--allowedTools` list (e.g. "Write,Bash" for a scripted `cd`). */
export function withAllowedTools(driver: HostDriver, tools: string): HostDriver {
  const swap = (cmd: HostCommand): HostCommand => ({
    ...cmd,
    args: cmd.args.map((a, i) => cmd.args[i - 1] === "--allowedTools" ? tools : a),
  });
  const resume = driver.continueSession;
  return {
    ...driver,
    command: (sb, server, prompt) => swap(driver.command(sb, server, prompt)),
    continueSession: "command" in resume
      ? { ...resume, command: (...a) => swap(resume.command(...a)) }
      : resume,
  };
}

/**
 * The driver reading its prompts from stdin (`--input-format stream-json`,
 * one user message a line: userLines) instead of the `-p` argument, so one
 * run holds several prompts of one session in one process.
 */
export function streamJsonInput(driver: HostDriver): HostDriver {
  return {
    ...driver,
    command(sb, server, prompt) {
      const cmd = driver.command(sb, server, prompt);
      const args = cmd.args.filter((a, i) => !(a === prompt && cmd.args[i - 1] === "-p"));
      return { ...cmd, args: [...args, "--input-format", "stream-json"] };
    },
  };
}

/** Prompts as stream-json user messages, one a line. */
export function userLines(...prompts: string[]): string {
  return prompts.map((p) =>
    JSON.stringify({ type: "user", message: { role: "user", content: p } }) + "\n"
  ).join("");
}

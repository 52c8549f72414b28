/**
 * Qwen Code as an e2e host (reference: hosts-offline.md): the OpenAI
 * provider pointed at the loopback server (chat completions), folder trust
 * off, `qwen -o json -p --yolo`.
 * @module
 */

import type { HostDriver, HostRun } from "../harness.ts";

/** The Qwen Code driver. */
export const qwenDriver: HostDriver = {
  name: "qwen",
  title: "Qwen Code 0.24.4",
  install: {
    pkg: "@qwen-code/qwen-code",
    version: "0.24.4",
    bin: "qwen",
    versionArgs: ["--version"],
    versionText: "0.24.4",
  },
  async configure(sb) {
    await Deno.mkdir(`${sb.home}/.qwen`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.qwen/settings.json`,
      JSON.stringify({
        security: { auth: { selectedType: "openai" }, folderTrust: { enabled: false } },
        privacy: { usageStatisticsEnabled: false },
        telemetry: { enabled: false },
      }),
    );
  },
  command(_sb, server, prompt) {
    return {
      args: ["-o", "json", "-p", prompt, "--yolo"],
      env: {
        OPENAI_API_KEY: "dummy",
        OPENAI_BASE_URL: `${server.origin}/v1`,
        OPENAI_MODEL: "stub-model",
        QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
      },
    };
  },
  // A run with a tool call is three model requests plus Qwen's memory subagent: 10-40 s on a
  // loaded 2-core machine.
  timeoutMs: 120_000,
  // `-c, --continue`: "Resume the most recent session for the current project".
  continueSession: {
    flag: "--continue",
    command(sb, server, prompt) {
      const cmd = qwenDriver.command(sb, server, prompt);
      return { ...cmd, args: ["--continue", ...cmd.args] };
    },
  },
  hookErrors(run: HostRun) {
    return run.stderr.split("\n").filter((l) => /hook/i.test(l) && /(fail|error)/i.test(l));
  },
};

/**
 * Gemini CLI as an e2e host (reference: hosts-offline.md): the API base URL
 * pointed at the loopback server, an API-key auth type in user settings, the
 * workspace trusted by environment, `gemini -o json -p`.
 * @module
 */

import type { HostDriver, HostRun } from "../harness.ts";

const USER_SETTINGS = {
  security: { auth: { selectedType: "gemini-api-key" } },
  general: { maxAttempts: 1 },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

/** The Gemini CLI driver. */
export const geminiDriver: HostDriver = {
  name: "gemini",
  title: "Gemini CLI 0.61.0",
  install: {
    pkg: "@google/gemini-cli",
    version: "0.61.0",
    bin: "gemini",
    versionArgs: ["--version"],
    versionText: "0.61.0",
  },
  async configure(sb) {
    await Deno.mkdir(`${sb.home}/.gemini`, { recursive: true });
    await Deno.writeTextFile(`${sb.home}/.gemini/settings.json`, JSON.stringify(USER_SETTINGS));
  },
  command(_sb, server, prompt) {
    return {
      args: ["-m", "gemini-2.5-flash", "-o", "json", "--approval-mode", "yolo", "-p", prompt],
      env: {
        GOOGLE_GEMINI_BASE_URL: server.origin,
        GEMINI_API_KEY: "dummy",
        GEMINI_CLI_TRUST_WORKSPACE: "true",
      },
    };
  },
  // `-r, --resume`: "Use \"latest\" for most recent".
  continueSession: {
    flag: "--resume latest",
    command(sb, server, prompt) {
      const cmd = geminiDriver.command(sb, server, prompt);
      return { ...cmd, args: ["--resume", "latest", ...cmd.args] };
    },
  },
  hookErrors(run: HostRun) {
    return [...run.stdout.split("\n"), ...run.stderr.split("\n")].filter((l) =>
      /hook/i.test(l) && /(error|fail|invalid|timed out)/i.test(l)
    );
  },
};

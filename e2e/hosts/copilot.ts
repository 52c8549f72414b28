/**
 * GitHub Copilot CLI as an e2e host (reference: hosts-offline.md): its
 * offline mode with a bring-your-own provider on the loopback server
 * (chat completions), all tools allowed (which also trusts the project, so
 * `.github/hooks/` loads), `copilot -p --log-dir`.
 * @module
 */

import type { HostDriver, HostRun, Sandbox } from "../harness.ts";

async function readLogs(sb: Sandbox): Promise<string> {
  const parts: string[] = [];
  for await (const e of Deno.readDir(sb.logs)) {
    if (e.isFile && e.name.endsWith(".log")) {
      parts.push(await Deno.readTextFile(`${sb.logs}/${e.name}`));
    }
  }
  return parts.join("\n");
}

/** The Copilot CLI driver. */
export const copilotDriver: HostDriver = {
  name: "copilot",
  title: "GitHub Copilot CLI 1.0.102",
  install: {
    pkg: "@github/copilot",
    version: "1.0.102",
    bin: "copilot",
    versionArgs: ["--version"],
    versionText: "1.0.102",
    // Copilot unpacks its package (235 MB) into $XDG_CACHE_HOME/copilot/pkg on first start.
    cacheEnv: (dir) => ({ XDG_CACHE_HOME: dir }),
  },
  configure: () => Promise.resolve(),
  command(sb, server, prompt) {
    return {
      args: ["-p", prompt, "--allow-all-tools", "--log-dir", sb.logs],
      env: {
        COPILOT_OFFLINE: "true",
        COPILOT_AUTO_UPDATE: "false",
        COPILOT_PROVIDER_BASE_URL: `${server.origin}/v1`,
        COPILOT_PROVIDER_API_KEY: "dummy",
        COPILOT_PROVIDER_WIRE_API: "completions",
        COPILOT_MODEL: "gpt-4.1",
        COPILOT_ALLOW_ALL: "true",
      },
    };
  },
  // `--continue`: "Resume the most recent session".
  continueSession: {
    flag: "--continue",
    command(sb, server, prompt) {
      const cmd = copilotDriver.command(sb, server, prompt);
      return { ...cmd, args: ["--continue", ...cmd.args] };
    },
  },
  logs: readLogs,
  hookErrors(run: HostRun) {
    // A failing hook is logged as `[ERROR] [rust:hooks] Hook from "<file>" execution failed`.
    // (Its own "Failed to reload managed hooks" WARNING is about managed settings, not pwf.)
    return [...run.stderr.split("\n"), ...run.logs.split("\n")].filter((l) =>
      /hook/i.test(l) && (/\[ERROR\]/.test(l) || /pwf\.json/.test(l) && /fail/i.test(l))
    );
  },
};

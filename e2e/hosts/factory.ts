/**
 * Factory droid as an e2e host (reference: hosts-offline.md): a BYOK custom
 * model on the loopback server (chat completions), no login,
 * `droid exec -o json --auto high`. The platform package is installed by name
 * (`@factory/cli` 0.225.1's postinstall asks for a missing platform package).
 * @module
 */

import type { HostDriver, HostRun } from "../harness.ts";

/** The `session_id` in `droid exec -o json` output. */
function sessionId(stdout: string): string {
  for (const line of stdout.split("\n").filter((l) => l.trim().startsWith("{"))) {
    const id = (JSON.parse(line) as { session_id?: unknown }).session_id;
    if (typeof id === "string" && id) return id;
  }
  throw new Error(`no session_id in droid's output: ${stdout.slice(0, 500)}`);
}

/** The Factory droid driver. */
export const factoryDriver: HostDriver = {
  name: "factory",
  title: "Factory droid 0.225.2",
  install: {
    pkg: "@factory/cli-linux-x64",
    version: "0.225.2",
    bin: "droid",
    binPath: "@factory/cli-linux-x64/bin/droid",
    versionArgs: ["--version"],
    versionText: "0.225.2",
  },
  async configure(sb, server) {
    await Deno.mkdir(`${sb.home}/.factory`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.factory/settings.json`,
      JSON.stringify({
        customModels: [{
          model: "stub-model",
          displayName: "Stub",
          baseUrl: `${server.origin}/v1`,
          apiKey: "dummy",
          provider: "generic-chat-completion-api",
        }],
      }),
    );
  },
  command(_sb, _server, prompt) {
    return {
      args: ["exec", "-m", "custom:Stub-0", "-o", "json", "--auto", "high", prompt],
      env: {},
    };
  },
  // `droid exec -s, --session-id <id>` ("Existing session to continue") fetches the
  // session from api.factory.ai first and exits 1 offline ("Failed to fetch session"
  // in ~/.factory/logs); `--fork <id>` copies the local conversation into a new
  // session and continues it. The id is the `session_id` of the first run's result.
  continueSession: {
    flag: "exec --fork <id>",
    fork: true,
    command(sb, server, prompt, previous) {
      const id = sessionId(previous.stdout);
      const cmd = factoryDriver.command(sb, server, prompt);
      return { ...cmd, args: ["exec", "--fork", id, ...cmd.args.slice(1)] };
    },
  },
  hookErrors(run: HostRun) {
    return run.stderr.split("\n").filter((l) => /hook/i.test(l) && /(fail|error)/i.test(l));
  },
};

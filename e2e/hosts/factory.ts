/**
 * Factory droid as an e2e host (reference: hosts-offline.md): a BYOK custom
 * model on the loopback server (chat completions), no login,
 * `droid exec -o json --auto high`. The platform package is installed by name
 * (`@factory/cli` 0.225.1's postinstall asks for a missing platform package).
 * @module
 */

import type { HostDriver, HostRun } from "../harness.ts";

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
  hookErrors(run: HostRun) {
    return run.stderr.split("\n").filter((l) => /hook/i.test(l) && /(fail|error)/i.test(l));
  },
};

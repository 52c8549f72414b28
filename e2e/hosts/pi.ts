/**
 * Pi as an e2e host (reference: hosts-offline.md): a provider on the
 * loopback server in `~/.pi/agent/models.json` (openai-completions),
 * `PI_OFFLINE=1 pi --mode json -p`. The harness writes pwf's extension to
 * `.pi/extensions/pwf.ts` from `pwf hooks print pi --bin <launcher>`.
 * @module
 */

import type { HostDriver, HostRun } from "../harness.ts";

/** The Pi driver. */
export const piDriver: HostDriver = {
  name: "pi",
  title: "Pi 0.73.1",
  install: {
    pkg: "@mariozechner/pi-coding-agent",
    version: "0.73.1",
    bin: "pi",
    versionArgs: ["--version"],
    versionText: "0.73.1",
  },
  async configure(sb, server) {
    await Deno.mkdir(`${sb.home}/.pi/agent`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.pi/agent/models.json`,
      JSON.stringify({
        providers: {
          stub: {
            baseUrl: `${server.origin}/v1`,
            api: "openai-completions",
            apiKey: "dummy",
            compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
            models: [{ id: "stub-model", name: "Stub" }],
          },
        },
      }),
    );
  },
  command(_sb, _server, prompt) {
    return {
      args: ["--provider", "stub", "--model", "stub-model", "--mode", "json", "-p", prompt],
      env: { PI_OFFLINE: "1" },
    };
  },
  // `--continue, -c`: "Continue previous session".
  continueSession: {
    flag: "--continue",
    command(sb, server, prompt) {
      const cmd = piDriver.command(sb, server, prompt);
      return { ...cmd, args: ["--continue", ...cmd.args] };
    },
  },
  hookErrors(run: HostRun) {
    // Pi reports a throwing extension as "Extension error (<path>): ..."; pwf's glue logs "[pwf] ...".
    return run.stderr.split("\n").filter((l) => /Extension error|^\[pwf\]/.test(l));
  },
};

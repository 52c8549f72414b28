/**
 * Codex CLI as an e2e host (reference: hosts-offline.md): a stub provider
 * speaking the Responses API, the project trusted, hooks enabled and trusted
 * by flag, `codex exec --json`.
 * @module
 */

import type { HostDriver, HostRun, Sandbox } from "../harness.ts";
import type { ModelServer } from "../model_server.ts";

function configToml(sb: Sandbox, server: ModelServer): string {
  return [
    // A known model slug: Codex offers apply_patch only for models it knows.
    `model = "gpt-5.5"`,
    `model_provider = "stub"`,
    `check_for_update_on_startup = false`,
    `approval_policy = "never"`,
    `sandbox_mode = "danger-full-access"`,
    "",
    "[model_providers.stub]",
    `name = "stub"`,
    `base_url = "${server.origin}/v1"`,
    `env_key = "OPENAI_API_KEY"`,
    `wire_api = "responses"`,
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    "[features]",
    "hooks = true",
    "plugins = false",
    "remote_plugin = false",
    "apps = false",
    "",
    "[analytics]",
    "enabled = false",
    "",
    `[projects.${JSON.stringify(sb.project)}]`,
    `trust_level = "trusted"`,
    "",
  ].join("\n");
}

/** The Codex CLI driver. */
export const codexDriver: HostDriver = {
  name: "codex",
  title: "Codex CLI 0.171.0",
  install: {
    pkg: "@openai/codex",
    version: "0.171.0",
    bin: "codex",
    versionArgs: ["--version"],
    versionText: "codex-cli 0.171.0",
  },
  async configure(sb, server) {
    await Deno.mkdir(`${sb.home}/.codex`, { recursive: true });
    await Deno.writeTextFile(`${sb.home}/.codex/config.toml`, configToml(sb, server));
  },
  command(sb, _server, prompt) {
    return {
      args: [
        "exec",
        "--json",
        "--skip-git-repo-check",
        "--dangerously-bypass-hook-trust",
        prompt,
      ],
      env: { CODEX_HOME: `${sb.home}/.codex`, OPENAI_API_KEY: "dummy", RUST_LOG: "warn" },
    };
  },
  // `codex exec resume --last [PROMPT]`: "Resume the most recent recorded session".
  continueSession: {
    flag: "exec resume --last",
    command(sb, server, prompt) {
      const cmd = codexDriver.command(sb, server, prompt);
      return { ...cmd, args: ["exec", "resume", "--last", ...cmd.args.slice(1)] };
    },
  },
  hookErrors(run: HostRun) {
    // `exec --json` reports problems as items of type "error"; the bypass flag's
    // own notice is one of them and is expected.
    const items = run.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l))
      .filter((e) => e.item?.type === "error")
      .map((e) => String(e.item.message))
      .filter((m) => !m.startsWith("`--dangerously-bypass-hook-trust` is enabled"));
    const logged = run.stderr.split("\n").filter((l) => /hook/i.test(l));
    return [...items, ...logged];
  },
};

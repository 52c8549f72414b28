/**
 * Kilo CLI (`@kilocode/cli`, an OpenCode fork) as an e2e host: an
 * `@ai-sdk/openai-compatible` provider on the loopback server in the
 * project's `kilo.json`, `kilo run --format json`, with model fetch,
 * autoupdate, LSP download, share, indexing and telemetry off. The harness
 * writes pwf's plugin to `.kilo/plugins/pwf.js`. Kilo npm-installs
 * `@kilocode/plugin` into every config directory holding a local plugin
 * (offline: about 70 s of retries before the session starts, measured), but
 * skips it when that directory has a `node_modules/` and a lock file whose root
 * names every dependency of its `package.json` (names only, read from 7.7.7's
 * `Npm.install`): `configure` writes those. 7.7.7 is the newest version whose
 * Linux package (`@kilocode/cli-linux-x64`) is published: `@kilocode/cli`
 * 7.8.1 asks for a `cli-linux-x64` 7.8.1 that npm does not have (ETARGET).
 * @module
 */

import type { HostDriver, Sandbox } from "../harness.ts";
import { pluginHookErrors, stubModelConfig } from "./opencode.ts";

export const KILO_VERSION = "7.7.7";

/** Kilo's offline switches and its config/data/cache/state dirs in the sandbox's HOME. */
export function kiloEnv(sb: Sandbox): Record<string, string> {
  return {
    KILO_DISABLE_MODELS_FETCH: "true",
    KILO_DISABLE_AUTOUPDATE: "true",
    KILO_DISABLE_LSP_DOWNLOAD: "true",
    KILO_DISABLE_SHARE: "true",
    KILO_DISABLE_CODEBASE_INDEXING: "true",
    KILO_TELEMETRY_LEVEL: "off",
    XDG_CONFIG_HOME: `${sb.home}/.config`,
    XDG_DATA_HOME: `${sb.home}/.local/share`,
    XDG_CACHE_HOME: `${sb.home}/.cache`,
    XDG_STATE_HOME: `${sb.home}/.local/state`,
  };
}

/** The plugin's config dir as Kilo finds it installed: no dependency install starts. */
async function primePluginDir(dir: string): Promise<void> {
  const deps = { "@kilocode/plugin": KILO_VERSION };
  await Deno.mkdir(`${dir}/node_modules`, { recursive: true });
  await Deno.writeTextFile(`${dir}/package.json`, JSON.stringify({ dependencies: deps }));
  await Deno.writeTextFile(
    `${dir}/package-lock.json`,
    JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: deps } } }),
  );
}

/** The Kilo CLI driver. */
export const kiloDriver: HostDriver = {
  name: "kilo",
  title: `Kilo CLI ${KILO_VERSION}`,
  install: {
    pkg: "@kilocode/cli",
    version: KILO_VERSION,
    bin: "kilo",
    versionArgs: ["--version"],
    versionText: KILO_VERSION,
  },
  async configure(sb, server) {
    await primePluginDir(`${sb.project}/.kilo`);
    await Deno.writeTextFile(
      `${sb.project}/kilo.json`,
      JSON.stringify(stubModelConfig(server.origin)),
    );
  },
  command(sb, _server, prompt) {
    return { args: ["run", "--format", "json", "--print-logs", prompt], env: kiloEnv(sb) };
  },
  timeoutMs: 120_000,
  // `kilo run -c, --continue`: "continue the last session".
  continueSession: {
    flag: "run --continue",
    command(sb, server, prompt) {
      const cmd = kiloDriver.command(sb, server, prompt);
      return { ...cmd, args: ["run", "--continue", ...cmd.args.slice(1)] };
    },
  },
  hookErrors: pluginHookErrors,
};

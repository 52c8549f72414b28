/**
 * OpenCode as an e2e host (reference: hosts-offline.md): an
 * `@ai-sdk/openai-compatible` provider on the loopback server in the
 * project's `opencode.json`, model fetch, autoupdate, LSP download and share
 * off, `opencode run --format json`. The harness writes pwf's plugin to
 * `.opencode/plugins/pwf.js`. OpenCode npm-installs `@opencode-ai/plugin`
 * into every config directory that has plugins (offline: a minute of
 * retries), so the project's `.opencode/` and the user config dir get the
 * cached package first: hard-linked `node_modules`, a `package.json` naming
 * the exact version, and a lock file whose root names it too (without the
 * lock OpenCode reinstalls; measured).
 * @module
 */

import { cachedPackage, type HostDriver, type HostRun, type Sandbox } from "../harness.ts";

const VERSION = "1.18.33";
const PLUGIN = "@opencode-ai/plugin";

async function primePluginDir(dir: string): Promise<void> {
  const modules = cachedPackage(PLUGIN, VERSION);
  await Deno.mkdir(dir, { recursive: true });
  const deps = { [PLUGIN]: VERSION };
  await Deno.writeTextFile(`${dir}/package.json`, JSON.stringify({ dependencies: deps }));
  const lock = JSON.parse(await Deno.readTextFile(`${modules}/../package-lock.json`));
  delete lock.name;
  lock.packages[""] = { dependencies: deps };
  await Deno.writeTextFile(`${dir}/package-lock.json`, JSON.stringify(lock, null, 2));
  const cp = await new Deno.Command("cp", { args: ["-al", modules, `${dir}/node_modules`] })
    .output();
  if (!cp.success) throw new Error(`cp -al ${modules}: ${new TextDecoder().decode(cp.stderr)}`);
}

/** OpenCode's offline switches and its config/data/cache dirs in the sandbox's HOME. */
export function opencodeEnv(sb: Sandbox): Record<string, string> {
  return {
    OPENCODE_DISABLE_MODELS_FETCH: "true",
    OPENCODE_DISABLE_AUTOUPDATE: "true",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "true",
    OPENCODE_DISABLE_SHARE: "true",
    ...xdg(sb),
  };
}

function xdg(sb: Sandbox): Record<string, string> {
  return {
    XDG_CONFIG_HOME: `${sb.home}/.config`,
    XDG_DATA_HOME: `${sb.home}/.local/share`,
    XDG_CACHE_HOME: `${sb.home}/.cache`,
  };
}

/**
 * The project config that points OpenCode (and its fork Kilo) at the loopback
 * server through an `@ai-sdk/openai-compatible` provider, edits and bash allowed.
 */
export function stubModelConfig(origin: string): Record<string, unknown> {
  return {
    provider: {
      stub: {
        npm: "@ai-sdk/openai-compatible",
        name: "Stub",
        options: { baseURL: `${origin}/v1`, apiKey: "dummy" },
        models: { "stub-model": { name: "Stub", tool_call: true } },
      },
    },
    model: "stub/stub-model",
    permission: { edit: "allow", bash: "allow" },
  };
}

/**
 * The hook failures of a run: pwf's glue logs "[pwf] ..." on any failure, and
 * OpenCode (and Kilo) log a failing plugin at ERROR.
 */
export function pluginHookErrors(run: HostRun): string[] {
  return run.stderr.split("\n").filter((l) =>
    /^\[pwf\] (cannot|.* exited|.* timed out|.* not JSON)/.test(l) ||
    /level=ERROR/.test(l) && /plugin/i.test(l)
  );
}

/** The OpenCode driver. */
export const opencodeDriver: HostDriver = {
  name: "opencode",
  title: `OpenCode ${VERSION}`,
  install: {
    pkg: "opencode-ai",
    version: VERSION,
    bin: "opencode",
    versionArgs: ["--version"],
    versionText: VERSION,
    extras: [{ pkg: PLUGIN, version: VERSION }],
  },
  async configure(sb, server) {
    await primePluginDir(`${sb.project}/.opencode`);
    await primePluginDir(`${sb.home}/.config/opencode`);
    await Deno.writeTextFile(
      `${sb.project}/opencode.json`,
      JSON.stringify(stubModelConfig(server.origin)),
    );
  },
  command(sb, _server, prompt) {
    return { args: ["run", "--format", "json", "--print-logs", prompt], env: opencodeEnv(sb) };
  },
  // OpenCode starts slowly (a Bun binary resolving plugins and its dependency check): 15-40 s
  // a run on a loaded 2-core machine.
  timeoutMs: 120_000,
  // `opencode run -c, --continue`: "continue the last session".
  continueSession: {
    flag: "run --continue",
    command(sb, server, prompt) {
      const cmd = opencodeDriver.command(sb, server, prompt);
      return { ...cmd, args: ["run", "--continue", ...cmd.args.slice(1)] };
    },
  },
  hookErrors: pluginHookErrors,
};

/**
 * The official MCP TypeScript SDK for the `pwf mcp` tests: pinned, installed
 * once with npm into `.cache/mcp-sdk/` (HOME and npm's cache inside it too,
 * so nothing is written outside the project), and driven from Node by
 * tests/mcp_sdk_client.mjs, which reports what the SDK client saw as JSON.
 * @module
 */

import { REPO_ROOT } from "../tools/file_url.ts";
import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { baseEnv, MAIN } from "./helpers.ts";

/** The pinned SDK. */
export const SDK = { pkg: "@modelcontextprotocol/sdk", version: "1.32.2" } as const;

const CACHE = `${REPO_ROOT}/.cache/mcp-sdk`;
const PREFIX = `${CACHE}/sdk-${SDK.version}`;

/** The SDK's package folder once installed. */
export const SDK_DIR = `${PREFIX}/node_modules/${SDK.pkg}`;

async function installedVersion(): Promise<string | null> {
  try {
    return JSON.parse(await Deno.readTextFile(`${SDK_DIR}/package.json`)).version;
  } catch {
    return null;
  }
}

/** Install the pinned SDK into the cache unless it is there; throws with npm's output on failure. */
export async function ensureSdk(): Promise<void> {
  if ((await installedVersion()) === SDK.version) return;
  await Deno.remove(PREFIX, { recursive: true }).catch(() => {});
  await Deno.mkdir(`${CACHE}/home`, { recursive: true });
  const out = await new Deno.Command(Deno.build.os === "windows" ? "npm.cmd" : "npm", {
    args: [
      "install",
      "--prefix",
      PREFIX,
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `${SDK.pkg}@${SDK.version}`,
    ],
    env: { HOME: `${CACHE}/home`, npm_config_cache: `${CACHE}/npm-cache` },
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).output();
  const dec = new TextDecoder();
  if (!out.success || (await installedVersion()) !== SDK.version) {
    throw new Error(
      `npm install ${SDK.pkg}@${SDK.version} failed (is the npm registry reachable?): ` +
        dec.decode(out.stderr).trim(),
    );
  }
}

/** What the client script reports. */
export type SdkReport = Record<string, unknown>;

/**
 * Run one scenario of tests/mcp_sdk_client.mjs against `pwf mcp` (under the
 * sandbox flags, on dist/pwf.js, in `cwd`); returns its JSON report.
 */
export async function runSdkScenario(
  cwd: string,
  scenario: string,
  env: Record<string, string> = {},
): Promise<SdkReport> {
  await ensureSdk();
  const server = {
    command: Deno.execPath(),
    args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN, "mcp"],
    cwd,
    env: { ...baseEnv(), ...env },
  };
  const out = await new Deno.Command("node", {
    args: [`${REPO_ROOT}/tests/mcp_sdk_client.mjs`, SDK_DIR, scenario, JSON.stringify(server)],
    cwd,
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  const text = dec.decode(out.stdout);
  if (!out.success) {
    throw new Error(`mcp_sdk_client.mjs ${scenario} failed: ${dec.decode(out.stderr)}${text}`);
  }
  return JSON.parse(text);
}

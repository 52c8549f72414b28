/**
 * The Qoder CLI driver. Qoder reaches its models only through its account
 * servers, so e2e/qoder_test.ts runs it offline with its hidden
 * `--fake-responses <file>` and reads the transcript instead of the loopback
 * model server's requests; `configure` writes the user setting that lets it
 * start without an account. Installed with `--ignore-scripts`: the
 * postinstall edits `~/.bashrc`, `~/.profile` and the global git ignore.
 * @module
 */

import type { HostDriver } from "../harness.ts";

/** The pinned Qoder CLI release (`npm view @qoder-ai/qodercli version`, 2026-12-02). */
export const QODER_VERSION = "1.1.52";

const NOT_SERVER_DRIVEN =
  "Qoder cannot reach the loopback model server: e2e/qoder_test.ts runs it with --fake-responses";

/** The Qoder CLI driver (its runs are scripted by e2e/qoder_test.ts). */
export const qoderDriver: HostDriver = {
  name: "qoder",
  title: `Qoder CLI ${QODER_VERSION}`,
  install: {
    pkg: "@qoder-ai/qodercli",
    version: QODER_VERSION,
    bin: "qodercli",
    versionArgs: ["--version"],
    versionText: QODER_VERSION,
    ignoreScripts: true,
  },
  async configure(sb) {
    // External auth: no account sign-in; the model answers come from --fake-responses.
    // Bash allowed: `--permission-mode accept_edits` answers a Bash call with "Allow Bash to
    // run: ...?" and runs nothing; `bypass_permissions` left the session in acceptEdits, run
    // as root (measured 1.1.52).
    await Deno.mkdir(`${sb.home}/.qoder`, { recursive: true });
    await Deno.writeTextFile(
      `${sb.home}/.qoder/settings.json`,
      JSON.stringify({
        security: { auth: { useExternal: true } },
        permissions: { allow: ["Bash"] },
      }) + "\n",
    );
  },
  command() {
    throw new Error(NOT_SERVER_DRIVEN);
  },
  // `-r, --resume [id]`: "Resume a previous session by identifier", the id read from the
  // transcript (`--continue` spends the scripted answer on a utility call first, measured 1.1.52).
  continueSession: {
    flag: "--resume <id>",
    command() {
      throw new Error(NOT_SERVER_DRIVEN);
    },
  },
  hookErrors: () => [],
};

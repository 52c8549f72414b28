// deno-lint-ignore-file no-console
/**
 * The original planning-with-files for the bench (tools/bench.ts, issue 32):
 * its npm release, the one `deno task e2e` installs for e2e/original_test.ts
 * (`.cache/e2e/planning-with-files-<version>/`, docs/e2e.md), installed the
 * same way when absent; its Claude Code hook commands, as its SKILL.md front
 * matter registers them; and the environment they run in.
 * @module
 */

import { ORIGINAL_VERSION } from "../e2e/hosts/mod.ts";
import { type Registration, skillRegistrations } from "../bench/session.ts";
import { npmEnv } from "./e2e.ts";

/** The original, ready to run. */
export interface Original {
  /** The installed skill folder (SKILL.md, scripts/). */
  readonly skillDir: string;
  /** Its Claude Code hook registrations (each runs `sh -c <command>`). */
  readonly hooks: readonly Registration[];
  /** The environment of its hook commands (added to the bench's own). */
  readonly env: Record<string, string>;
  /** The Python its hooks run (PYTHON_BIN), or "" when none was found. */
  readonly python: string;
}

const PKG = "planning-with-files";

/** The skill folder inside the e2e cache of `root`. */
export function originalSkillDir(root: string): string {
  return `${root}/.cache/e2e/${PKG}-${ORIGINAL_VERSION}/node_modules/${PKG}`;
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

/** `npm install` the release into the e2e cache, as tools/e2e.ts does. */
async function install(root: string): Promise<void> {
  const cache = `${root}/.cache/e2e`;
  const prefix = `${cache}/${PKG}-${ORIGINAL_VERSION}`;
  console.error(`bench: installing ${PKG}@${ORIGINAL_VERSION} into ${prefix}`);
  await Deno.mkdir(prefix, { recursive: true });
  const out = await new Deno.Command(Deno.build.os === "windows" ? "npm.cmd" : "npm", {
    args: [
      "install",
      "--prefix",
      prefix,
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `${PKG}@${ORIGINAL_VERSION}`,
    ],
    env: npmEnv(cache, Deno.env.toObject()),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(
      `npm install ${PKG}@${ORIGINAL_VERSION} failed (is the npm registry reachable?): ${
        new TextDecoder().decode(out.stderr).trim()
      }`,
    );
  }
}

/**
 * The Python the original's hooks run: the system's `/usr/bin/python3` (or
 * `/usr/local/bin/python3`) when there is one, else the interpreter a
 * `python3` on PATH runs (a pyenv shim is a shell script that costs a
 * process or two per call; the hooks take PYTHON_BIN first), or "" when none.
 */
async function hookPython(): Promise<string> {
  for (const p of ["/usr/bin/python3", "/usr/local/bin/python3"]) if (await exists(p)) return p;
  try {
    const out = await new Deno.Command("python3", {
      args: ["-c", "import sys; print(sys.executable)"],
      stdout: "piped",
      stderr: "null",
    }).output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : "";
  } catch {
    return "";
  }
}

/** The original, installed into the e2e cache first if absent; `state` holds its turn markers. */
export async function loadOriginal(root: string, state: string): Promise<Original> {
  const skillDir = originalSkillDir(root);
  if (!(await exists(`${skillDir}/SKILL.md`))) await install(root);
  const hooks = skillRegistrations(await Deno.readTextFile(`${skillDir}/SKILL.md`));
  if (!hooks.length) throw new Error(`${skillDir}/SKILL.md registers no hooks`);
  const python = await hookPython();
  const env: Record<string, string> = { CLAUDE_SKILL_DIR: skillDir, XDG_CACHE_HOME: state };
  if (python) env.PYTHON_BIN = python;
  return { skillDir, hooks, env, python };
}

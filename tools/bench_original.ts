// deno-lint-ignore-file no-console
/**
 * The original planning-with-files for the bench (tools/bench.ts, issue 32):
 * its npm release, the one `deno task e2e` installs for e2e/original_test.ts
 * (`.cache/e2e/planning-with-files-<version>/`, docs/e2e.md), installed the
 * same way when absent; its Claude Code hook commands, as its SKILL.md front
 * matter registers them; and the environment they run in.
 * @module
 */

import { ORIGINAL_INSTALL } from "../e2e/hosts/mod.ts";
import { type Registration, skillRegistrations } from "../bench/session.ts";
import { npmInstall, prefixOf } from "./e2e.ts";

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

/** The skill folder inside the repository's e2e cache (where tools/e2e.ts installs it). */
export function originalSkillDir(): string {
  return `${prefixOf(ORIGINAL_INSTALL)}/node_modules/${ORIGINAL_INSTALL.pkg}`;
}

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

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
export async function loadOriginal(state: string): Promise<Original> {
  const skillDir = originalSkillDir();
  if (!(await exists(`${skillDir}/SKILL.md`))) {
    const { pkg, version } = ORIGINAL_INSTALL;
    await npmInstall(pkg, version, undefined, false, (l) => console.error(`bench: ${l}`));
  }
  const hooks = skillRegistrations(await Deno.readTextFile(`${skillDir}/SKILL.md`));
  if (!hooks.length) throw new Error(`${skillDir}/SKILL.md registers no hooks`);
  const python = await hookPython();
  const env: Record<string, string> = { CLAUDE_SKILL_DIR: skillDir, XDG_CACHE_HOME: state };
  if (python) env.PYTHON_BIN = python;
  return { skillDir, hooks, env, python };
}

/**
 * The session a command or hook runs in, from the environment: pwf's own
 * variable, then the one each host exports to the agent's shell (the host
 * table's `sessionEnv`).
 * @module
 */

import { isValidSessionId, type Payload, sessionIdOf } from "./payload.ts";
import { HOSTS } from "./table.ts";

/**
 * Environment variables that carry a session id into commands, first set
 * wins: `PWF_SESSION_ID`, then each host's `sessionEnv` in table order.
 * Computed per call, not at module load (the hook path's cost).
 * @example
 * ```ts
 * import { sessionEnvNames } from "./session_env.ts";
 * if (sessionEnvNames()[0] !== "PWF_SESSION_ID") throw new Error();
 * ```
 */
export function sessionEnvNames(): readonly string[] {
  return [
    "PWF_SESSION_ID",
    ...HOSTS.flatMap((h) => h.sessionEnv === undefined ? [] : [h.sessionEnv]),
  ];
}

/**
 * The session id from the environment (sessionEnvNames), when valid.
 * @example
 * ```ts
 * import { sessionIdFromEnv } from "./session_env.ts";
 * const env = (n: string) => ({ CLAUDE_CODE_SESSION_ID: "c-1", PWF_SESSION_ID: "../x" } as Record<string, string>)[n];
 * if (sessionIdFromEnv(env) !== "c-1") throw new Error();
 * ```
 */
export function sessionIdFromEnv(env: (name: string) => string | undefined): string | undefined {
  for (const name of sessionEnvNames()) {
    const v = env(name);
    if (v !== undefined && isValidSessionId(v)) return v;
  }
  return undefined;
}

/**
 * The session a hook or `pwf check --gate` runs in: the payload's id (the
 * host's `sessionIdKeys`), else the environment's (sessionEnvNames).
 * @example
 * ```ts
 * import { sessionIdFor } from "./session_env.ts";
 * const env = (n: string) => (n === "PWF_SESSION_ID" ? "e-1" : undefined);
 * if (sessionIdFor({ session_id: "p-1" }, ["session_id"], env) !== "p-1") throw new Error();
 * if (sessionIdFor({ session_id: "../x" }, ["session_id"], env) !== "e-1") throw new Error();
 * ```
 */
export function sessionIdFor(
  p: Payload,
  keys: readonly string[],
  env: (name: string) => string | undefined,
): string | undefined {
  return sessionIdOf(p, keys) ?? sessionIdFromEnv(env);
}

/**
 * The project root a host names in the environment (each host's
 * `projectRootEnv`, first set and non-empty wins, in table order), if any.
 * @example
 * ```ts
 * import { projectRootFromEnv } from "./session_env.ts";
 * const env = (n: string) => n === "GEMINI_PROJECT_DIR" ? "/p" : undefined;
 * if (projectRootFromEnv(env) !== "/p" || projectRootFromEnv(() => undefined) !== undefined) throw new Error();
 * ```
 */
export function projectRootFromEnv(env: (name: string) => string | undefined): string | undefined {
  for (const h of HOSTS) {
    const value = h.projectRootEnv === undefined ? undefined : env(h.projectRootEnv);
    if (value) return value;
  }
  return undefined;
}

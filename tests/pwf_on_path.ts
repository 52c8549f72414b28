/**
 * A temp folder holding a `pwf` that runs the artifact under the sandbox
 * flags, for tests that run shell lines as users type them (POSIX only).
 * @module
 */

import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { MAIN } from "./helpers.ts";

/** Run `fn` with a bin folder whose `pwf` runs dist/pwf.js; removes it afterwards. */
export async function withPwfBin<T>(fn: (bin: string) => Promise<T>): Promise<T> {
  const bin = await Deno.makeTempDir({ prefix: "pwf-bin-" });
  try {
    const flags = [...RUN_FLAGS, ...PERMISSION_FLAGS].map((f) => `'${f}'`).join(" ");
    await Deno.writeTextFile(
      `${bin}/pwf`,
      `#!/bin/sh\nexec '${Deno.execPath()}' run ${flags} '${MAIN}' "$@"\n`,
    );
    await Deno.chmod(`${bin}/pwf`, 0o755);
    return await fn(bin);
  } finally {
    await Deno.remove(bin, { recursive: true });
  }
}

/**
 * Run the CLI in this process on a fake Host (the same `run()` main.ts
 * calls), for property tests that need hundreds of fires: a subprocess costs
 * ~1 s under Wine. Black-box behaviour that depends on the sandbox flags or
 * on real stdio stays with `runPwf`.
 * @module
 */

import { run } from "../lib/cli/mod.ts";
import type { Host } from "../lib/core/host.ts";

/** What an in-process run produced. */
export interface InProcessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run `pwf <args>` in-process with `dir` as the project root. */
export async function runInProcess(
  dir: string,
  args: readonly string[],
  opts: { env?: Record<string, string>; stdin?: string; now?: Date; isTty?: boolean } = {},
): Promise<InProcessResult> {
  let stdout = "";
  let stderr = "";
  const input = new TextEncoder().encode(opts.stdin ?? "");
  const host: Host = {
    cwd: dir,
    os: Deno.build.os === "windows" ? "windows" : "posix",
    env: (n) => opts.env?.[n],
    now: () => opts.now ?? new Date(),
    readStdin: (limit) => Promise.resolve(input.slice(0, limit)),
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    isTty: opts.isTty ?? false,
  };
  const code = await run(args, host);
  return { code, stdout, stderr };
}

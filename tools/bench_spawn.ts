/**
 * One measured process of the bench (tools/bench.ts): wall time around the
 * spawn, and the child's CPU time and peak RSS from /usr/bin/time when the
 * machine has it.
 * @module
 */

/** One run of a case. */
export interface Sample {
  /** Wall time, measured here around the spawn. */
  readonly ms: number;
  /** User + system CPU time of the child (from /usr/bin/time, 10 ms resolution), or null. */
  readonly cpu: number | null;
  /** Peak RSS in KiB, or null. */
  readonly kb: number | null;
}

/** What to run: an executable, its arguments, stdin, and environment added to the bench's. */
export interface Spawn {
  readonly exe: string;
  readonly argv: readonly string[];
  readonly stdin: string;
  readonly env?: Record<string, string>;
}

/** True when /usr/bin/time can report CPU time and peak RSS. */
export const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);

/** Run one process in `cwd`, feeding it stdin, and measure it. */
export async function once(cwd: string, run: Spawn): Promise<Sample> {
  const cmd = hasTime ? "/usr/bin/time" : run.exe;
  const full = hasTime ? ["-f", "%U %S %M", run.exe, ...run.argv] : [...run.argv];
  const t0 = performance.now();
  const child = new Deno.Command(cmd, {
    args: full,
    cwd,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
    ...(run.env ? { env: run.env } : {}),
  }).spawn();
  const w = child.stdin.getWriter();
  try {
    await w.write(new TextEncoder().encode(run.stdin));
    await w.close();
  } catch { /* the child may exit before reading its stdin */ }
  const out = await child.output();
  const ms = performance.now() - t0;
  if (!hasTime) return { ms, cpu: null, kb: null };
  const [u, sys, kb] = (new TextDecoder().decode(out.stderr).trim().split("\n").pop() ?? "")
    .split(" ").map(Number);
  const cpu = (u ?? NaN) * 1000 + (sys ?? NaN) * 1000;
  return { ms, cpu: Number.isFinite(cpu) ? cpu : null, kb: Number.isFinite(kb) ? kb! : null };
}

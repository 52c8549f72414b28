/**
 * Fault-injection helpers for black-box tests: run the CLI under the sandbox
 * flags with stdin held open, stdout closed before it writes, and a wall
 * clock. Wall-time bounds are calibrated against a trivial fire measured in
 * the same test on the same machine (the Windows lane under Wine is ~10x
 * slower), never a fixed number alone.
 * @module
 */

import { PERMISSION_FLAGS, RUN_FLAGS } from "../lib/core/permissions.ts";
import { LOCK_NAME } from "../lib/fs/lock.ts";
import { baseEnv, MAIN } from "./helpers.ts";
import type { HostEvent, HostSpec } from "../lib/hosts/host_spec.ts";
import { inBatches } from "../tools/batches.ts";

export { inBatches };

/** How a faulty run is set up. */
export interface FaultRun {
  readonly env?: Record<string, string>;
  /** Bytes written to stdin first (default none). */
  readonly stdin?: string;
  /** Keep stdin open after writing (the host never closes it). */
  readonly holdStdin?: boolean;
  /** Close stdout's read end before the child writes (a broken pipe). */
  readonly brokenStdout?: boolean;
  /** After `stdin`, write more while the child runs (e.g. around a clock step). */
  readonly feed?: (write: (text: string) => Promise<void>) => Promise<void>;
}

/** What it produced. */
export interface FaultResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time from spawn to exit, in ms. */
  readonly ms: number;
  /** Whether the watchdog had to kill it. */
  readonly killed: boolean;
}

/** Longest a faulty run may live before the watchdog kills it (so a test stops by itself). */
export const WATCHDOG_MS = 10_000;

/** Run `pwf <args>` in `cwd` with the faults asked for. */
export async function runFaulty(
  cwd: string,
  args: readonly string[],
  f: FaultRun = {},
): Promise<FaultResult> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...RUN_FLAGS, ...PERMISSION_FLAGS, MAIN, ...args],
    cwd,
    env: { ...baseEnv(), ...f.env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let killed = false;
  const watchdog = setTimeout(() => {
    killed = true;
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
  }, WATCHDOG_MS);
  const out = f.brokenStdout
    ? child.stdout.cancel().then(() => new Uint8Array(0))
    : new Response(child.stdout).bytes();
  if (f.brokenStdout) await out;
  const err = new Response(child.stderr).bytes();
  const writer = child.stdin.getWriter();
  try {
    if (f.stdin) await writer.write(new TextEncoder().encode(f.stdin));
    if (f.feed) await f.feed((t) => writer.write(new TextEncoder().encode(t)));
    if (!f.holdStdin) await writer.close();
  } catch { /* the child may be gone already */ }
  const status = await child.status;
  const ms = performance.now() - started;
  clearTimeout(watchdog);
  if (f.holdStdin) await writer.close().catch(() => {});
  const dec = new TextDecoder();
  return {
    code: status.code,
    stdout: dec.decode(await out),
    stderr: dec.decode(await err),
    ms,
    killed,
  };
}

/**
 * The wall-time bound for a faulty fire: 2 s, or more on a machine where a
 * trivial fire (measured now, `width` at a time, like the faulty ones) is
 * slow: twice the slowest trivial fire plus one second of fixed waits
 * (stdin deadline, lock wait).
 */
export async function calibratedBoundMs(cwd: string, width = 1): Promise<number> {
  const runs = await inBatches(
    Array.from({ length: width }, (_, i) => i),
    width,
    () => runFaulty(cwd, ["hook", "plain", "posttool"], { stdin: "{}" }),
  );
  const slowest = Math.max(...runs.map((r) => r.ms));
  return Math.max(2000, 2 * slowest + 1000);
}

/**
 * Plant a plan's lock file as a crashed or foreign writer leaves one (nobody
 * holds its OS lock): `text` as its content, `mtime` as its age. Returns its path.
 */
export async function plantLock(
  dir: string,
  id: string,
  opts: { text?: string; mtime?: Date } = {},
): Promise<string> {
  const path = `${dir}/.planning/${id}/${LOCK_NAME}`;
  await Deno.writeTextFile(path, opts.text ?? "x\n");
  if (opts.mtime) await Deno.utime(path, opts.mtime, opts.mtime);
  return path;
}

/** A lock whose mtime is an hour in the future (a clock stepped back after a crash). */
export function futureLock(dir: string, id: string): Promise<string> {
  return plantLock(dir, id, { mtime: new Date(Date.now() + 3600_000) });
}

/** Write zeros into `dir/filler` until the filesystem is full; returns the filler's path. */
export async function fillDisk(dir: string): Promise<string> {
  const path = `${dir}/filler`;
  const f = await Deno.open(path, { write: true, create: true });
  const chunk = new Uint8Array(4096);
  try {
    for (;;) await f.write(chunk);
  } catch {
    /* ENOSPC: full */
  } finally {
    f.close();
  }
  return path;
}

async function sh(cmd: string, args: string[]): Promise<void> {
  const out = await new Deno.Command(cmd, { args, stderr: "piped" }).output();
  if (!out.success) {
    throw new Error(`${cmd} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
}

/**
 * A fresh project directory on its own 1 MiB tmpfs with `inodes` inodes, so a
 * test can fill it (root on Linux only: tests/skip.ts isLinuxRoot). The
 * cleanup unmounts it and removes it.
 */
export async function smallTmpfs(
  prefix: string,
  inodes: number,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const base = await Deno.makeTempDir({ prefix });
  const dir = `${base}/p`;
  await Deno.mkdir(dir);
  await sh("mount", ["-t", "tmpfs", "-o", `size=1m,nr_inodes=${inodes}`, "tmpfs", dir]);
  return {
    dir,
    cleanup: async () => {
      await sh("umount", [dir]).catch(() => sh("umount", ["-l", dir]));
      await Deno.remove(base, { recursive: true });
    },
  };
}

/** One event of one host. */
export interface HostCell {
  readonly host: HostSpec;
  readonly event: HostEvent;
}

/** Whether the host answers this event in JSON (judged by its own respond()). */
export function speaksJson(c: HostCell): boolean {
  const sample = c.host.respond(c.event, {
    context: "x",
    block: c.event.op === "stop" ? "y" : null,
  });
  const line = sample.split("\n").find((l) => l.trim() !== "");
  if (line === undefined) return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** The exit codes the host's contract allows for this event (allowed or blocked). */
export function allowedCodes(c: HostCell): number[] {
  const blocked = c.host.exitCode?.(c.event, { context: "", block: "x" }) ?? 0;
  const allowed = c.host.exitCode?.(c.event, { context: "", block: null }) ?? 0;
  return [...new Set([allowed, blocked])];
}

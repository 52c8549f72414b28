/**
 * Entry point: the only file that touches Deno.args, Deno.exit and the real
 * stdio. Builds the Host and hands argv to the CLI.
 * @module
 */

import { run } from "./lib/cli/mod.ts";
import type { Host, StdinUntil } from "./lib/core/host.ts";

function writeAll(file: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = new TextEncoder().encode(text);
  let off = 0;
  while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
}

/**
 * The first stdout/stderr write error (a closed pipe, a full disk), if any.
 * Output is then dropped instead of thrown: a hook still records its receipt
 * and exits 0; a command says so once on stderr and exits 1.
 */
const broken: { stdout: unknown; stderr: unknown } = { stdout: null, stderr: null };

function safeWrite(name: "stdout" | "stderr", text: string): void {
  if (broken[name] !== null) return;
  try {
    writeAll(name === "stdout" ? Deno.stdout : Deno.stderr, text);
  } catch (err) {
    broken[name] = err;
  }
}

/**
 * A promise that resolves after `ms`, without setTimeout: in Deno 2.9 the
 * first setTimeout call loads the node:timers compatibility layer, which costs
 * more CPU than a whole typical hook fire (docs/performance.md). A timed
 * Atomics.waitAsync on a cell nobody notifies is V8's own timer; it fires
 * while a pending read keeps the event loop running.
 */
function sleepFor(ms: number): Promise<"timeout"> {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const w = Atomics.waitAsync(cell, 0, 0, ms);
  return w.async ? w.value.then(() => "timeout" as const) : Promise.resolve("timeout" as const);
}

/** One read, or "timeout" when `ms` pass first (the pending read is abandoned: the process exits soon). */
async function readWithin(buf: Uint8Array, ms: number): Promise<number | null | "timeout"> {
  if (ms === Infinity) return await Deno.stdin.read(buf);
  return await Promise.race([Deno.stdin.read(buf), sleepFor(ms)]);
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

async function readStdin(limit: number, until?: StdinUntil): Promise<Uint8Array> {
  if (Deno.stdin.isTerminal()) return new Uint8Array(0);
  // Each wait is also clamped to the whole budget: a wall clock set back mid-fire cannot
  // stretch a wait on a held-open stdin (the Windows lane lost payloads on performance.now()).
  const deadline = until ? Date.now() + until.deadlineMs : Infinity;
  const chunks: Uint8Array[] = [];
  let kept = 0;
  for (;;) {
    const buf = new Uint8Array(64 * 1024); // fresh: an abandoned read may still fill the old one
    let n: number | null | "timeout";
    try {
      n = await readWithin(
        buf,
        until === undefined
          ? Infinity
          : Math.min(until.deadlineMs, Math.max(0, deadline - Date.now())),
      );
    } catch {
      break; // a closed or unreadable stdin is an empty one
    }
    if (n === null || n === 0 || n === "timeout") break;
    if (kept < limit) {
      const take = Math.min(n, limit - kept);
      chunks.push(buf.slice(0, take));
      kept += take;
      if (until?.complete(concat(chunks, kept))) break;
    }
  }
  return concat(chunks, kept);
}

/** One chunk of stdin as it arrives; null at its end or when stdin cannot be read. */
async function readChunk(): Promise<Uint8Array | null> {
  const buf = new Uint8Array(64 * 1024);
  try {
    const n = await Deno.stdin.read(buf);
    return n === null ? null : buf.slice(0, n);
  } catch {
    return null; // a closed or unreadable stdin is an ended one
  }
}

function envGet(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined; // not in the sandbox's --allow-env list
  }
}

const host: Host = {
  cwd: Deno.cwd(),
  os: Deno.build.os === "windows" ? "windows" : "posix",
  env: envGet,
  now: () => new Date(),
  readStdin,
  readChunk,
  stdoutBroken: () => broken.stdout !== null,
  stdout: (text) => safeWrite("stdout", text),
  stderr: (text) => safeWrite("stderr", text),
  isTty: Deno.stdout.isTerminal(),
};

const code = await run(Deno.args, host);
if (broken.stdout !== null && Deno.args[0] !== "hook") {
  const why = broken.stdout instanceof Error ? broken.stdout.message : String(broken.stdout);
  safeWrite("stderr", `pwf: could not write the output to stdout (${why})\n`);
  Deno.exit(code === 0 ? 1 : code);
}
Deno.exit(code);

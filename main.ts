/**
 * Entry point: the only file that touches Deno.args, Deno.exit and the real
 * stdio. Builds the Host and hands argv to the CLI.
 * @module
 */

import { run } from "./lib/cli/mod.ts";
import type { Host } from "./lib/core/host.ts";

function writeAll(file: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = new TextEncoder().encode(text);
  let off = 0;
  while (off < bytes.length) off += file.writeSync(bytes.subarray(off));
}

function readStdin(limit: number): Uint8Array {
  if (Deno.stdin.isTerminal()) return new Uint8Array(0);
  const buf = new Uint8Array(Math.min(limit, 64 * 1024));
  const chunks: Uint8Array[] = [];
  let kept = 0;
  const scratch = new Uint8Array(64 * 1024);
  for (;;) {
    let n: number | null;
    try {
      n = Deno.stdin.readSync(kept < limit ? buf : scratch);
    } catch {
      break; // a closed or unreadable stdin is an empty one
    }
    if (n === null || n === 0) break;
    if (kept < limit) {
      const take = Math.min(n, limit - kept);
      chunks.push(buf.slice(0, take));
      kept += take;
    }
  }
  const out = new Uint8Array(kept);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.length;
  }
  return out;
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
  env: envGet,
  now: () => new Date(),
  readStdin,
  stdout: (text) => writeAll(Deno.stdout, text),
  stderr: (text) => writeAll(Deno.stderr, text),
  isTty: Deno.stdout.isTerminal(),
};

Deno.exit(await run(Deno.args, host));

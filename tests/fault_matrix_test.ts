/**
 * The fault matrix (issue 12, acceptance 2): every host of the host table and
 * every event it registers, with stdin held open, a lock whose mtime is in
 * the future, a broken stdout and a full disk: the exit code the host's
 * contract asks for (0, or Mastra Code's 2 for a block), valid host output,
 * and a wall time under 2 s (scaled on a slow machine: tests/faults.ts).
 * Cells run a few at a time: the machine is shared and Wine spawns are slow.
 */
import { assert, assertEquals } from "./assert.ts";
import { SAMPLE_PLAN, tempProject } from "./helpers.ts";
import { calibratedBoundMs, type FaultResult, inBatches, runFaulty } from "./faults.ts";
import { isLinuxRoot, skipWhen } from "./skip.ts";
import { HOSTS } from "../lib/hosts/table.ts";
import type { HostEvent, HostSpec } from "../lib/hosts/host_spec.ts";

const WIDTH = 4;

interface Cell {
  readonly host: HostSpec;
  readonly event: HostEvent;
}

const CELLS: readonly Cell[] = HOSTS.flatMap((host) =>
  host.events.map((event) => ({ host, event }))
);

/** A gated, attested plan (so Stop events write gate counters under the lock). */
async function project(dir: string): Promise<string> {
  const init = await runFaulty(dir, ["init", "Matrix", "--gated", "--json"]);
  if (init.code !== 0) throw new Error(init.stderr);
  const id = JSON.parse(init.stdout).id;
  await Deno.writeTextFile(`${dir}/.planning/${id}/task_plan.md`, SAMPLE_PLAN);
  if ((await runFaulty(dir, ["attest"])).code !== 0) throw new Error("attest failed");
  return id;
}

async function futureLock(dir: string, id: string): Promise<void> {
  const path = `${dir}/.planning/${id}/.pwf.lock`;
  await Deno.writeTextFile(path, "x\n");
  const future = new Date(Date.now() + 3600_000);
  await Deno.utime(path, future, future);
}

/** Whether the host answers this event in JSON (judged by its own respond()). */
function speaksJson(c: Cell): boolean {
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

function allowedCodes(c: Cell): number[] {
  const blocked = c.host.exitCode?.(c.event, { context: "", block: "x" }) ?? 0;
  const allowed = c.host.exitCode?.(c.event, { context: "", block: null }) ?? 0;
  return [...new Set([allowed, blocked])];
}

function assertCell(c: Cell, r: FaultResult, bound: number, fault: string, output: boolean): void {
  const what = `${c.host.name} ${c.event.name} (${fault})`;
  assertEquals(r.killed, false, `${what}: hung`);
  assert(allowedCodes(c).includes(r.code), `${what}: exit ${r.code}: ${r.stderr}`);
  assert(!/bug in pwf/.test(r.stderr), `${what}: ${r.stderr}`);
  assert(r.ms < bound, `${what}: ${r.ms.toFixed(0)} ms (bound ${bound} ms)`);
  if (!output || r.stdout === "") return;
  assert(r.stdout.endsWith("\n"), `${what}: output not newline-terminated`);
  if (speaksJson(c)) {
    const lines = r.stdout.split("\n").filter((l) => l.trim() !== "");
    assertEquals(lines.length, 1, `${what}: not one JSON object: ${r.stdout}`);
    JSON.parse(lines[0]!);
  }
}

async function perHost(
  fn: (dir: string, id: string, cells: readonly Cell[]) => Promise<void>,
  dirOf?: (i: number) => Promise<{ dir: string; cleanup: () => Promise<void> }>,
): Promise<void> {
  // One project per host: its cells run one after another there, hosts side by side.
  await inBatches(HOSTS.map((h, i) => ({ h, i })), WIDTH, async ({ h, i }) => {
    const p = dirOf ? await dirOf(i) : await tempProject("pwf-matrix-");
    try {
      const id = await project(p.dir);
      await fn(p.dir, id, CELLS.filter((c) => c.host === h));
    } finally {
      await p.cleanup();
    }
  });
}

Deno.test("every host event with stdin held open and a lock from the future: contract exit code, valid output, within the bound", async () => {
  assert(CELLS.length >= HOSTS.length, "the host table registers events");
  const p = await tempProject("pwf-matrix-");
  const bound = await calibratedBoundMs(p.dir, WIDTH).finally(p.cleanup);
  await perHost(async (dir, id, cells) => {
    for (const c of cells) {
      await futureLock(dir, id);
      const r = await runFaulty(dir, ["hook", c.host.name, c.event.name], {
        stdin: "",
        holdStdin: true,
      });
      assertCell(c, r, bound, "stdin held open, future lock", true);
    }
  });
});

Deno.test("every host event with a broken stdout, stdin held open and a lock from the future: contract exit code within the bound", async () => {
  const p = await tempProject("pwf-matrix-");
  const bound = await calibratedBoundMs(p.dir, WIDTH).finally(p.cleanup);
  await perHost(async (dir, id, cells) => {
    for (const c of cells) {
      await futureLock(dir, id);
      const r = await runFaulty(dir, ["hook", c.host.name, c.event.name], {
        stdin: '{"session_id":"s"}',
        holdStdin: true,
        brokenStdout: true,
      });
      assertCell(c, r, bound, "broken stdout, stdin held open, future lock", false);
    }
  });
});

async function run(cmd: string, args: string[]): Promise<void> {
  const out = await new Deno.Command(cmd, { args, stderr: "piped" }).output();
  if (!out.success) throw new Error(`${cmd}: ${new TextDecoder().decode(out.stderr)}`);
}

Deno.test(skipWhen(
  !isLinuxRoot(),
  "a full disk is a small tmpfs, which needs root on Linux (the other faults run everywhere)",
  {
    name:
      "every host event on a full disk with stdin held open: contract exit code, valid output, within the bound",
    fn: async () => {
      const p = await tempProject("pwf-matrix-");
      const bound = await calibratedBoundMs(p.dir, WIDTH).finally(p.cleanup);
      await perHost(
        async (dir, _id, cells) => {
          // Fill this host's tmpfs to the last byte, then fire every event.
          const f = await Deno.open(`${dir}/filler`, { write: true, create: true });
          try {
            for (;;) await f.write(new Uint8Array(4096));
          } catch {
            /* full */
          } finally {
            f.close();
          }
          for (const c of cells) {
            const r = await runFaulty(dir, ["hook", c.host.name, c.event.name], {
              stdin: "{}",
              holdStdin: true,
            });
            assertCell(c, r, bound, "full disk, stdin held open", true);
          }
        },
        async (i) => {
          const base = await Deno.makeTempDir({ prefix: `pwf-matrix-full-${i}-` });
          await run("mount", ["-t", "tmpfs", "-o", "size=1m,nr_inodes=300", "tmpfs", base]);
          return {
            dir: base,
            cleanup: async () => {
              await run("umount", [base]).catch(() => run("umount", ["-l", base]));
              await Deno.remove(base, { recursive: true });
            },
          };
        },
      );
    },
  },
));

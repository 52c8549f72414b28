/**
 * The fault matrix (issue 12, acceptance 2): every host of the host table and
 * every event it registers, with stdin held open, a lock whose mtime is in
 * the future, a broken stdout and a full disk: the exit code the host's
 * contract asks for (0, or Mastra Code's 2 for a block), valid host output,
 * and a wall time under 2 s (scaled on a slow machine: tests/faults.ts).
 * Cells run a few at a time: the machine is shared and Wine spawns are slow.
 */
import { assert, assertEquals } from "./assert.ts";
import { attestedPlan, SAMPLE_PLAN, tempProject } from "./helpers.ts";
import {
  allowedCodes,
  calibratedBoundMs,
  type FaultResult,
  type FaultRun,
  fillDisk,
  futureLock,
  inBatches,
  runFaulty,
  smallTmpfs,
  speaksJson,
} from "./faults.ts";
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
      // Gated and attested, so Stop events write gate counters under the lock.
      const id = await attestedPlan(p.dir, SAMPLE_PLAN);
      await fn(p.dir, id, CELLS.filter((c) => c.host === h));
    } finally {
      await p.cleanup();
    }
  });
}

/** The wall-time bound of a cell on this machine, calibrated in a throwaway project. */
async function matrixBound(): Promise<number> {
  const p = await tempProject("pwf-matrix-");
  return await calibratedBoundMs(p.dir, WIDTH).finally(p.cleanup);
}

/** Fire every cell of every host once with a lock from the future and the faults `f`. */
async function everyCellWithFutureLock(f: FaultRun, fault: string, output: boolean) {
  const bound = await matrixBound();
  await perHost(async (dir, id, cells) => {
    for (const c of cells) {
      await futureLock(dir, id);
      const r = await runFaulty(dir, ["hook", c.host.name, c.event.name], f);
      assertCell(c, r, bound, fault, output);
    }
  });
}

Deno.test("every host event with stdin held open and a lock from the future: contract exit code, valid output, within the bound", async () => {
  assert(CELLS.length >= HOSTS.length, "the host table registers events");
  await everyCellWithFutureLock(
    { stdin: "", holdStdin: true },
    "stdin held open, future lock",
    true,
  );
});

Deno.test("every host event with a broken stdout, stdin held open and a lock from the future: contract exit code within the bound", async () => {
  await everyCellWithFutureLock(
    { stdin: '{"session_id":"s"}', holdStdin: true, brokenStdout: true },
    "broken stdout, stdin held open, future lock",
    false,
  );
});

Deno.test(skipWhen(
  !isLinuxRoot(),
  "a full disk is a small tmpfs, which needs root on Linux (the other faults run everywhere)",
  {
    name:
      "every host event on a full disk with stdin held open: contract exit code, valid output, within the bound",
    fn: async () => {
      const bound = await matrixBound();
      await perHost(
        async (dir, _id, cells) => {
          await fillDisk(dir); // this host's tmpfs, to the last byte; then every event fires
          for (const c of cells) {
            const r = await runFaulty(dir, ["hook", c.host.name, c.event.name], {
              stdin: "{}",
              holdStdin: true,
            });
            assertCell(c, r, bound, "full disk, stdin held open", true);
          }
        },
        (i) => smallTmpfs(`pwf-matrix-full-${i}-`, 300),
      );
    },
  },
));

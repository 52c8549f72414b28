// deno-lint-ignore-file no-console
/**
 * The session workload of the bench (issue 32): one Claude Code session
 * (bench/session.ts `sessionFires`) answered by pwf's hooks and by the
 * original's, each fire its own process (none where the side's matcher does
 * not select the tool), on fresh copies of the same plan; the two sides
 * alternate session by session (A B, B A, ...), and each pair gives a ratio.
 * @module
 */

import { type Fire, fireLabel, type Registration, runsFor } from "../bench/session.ts";
import { median, pairRatios, range, spread } from "../bench/stats.ts";
import { once, type Spawn } from "./bench_spawn.ts";

/** One side of the comparison. */
export interface SessionSide {
  readonly name: string;
  readonly hooks: readonly Registration[];
  /** The process of one registration (its `run`) for a fire. */
  spawn(reg: Registration, fire: Fire): Spawn;
  /** A fresh project holding the plan; the session runs in it. */
  project(): Promise<string>;
}

/** One session's figures. */
interface SessionRun {
  readonly totalMs: number;
  readonly processes: number;
  readonly perLabel: Map<string, number[]>;
  /** Processes started per label. */
  readonly spawned: Map<string, number>;
}

async function session(side: SessionSide, fires: readonly Fire[]): Promise<SessionRun> {
  const dir = await side.project();
  const perLabel = new Map<string, number[]>();
  const spawned = new Map<string, number>();
  let totalMs = 0;
  let processes = 0;
  for (const fire of fires) {
    const label = fireLabel(fire);
    let ms = 0;
    for (const reg of runsFor(side.hooks, fire)) {
      ms += (await once(dir, side.spawn(reg, fire))).ms;
      processes++;
      spawned.set(label, (spawned.get(label) ?? 0) + 1);
    }
    totalMs += ms;
    perLabel.set(label, [...(perLabel.get(label) ?? []), ms]);
  }
  return { totalMs, processes, perLabel, spawned };
}

/**
 * Run `pairs` pairs of sessions of `a` and `b` and print the totals, the
 * ratio a/b per pair (median, min-max), the processes each side started, and
 * each event's median per fire (0 where no process ran).
 */
export async function compareSessions(
  title: string,
  fires: readonly Fire[],
  a: SessionSide,
  b: SessionSide,
  pairs: number,
): Promise<void> {
  const runs = { a: [] as SessionRun[], b: [] as SessionRun[] };
  for (let i = 0; i < pairs; i++) {
    if (i % 2 === 0) {
      runs.a.push(await session(a, fires));
      runs.b.push(await session(b, fires));
    } else {
      runs.b.push(await session(b, fires));
      runs.a.push(await session(a, fires));
    }
  }
  const totals = (rs: SessionRun[]) => rs.map((r) => r.totalMs);
  const ratios = spread(pairRatios(totals(runs.a), totals(runs.b)));
  console.log(`\n${title}, ${pairs} pairs of sessions (alternating order):`);
  for (const [side, rs] of [[a, runs.a], [b, runs.b]] as const) {
    const t = spread(totals(rs));
    console.log(
      `  ${side.name.padEnd(10)} total ${(t.median / 1000).toFixed(2)} s median (${
        (t.min / 1000).toFixed(2)
      }-${(t.max / 1000).toFixed(2)}), ${rs[0]!.processes} processes for ${fires.length} fires`,
    );
  }
  console.log(
    `  ${a.name} / ${b.name}: ${ratios.median.toFixed(2)}x per session (pairs ${range(ratios)}) ${
      ratios.median < 1 ? "faster" : "slower"
    }`,
  );
  const labels = [...runs.a[0]!.perLabel.keys()];
  const perFire = (rs: SessionRun[], l: string) => median(rs.flatMap((r) => r.perLabel.get(l)!));
  const spawned = (rs: SessionRun[], l: string) => rs[0]!.spawned.get(l) ?? 0;
  console.log(`  per fire, median ms (${a.name} / ${b.name}; 0: no process), processes:`);
  for (const l of labels) {
    console.log(
      `    ${l.padEnd(18)} ${perFire(runs.a, l).toFixed(1).padStart(6)} / ${
        perFire(runs.b, l).toFixed(1).padStart(6)
      }  (${runs.a[0]!.perLabel.get(l)!.length} fires; processes ${spawned(runs.a, l)} / ${
        spawned(runs.b, l)
      })`,
    );
  }
}

// deno-lint-ignore-file no-console
/**
 * `deno task bench`: the performance budget of SPEC section 13, measured as
 * ratios on this machine in one run.
 *
 * 1. Whole-process hook path: median wall time of `pwf hook claude
 *    PreToolUse` and `... UserPromptSubmit` (from source, under the sandbox
 *    flags, typical 5-phase plan and a 1 MiB plan) divided by the median of
 *    `deno run` of an empty script under the same flags. Budget: 1.3x (typical
 *    plan), 2x (1 MiB plan). Peak memory (max RSS, via /usr/bin/time when
 *    present) divided likewise; budget 1.3x.
 * 2. In-process cost of each tier for 1 KiB / 64 KiB / 1 MiB plans
 *    (`deno bench bench/`).
 *
 * Options: `--runs N` (default 15, at least 10), `--no-micro` (skip step 2).
 * @module
 */

import { REPO_ROOT } from "./file_url.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { syntheticPlan } from "../bench/plans.ts";
import { ensureBundle } from "./bundle.ts";

const deno = Deno.execPath();
const repo = `${REPO_ROOT}/`;
const args = Deno.args;
const runs = Math.max(10, Number(args[args.indexOf("--runs") + 1]) || 15);
const hasTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);

interface Sample {
  readonly ms: number;
  readonly kb: number | null;
}

async function once(cwd: string, argv: string[], stdin: string): Promise<Sample> {
  const cmd = hasTime ? "/usr/bin/time" : deno;
  const full = hasTime ? ["-f", "%M", deno, ...argv] : argv;
  const t0 = performance.now();
  const child = new Deno.Command(cmd, {
    args: full,
    cwd,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(stdin));
  await w.close();
  const out = await child.output();
  const ms = performance.now() - t0;
  const kb = hasTime ? Number(new TextDecoder().decode(out.stderr).trim().split("\n").pop()) : null;
  return { ms, kb: Number.isFinite(kb) ? kb : null };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function project(planText: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "pwf-bench-" });
  await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.planning/p/task_plan.md`, planText);
  await Deno.writeTextFile(`${dir}/.planning/p/progress.md`, "# Progress\n- started\n");
  await Deno.writeTextFile(`${dir}/empty.ts`, "");
  return dir;
}

const payload = (event: string) =>
  JSON.stringify({
    session_id: "bench",
    cwd: "/x",
    hook_event_name: event,
    tool_name: "Edit",
    prompt: "go",
  });

interface Case {
  readonly name: string;
  readonly dir: string;
  readonly argv: string[];
  readonly stdin: string;
}

const typical = await project(syntheticPlan(5 * 1024));
const big = await project(syntheticPlan(1024 * 1024));
const main = (await ensureBundle(REPO_ROOT, (l) => console.error(l))).file; // the one artifact
const cases: Case[] = [
  {
    name: "empty script",
    dir: typical,
    argv: ["run", ...PERMISSION_FLAGS, `${typical}/empty.ts`],
    stdin: "",
  },
  ...[["typical", typical], ["1 MiB", big]].flatMap(([label, dir]) =>
    ["PreToolUse", "UserPromptSubmit"].map((event) => ({
      name: `hook claude ${event} (${label} plan)`,
      dir: dir!,
      argv: ["run", ...PERMISSION_FLAGS, main, "hook", "claude", event],
      stdin: payload(event),
    }))
  ),
];

console.log(
  `pwf bench: ${runs} runs per case after 3 warm-up runs, interleaved; deno ${Deno.version.deno}`,
);
const samples = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
for (const c of cases) for (let i = 0; i < 3; i++) await once(c.dir, c.argv, c.stdin);
for (let i = 0; i < runs; i++) {
  for (const c of cases) samples.get(c.name)!.push(await once(c.dir, c.argv, c.stdin));
}

const base = samples.get("empty script")!;
const baseMs = median(base.map((s) => s.ms));
const baseKb = hasTime ? median(base.map((s) => s.kb ?? 0)) : null;
let over = 0;
console.log(
  "\ncase                                        median ms  ratio  budget   peak KiB  ratio  budget",
);
for (const c of cases) {
  const s = samples.get(c.name)!;
  const ms = median(s.map((x) => x.ms));
  const kb = baseKb ? median(s.map((x) => x.kb ?? 0)) : null;
  const budget = c.name.includes("1 MiB") ? 2 : 1.3;
  const ratio = ms / baseMs;
  const memRatio = kb && baseKb ? kb / baseKb : null;
  const isBase = c === cases[0];
  if (!isBase && (ratio > budget || (memRatio !== null && memRatio > 1.3))) over++;
  console.log(
    `${c.name.padEnd(44)}${ms.toFixed(1).padStart(9)}  ${ratio.toFixed(2).padStart(5)}  ${
      isBase ? "     " : `${budget.toFixed(1)}x`.padStart(5)
    }` +
      `  ${kb === null ? "       n/a" : String(kb).padStart(9)}  ${
        memRatio === null ? "  n/a" : memRatio.toFixed(2).padStart(5)
      }  ${isBase ? "" : "1.3x"}`,
  );
}
console.log(over ? `\n${over} case(s) over budget` : "\nall hook-path cases within budget");

for (const dir of [typical, big]) await Deno.remove(dir, { recursive: true });

if (!args.includes("--no-micro")) {
  console.log("\nIn-process cost of each tier (deno bench bench/):");
  const out = await new Deno.Command(deno, {
    args: ["bench", "--allow-read", "bench/"],
    cwd: repo,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!out.success) Deno.exit(1);
}

import { assert, assertEquals } from "./assert.ts";
import { rng } from "./rng.ts";
import { runInProcess } from "./in_process.ts";
import { inProject, writeText } from "./helpers.ts";
import { parsePlan, type PhaseStatus } from "../lib/core/plan/parse.ts";
import { lintPlan } from "../lib/core/plan/lint.ts";
import { currentPhaseNumber, expectedCurrentPhase } from "../lib/core/plan/edit.ts";

const STATUSES = ["pending", "in_progress", "complete"] as const;
const WORDS = [...STATUSES, "done", "in-progress"];

/** A random plan: 1-6 phases, random statuses (sometimes two in progress, a typo, a missing line). */
function randomPlan(r: () => number): string {
  const n = 1 + Math.floor(r() * 6);
  const out = [
    "# Task Plan: Random",
    "",
    "## Goal",
    "Ship it",
    "",
    "## Current Phase",
    "Phase 1",
    "",
  ];
  for (let i = 1; i <= n; i++) {
    out.push(`### Phase ${i}: Step ${i}`);
    const roll = r();
    if (roll < 0.05) {
      out.push("- [ ] no status line");
    } else {
      const s = roll < 0.1 ? "done" : STATUSES[Math.floor(r() * 3)];
      out.push(`- **Status:** ${s}`);
    }
    out.push("");
  }
  out.push("## Next Step", "Go", "");
  return out.join(r() < 0.3 ? "\r\n" : "\n");
}

function randomCommand(r: () => number, phases: number): string[] {
  const n = String(Math.floor(r() * (phases + 2)));
  const word = WORDS[Math.floor(r() * WORDS.length)] as string;
  const flags = r() < 0.15 ? ["--switch"] : [];
  return ["phase", n, word, ...flags];
}

/** Lint errors with their numbers blanked, so a shifted line is not a new error. */
function errorKinds(text: string): Set<string> {
  return new Set(
    lintPlan(parsePlan(text)).filter((f) => f.severity === "ERROR").map((f) =>
      f.message.replace(/\d+/g, "#")
    ),
  );
}

function assertInvariant(text: string, context: string): void {
  const plan = parsePlan(text);
  const statuses: PhaseStatus[] = plan.phases.map((p) => p.status);
  const active = statuses.filter((s) => s === "in_progress").length;
  const complete = statuses.filter((s) => s === "complete").length;
  assert(active <= 1, `two phases in progress after ${context}`);
  assert(
    active === 1 || complete === 0 || complete === statuses.length,
    `a half-done plan with no phase in progress after ${context}: ${statuses.join(",")}`,
  );
  const want = expectedCurrentPhase(plan);
  const said = plan.currentPhase?.text ?? "";
  if (want !== null && want.startsWith("Phase ")) {
    assertEquals(currentPhaseNumber(said), Number(want.slice(6)), `Current Phase after ${context}`);
  } else if (want !== null) {
    assertEquals(said, want, `Current Phase after ${context}`);
  }
}

Deno.test("every accepted pwf phase keeps one phase in progress, Current Phase and lint; every refused one writes nothing", async () => {
  const seed = 24;
  const r = rng(seed);
  let accepted = 0, refused = 0;
  await inProject(async (dir) => {
    const file = `${dir}/.planning/p/task_plan.md`;
    for (let plan = 0; plan < 40; plan++) {
      await writeText(dir, ".planning/p/task_plan.md", randomPlan(r));
      for (let step = 0; step < 12; step++) {
        const before = await Deno.readFile(file);
        const beforeText = new TextDecoder().decode(before);
        const phases = parsePlan(beforeText).phases.length;
        const args = randomCommand(r, phases);
        const context = `seed ${seed} plan ${plan} step ${step}: pwf ${args.join(" ")}`;
        const res = await runInProcess(dir, args);
        const after = await Deno.readFile(file);
        if (res.code !== 0) {
          refused++;
          assertEquals(after, before, `refused edit changed the file (${context}): ${res.stderr}`);
          assertEquals(res.stderr.trim().split("\n").length, 1, `one-line refusal (${context})`);
          continue;
        }
        accepted++;
        const afterText = new TextDecoder().decode(after);
        assertInvariant(afterText, context);
        const old = errorKinds(beforeText);
        for (const kind of errorKinds(afterText)) {
          assert(old.has(kind), `new lint error "${kind}" after ${context}`);
        }
      }
    }
  });
  assert(accepted > 100 && refused > 50, `accepted ${accepted}, refused ${refused}`);
});

Deno.test("phase refuses a number two headings share, naming both lines, and writes nothing", async () => {
  await inProject(async (dir) => {
    const text =
      "# P\n## Goal\nG\n### Phase 3: A\n- **Status:** in_progress\n### Phase 3: B\n- **Status:** pending\n";
    await writeText(dir, ".planning/p/task_plan.md", text);
    const r = await runInProcess(dir, ["phase", "3", "complete"]);
    assertEquals(r.code, 1);
    assert(r.stderr.includes("lines 4, 6"), r.stderr);
    assertEquals(await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`), text);
  });
});

Deno.test("phase refuses a plan with a phase heading it cannot read, naming the line", async () => {
  await inProject(async (dir) => {
    const text =
      "# P\n## Goal\nG\n### Phase 1: A\n- **Status:** in_progress\n## Phase 2: B\n- **Status:** pending\n";
    await writeText(dir, ".planning/p/task_plan.md", text);
    const r = await runInProcess(dir, ["phase", "1", "complete"]);
    assertEquals(r.code, 1);
    assert(r.stderr.includes("line 6"), r.stderr);
    assertEquals(await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`), text);
    const lint = await runInProcess(dir, ["lint"]);
    assert(lint.stdout.includes("ERROR 6:"), lint.stdout);
  });
});

Deno.test("phase names every phase when the number is missing", async () => {
  await inProject(async (dir) => {
    const text =
      "# P\n## Goal\nG\n### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n- **Status:** pending\n";
    await writeText(dir, ".planning/p/task_plan.md", text);
    const r = await runInProcess(dir, ["phase", "7", "complete"]);
    assertEquals(r.code, 1);
    assert(r.stderr.includes("phases: 1 (line 4), 2 (line 6)"), r.stderr);
  });
});

Deno.test("starting a phase while another is in progress is refused with the commands that resolve it", async () => {
  await inProject(async (dir) => {
    const text =
      "# P\n## Goal\nG\n## Current Phase\nPhase 1\n### Phase 1: A\n- **Status:** in_progress\n### Phase 2: B\n- **Status:** pending\n";
    await writeText(dir, ".planning/p/task_plan.md", text);
    const r = await runInProcess(dir, ["phase", "2", "in_progress"]);
    assertEquals(r.code, 1);
    assert(r.stderr.includes('"pwf phase 1 complete"'), r.stderr);
    assert(r.stderr.includes('"pwf phase 2 in_progress --switch"'), r.stderr);
    const s = await runInProcess(dir, ["phase", "2", "in_progress", "--switch"]);
    assertEquals(s.code, 0, s.stderr);
    const after = await Deno.readTextFile(`${dir}/.planning/p/task_plan.md`);
    assertEquals(
      after,
      "# P\n## Goal\nG\n## Current Phase\nPhase 2\n### Phase 1: A\n- **Status:** pending\n### Phase 2: B\n- **Status:** in_progress\n",
    );
  });
});

import { skipWhen } from "./skip.ts";
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotIncludes,
  assertStringIncludes,
} from "./assert.ts";
import {
  initPlan,
  inProject,
  readText,
  runPwf,
  type RunResult,
  SAMPLE_PLAN,
  writeText,
} from "./helpers.ts";

/** A gated plan holding SAMPLE_PLAN (phase 2 of 5 in progress, 1 complete). */
async function gatedPlan(dir: string, mode = "--gated"): Promise<string> {
  const id = await initPlan(dir, ["Gate", mode]);
  await writeText(dir, `.planning/${id}/task_plan.md`, SAMPLE_PLAN);
  return `.planning/${id}`;
}

function stop(
  dir: string,
  payload = `{"stop_hook_active": false}`,
  env: Record<string, string> = {},
  extra: string[] = [],
): Promise<RunResult> {
  return runPwf(dir, ["check", "--gate", ...extra], { stdin: payload, env });
}

function assertBlocked(r: RunResult): string {
  assertEquals(r.code, 0, r.stderr);
  const lines = r.stdout.split("\n").filter((l) => l !== "");
  assertEquals(lines.length, 1, r.stdout);
  const out = JSON.parse(lines[0]!);
  assertEquals(out.decision, "block");
  return out.reason;
}

function assertAllowed(r: RunResult): void {
  assertEquals(r.code, 0, r.stderr);
  assertNotIncludes(r.stdout, `"decision"`);
  assertEquals(r.stderr, "");
}

async function addLedgerLine(dir: string, p: string, n: number): Promise<void> {
  const path = `${dir}/${p}/ledger-main.jsonl`;
  const old = await Deno.readTextFile(path).catch(() => "");
  await Deno.writeTextFile(path, `${old}{"tick":${n},"event":"progress"}\n`);
}

Deno.test("check --gate blocks when all five conditions hold and records the block", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    assertBlocked(await stop(dir));
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "1\n");
    assertMatch(await readText(dir, `${p}/.gate_last_ledger`), /^0\ntask_plan\.md [0-9a-f]{64}\n/);
  });
});

Deno.test("check --gate block reason names the in-progress phase, done/total and N/cap", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const reason = assertBlocked(await stop(dir));
    assertStringIncludes(reason, "Phase 2: Build");
    assertStringIncludes(reason, "1/5");
    assertStringIncludes(reason, "gate block 1/20");
  });
});

Deno.test("check --gate with .mode autonomous (no gate) gives advisory output only", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir, "--autonomous");
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "Task in progress (1/5 phases complete)");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
  });
});

Deno.test("check --gate with stop_hook_active true never blocks", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const r = await stop(dir, `{"session_id":"s","stop_hook_active":true}`);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "Task in progress");
    assertStringIncludes(r.stdout, "stop_hook_active is true");
  });
});

Deno.test("check --gate: a string true inside another field does not count as stop_hook_active", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    assertBlocked(
      await stop(dir, `{"stop_hook_active":false,"last_message":"\\"stop_hook_active\\": true"}`),
    );
  });
});

Deno.test("check --gate: stop_hook_active nested in another object does not count", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    assertBlocked(await stop(dir, `{"tool_input":{"stop_hook_active":true}}`));
  });
});

Deno.test("check --gate blocks while a phase is pending even when none is in progress, naming the start command", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/task_plan.md`, SAMPLE_PLAN.replace("in_progress", "pending"));
    const r = await stop(dir);
    assertStringIncludes(r.stdout, '"decision":"block"');
    assertStringIncludes(r.stdout, "'Phase 2: Build' is pending (1/5 complete");
    assertStringIncludes(r.stdout, "pwf phase 2 in_progress");
  });
});

Deno.test("check --gate allows the stop once every phase is complete", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(
      dir,
      `${p}/task_plan.md`,
      SAMPLE_PLAN.replace(/in_progress|pending/g, "complete"),
    );
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "every phase is complete");
  });
});

Deno.test("check --gate at the cap allows with 'gate cap reached' and resets the count", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/.stop_blocks`, "2\n");
    const r = await stop(dir, undefined, { PWF_GATE_CAP: "2" });
    assertAllowed(r);
    assertStringIncludes(r.stdout, "Task in progress");
    assertStringIncludes(r.stdout, "gate cap reached (2/2)");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
  });
});

Deno.test("check --gate second stop with no ledger/plan/progress change allows with 'no progress since last gate block'", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await addLedgerLine(dir, p, 1);
    assertBlocked(await stop(dir));
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "no progress since last gate block");
  });
});

Deno.test("check --gate an allowed stop resets the consecutive count", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    assertBlocked(await stop(dir));
    assertAllowed(await stop(dir)); // stall
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
    assertStringIncludes(assertBlocked(await stop(dir)), "gate block 1/20");
  });
});

Deno.test("check --gate blocks again after a new ledger line, a plan edit or a progress.md edit", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    assertBlocked(await stop(dir));
    await addLedgerLine(dir, p, 1);
    assertStringIncludes(assertBlocked(await stop(dir)), "gate block 2/20");
    await writeText(dir, `${p}/progress.md`, "# Progress\n- did a thing\n");
    assertStringIncludes(assertBlocked(await stop(dir)), "gate block 3/20");
    await writeText(dir, `${p}/task_plan.md`, SAMPLE_PLAN + "\n- note\n");
    assertStringIncludes(assertBlocked(await stop(dir)), "gate block 4/20");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "4\n");
  });
});

Deno.test("check --gate --host claude with PWF_GATE_CAP=50 allows the stop before the 8th consecutive block", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    const env = { PWF_GATE_CAP: "50" };
    for (let i = 1; i <= 7; i++) {
      await addLedgerLine(dir, p, i);
      assertStringIncludes(
        assertBlocked(await stop(dir, undefined, env, ["--host", "claude"])),
        `${i}/7`,
      );
    }
    await addLedgerLine(dir, p, 8);
    const r = await stop(dir, undefined, env, ["--host", "claude"]);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "gate cap reached (7/7)");
  });
});

Deno.test("check --gate with a garbage .stop_blocks allows the stop, says why and repairs the file", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/.stop_blocks`, "lots\u0000\n");
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, ".stop_blocks holds");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
    assertBlocked(await stop(dir));
  });
});

Deno.test("check --gate with a garbage .gate_last_ledger after a block allows and says why", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/.stop_blocks`, "1\n");
    await writeText(dir, `${p}/.gate_last_ledger`, "{not a count}\n");
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, ".gate_last_ledger holds");
    assertBlocked(await stop(dir));
  });
});

Deno.test("check --gate reads the original's count-only .gate_last_ledger", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/.stop_blocks`, "1\n");
    await writeText(dir, `${p}/.gate_last_ledger`, "0\n");
    assertStringIncludes((await stop(dir)).stdout, "no progress since last gate block");
    await writeText(dir, `${p}/.stop_blocks`, "1\n");
    await addLedgerLine(dir, p, 1);
    assertStringIncludes(assertBlocked(await stop(dir)), "gate block 2/20");
  });
});

Deno.test("check --gate with no ledger file at all still decides (blocks once, then a stall)", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    assertBlocked(await stop(dir));
    assertStringIncludes((await stop(dir)).stdout, "no progress since last gate block");
  });
});

Deno.test("check --gate with a read-only .stop_blocks allows the stop and says it cannot record the block", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await Deno.chmod(`${dir}/${p}/.stop_blocks`, 0o400);
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "cannot record the gate block");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
  });
});

/** Whether a 0500 directory refuses writes here (not on Windows, not as root). */
function readOnlyDirsHold(): boolean {
  if (Deno.build.os === "windows") return false;
  const dir = Deno.makeTempDirSync({ prefix: "pwf-ro-probe-" });
  try {
    Deno.chmodSync(dir, 0o500);
    Deno.writeTextFileSync(`${dir}/probe`, "x");
    return false;
  } catch {
    return true;
  } finally {
    Deno.chmodSync(dir, 0o700);
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test(skipWhen(
  !readOnlyDirsHold(),
  Deno.build.os === "windows"
    ? "on Windows, POSIX directory modes do not exist (a 0500 directory stays writable)"
    : "as root, a 0500 directory stays writable",
  {
    name: "check --gate in a read-only plan directory allows the stop and says why",
    fn: async () => {
      await inProject(async (dir) => {
        const p = await gatedPlan(dir);
        await Deno.chmod(`${dir}/${p}`, 0o500);
        try {
          const r = await stop(dir);
          assertAllowed(r);
          assertStringIncludes(r.stdout, "cannot record the gate block");
        } finally {
          await Deno.chmod(`${dir}/${p}`, 0o700);
        }
      });
    },
  },
));

Deno.test("check --gate with malformed or binary stdin treats it as {} and exits 0", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    assertBlocked(
      await runPwf(dir, ["check", "--gate"], { stdin: new Uint8Array([0xff, 0, 0x7b]) }),
    );
  });
});

Deno.test("check --gate on a plan without phases is silent", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    await writeText(dir, `${p}/task_plan.md`, "# Notes\n\nJust thinking.\n");
    const r = await stop(dir);
    assertEquals([r.code, r.stdout, r.stderr], [0, "", ""]);
  });
});

Deno.test("check --gate with no plan allows and exits 0", async () => {
  await inProject(async (dir) => {
    const r = await stop(dir);
    assertAllowed(r);
    assertStringIncludes(r.stdout, "no plan");
  });
});

Deno.test("check --gate --json reports the decision, blocks and cap", async () => {
  await inProject(async (dir) => {
    await gatedPlan(dir);
    const r = await stop(dir, undefined, {}, ["--json"]);
    assertEquals(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assertEquals(out.schemaVersion, 1);
    assertEquals(out.gate.decision, "block");
    assertEquals([out.gate.blocks, out.gate.cap, out.complete, out.total], [1, 20, 1, 5]);
  });
});

Deno.test("check without --gate never blocks and never touches the gate counters", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    const r = await runPwf(dir, ["check"], { stdin: `{"stop_hook_active": false}` });
    assertEquals(r.code, 3);
    assertNotIncludes(r.stdout, "decision");
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
  });
});

Deno.test("check --gate with PLANNING_DISABLED=1 prints nothing and writes nothing", async () => {
  await inProject(async (dir) => {
    const p = await gatedPlan(dir);
    const r = await stop(dir, undefined, { PLANNING_DISABLED: "1" });
    assertEquals([r.code, r.stdout], [0, ""]);
    assertEquals(await readText(dir, `${p}/.stop_blocks`), "0\n");
    assert(!(await Deno.stat(`${dir}/${p}/.gate_last_ledger`).catch(() => null)));
  });
});

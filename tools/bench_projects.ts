/**
 * Temp projects for the bench (tools/bench.ts), one per plan shape
 * (bench/rows.ts SHAPES): the plan in `.planning/p/` (the zh template in the
 * folder `pwf init --lang zh` makes), interactive or gated (`autonomous
 * gate`); gated plans and the attested 1 MiB plan are attested with `pwf
 * attest`, run as a host runs pwf.
 * @module
 */

import type { ShapeId } from "../bench/rows.ts";
import { ledgerText, LINES, paddedPlan, progressText, syntheticPlan } from "../bench/plans.ts";

const KiB = 1024;
const MiB = 1024 * KiB;

/** The plan text of a shape (the zh template's comes from `pwf init`). */
function planText(shape: ShapeId): string {
  switch (shape) {
    case "1mib":
      return syntheticPlan(MiB);
    case "attested-1mib":
      return paddedPlan(MiB);
    case "long":
    case "short":
    case "cjk":
    case "arabic":
      return syntheticPlan(64 * KiB, LINES[shape]);
    default:
      return syntheticPlan(5 * KiB);
  }
}

/** Makes temp projects and removes them at the end. */
export class Projects {
  readonly #made: string[] = [];
  readonly #pwf: readonly string[];

  /** `pwf` is the argv that runs pwf (`deno run <flags> dist/pwf.js`). */
  constructor(pwf: readonly string[]) {
    this.#pwf = pwf;
  }

  /** A fresh temp dir, removed by `cleanup`. */
  async tempDir(): Promise<string> {
    const dir = await Deno.makeTempDir({ prefix: "pwf-bench-" });
    this.#made.push(dir);
    return dir;
  }

  /** A project holding `text` as its plan (`.planning/p/`), a short progress.md and empty.ts. */
  async plain(text: string, gated = false): Promise<string> {
    const dir = await this.tempDir();
    await Deno.mkdir(`${dir}/.planning/p`, { recursive: true });
    await Deno.writeTextFile(`${dir}/.planning/p/task_plan.md`, text);
    await Deno.writeTextFile(`${dir}/.planning/p/progress.md`, "# Progress\n- started\n");
    await Deno.writeTextFile(`${dir}/.planning/.active_plan`, "p\n");
    if (gated) await Deno.writeTextFile(`${dir}/.planning/p/.mode`, "autonomous gate\n");
    await Deno.writeTextFile(`${dir}/empty.ts`, "");
    if (gated) await this.#pwfIn(dir, ["attest"]);
    return dir;
  }

  /** A project of a shape; gated plans and the attested 1 MiB plan are attested. */
  async shape(shape: ShapeId, gated: boolean): Promise<string> {
    if (shape === "zh") return await this.#zh(gated);
    const dir = await this.plain(planText(shape), gated);
    if (shape === "progress") {
      await Deno.writeTextFile(`${dir}/.planning/p/progress.md`, progressText(MiB));
    }
    if (shape === "ledger") {
      await Deno.writeTextFile(`${dir}/.planning/p/ledger-main.jsonl`, ledgerText(10_000));
    }
    if (shape === "attested-1mib" && !gated) await this.#pwfIn(dir, ["attest"]);
    return dir;
  }

  async #zh(gated: boolean): Promise<string> {
    const dir = await this.tempDir();
    await Deno.writeTextFile(`${dir}/empty.ts`, "");
    await this.#pwfIn(dir, ["init", "Bench", "--lang", "zh", ...(gated ? ["--gated"] : [])]);
    if (gated) await this.#pwfIn(dir, ["attest"]);
    return dir;
  }

  async #pwfIn(dir: string, args: string[]): Promise<void> {
    const out = await new Deno.Command(this.#pwf[0]!, {
      args: [...this.#pwf.slice(1), ...args],
      cwd: dir,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      throw new Error(
        `pwf ${args.join(" ")} in ${dir} failed: ${new TextDecoder().decode(out.stderr).trim()}`,
      );
    }
  }

  /** Remove every project made. */
  async cleanup(): Promise<void> {
    for (const dir of this.#made) await Deno.remove(dir, { recursive: true });
  }
}

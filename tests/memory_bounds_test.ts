/**
 * Issue 26 item 12: a 4 MiB plan of any shape keeps a fire's and a
 * command's peak resident memory under MAX_PEAK_MIB (docs/performance.md
 * "Memory"). At main 5899442 a plan of CR-only lines peaked at 212 MiB
 * (a regex split; now about 106 MiB), and one of fence lines at 178 MiB
 * (a match array per line; now about 154 MiB). Measured as VmHWM of the real bundle run under the sandbox's V8
 * flags (tests/peak_rss_child.ts), so Linux only.
 * @module
 */

import { RUN_FLAGS } from "../lib/core/permissions.ts";
import { assert } from "./assert.ts";
import { tempProject, writeText } from "./helpers.ts"; // importing helpers builds dist/pwf.js
import { skipWhen } from "./skip.ts";

/** The documented bound (docs/performance.md "Memory"). */
const MAX_PEAK_MIB = 240;
const SIZE = 4 * 1024 * 1024;

const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length));
const HEAD = "# T\n## Goal\nG\n### Phase 1: A\n- **Status:** in_progress\n";

const SHAPES: Record<string, string> = {
  "CR-only lines": fill("\r"),
  "CR lines": HEAD.replaceAll("\n", "\r") + fill("x\r"),
  "CRLF lines": fill("\r\n"),
  "LF-only lines": fill("\n"),
  "U+2028 lines": fill("\u2028"),
  "backtick fence lines": HEAD + fill("```\n"),
  "tilde fence lines": fill("~~~~~~~\n"),
  "comment openers": fill("<!--\n"),
  "short lines": HEAD + fill("x\n"),
  "headings": fill("## x\n"),
  "phases": fill("### Phase 1: A\n- **Status:** pending\n"),
};

async function peakKib(dir: string, args: string[], stdin: string): Promise<number> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      ...RUN_FLAGS,
      "-A",
      new URL("./peak_rss_child.ts", import.meta.url).pathname,
      ...args,
    ],
    cwd: dir,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(stdin));
  await w.close();
  const { stderr } = await child.output();
  const m = /peak-rss-kib (\d+)/.exec(new TextDecoder().decode(stderr));
  assert(m?.[1], `no peak reading: ${new TextDecoder().decode(stderr)}`);
  return Number(m[1]);
}

Deno.test(skipWhen(
  Deno.build.os !== "linux",
  "peak memory is read from /proc/self/status (Linux)",
  {
    name: `a 4 MiB plan of any shape keeps status and the prompt tier under ${MAX_PEAK_MIB} MiB`,
    async fn() {
      const p = await tempProject("pwf-memory-");
      try {
        const over: string[] = [];
        for (const [shape, text] of Object.entries(SHAPES)) {
          await writeText(p.dir, ".planning/p/task_plan.md", text);
          await writeText(p.dir, ".planning/p/progress.md", "# Progress\n");
          await writeText(p.dir, ".planning/.active_plan", "p\n");
          for (const args of [["status"], ["hook", "claude", "UserPromptSubmit"]]) {
            const kib = await peakKib(p.dir, args, '{"session_id":"s","prompt":"go"}');
            if (Deno.env.get("PWF_MEMORY_REPORT")) {
              // deno-lint-ignore no-console
              console.log(`${shape}, ${args.join(" ")}: ${kib} KiB`);
            }
            if (kib > MAX_PEAK_MIB * 1024) over.push(`${shape}, ${args.join(" ")}: ${kib} KiB`);
          }
        }
        assert(over.length === 0, `over ${MAX_PEAK_MIB} MiB:\n${over.join("\n")}`);
      } finally {
        await p.cleanup();
      }
    },
  },
));

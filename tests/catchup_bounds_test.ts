import { parseFrames } from "../lib/core/inject/framing.ts";
import { assert, assertEquals, assertNotIncludes, assertStringIncludes } from "./assert.ts";
import { inProject, runPwf } from "./helpers.ts";

const MiB = 1024 * 1024;

function userLine(cwd: string, text: string): string {
  return JSON.stringify({ type: "user", cwd, message: { role: "user", content: text } }) + "\n";
}

function writeLine(cwd: string): string {
  const input = {
    "file_path": `${cwd}/.planning/p/progress.md`,
    "old_string": "a",
    "new_string": "b",
  };
  return JSON.stringify({
    type: "assistant",
    cwd,
    message: { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Edit", input }] },
  }) + "\n";
}

async function catchupJson(dir: string, mode: string, stdin: string | Uint8Array) {
  const r = await runPwf(dir, ["catchup", `--${mode}`, "--transcript", "-", "--json"], { stdin });
  assertEquals(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

Deno.test("catchup reads a 50 MiB stdin only up to 2 MiB and says it was truncated", async () => {
  await inProject(async (dir) => {
    // ~8 KiB records: 2 MiB hold about 256 of them, well under the 500-record limit,
    // so the record count shows where reading stopped.
    const line = userLine(dir, "x".repeat(8 * 1024 - 100));
    const lineBytes = new TextEncoder().encode(line);
    const total = 50 * MiB;
    const big = new Uint8Array(total);
    for (let off = 0; off < total; off += lineBytes.length) {
      big.set(lineBytes.subarray(0, Math.min(lineBytes.length, total - off)), off);
    }
    const j = await catchupJson(dir, "metadata", big);
    assertEquals(j.stats.bytesRead, 2 * MiB);
    assertEquals(j.stats.inputTruncated, true);
    const complete = Math.floor((2 * MiB) / lineBytes.length);
    assertEquals(j.counts.records, complete);
    assertEquals(j.stats.malformed, 1); // the record cut at 2 MiB
    assertStringIncludes(j.truncated.join(), "only the first 2 MiB were read");
    const human = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], { stdin: big });
    assertStringIncludes(human.stdout, "Truncated: stdin is over 2 MiB");
    assertEquals(parseFrames(human.stdout)[0]?.truncated, true);
  });
});

Deno.test("catchup skips records over 256 KiB without showing them", async () => {
  await inProject(async (dir) => {
    const huge = userLine(dir, "HUGE-CANARY " + "y".repeat(300 * 1024));
    const stdin = writeLine(dir) + userLine(dir, "before the huge one") + huge +
      userLine(dir, "after the huge one");
    const r = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], { stdin });
    assertEquals(r.code, 0, r.stderr);
    assertNotIncludes(r.stdout, "HUGE-CANARY");
    assertEquals(
      parseFrames(r.stdout)[0]?.payload,
      "USER: before the huge one\nUSER: after the huge one\n",
    );
    assertStringIncludes(r.stdout, "1 record(s) over 256 KiB skipped");
    const j = await catchupJson(dir, "metadata", stdin);
    assertEquals(j.stats.oversized, 1);
    assertEquals(j.counts.records, 3);
  });
});

Deno.test("catchup reads at most 500 records and says so", async () => {
  await inProject(async (dir) => {
    const stdin = Array.from({ length: 600 }, (_, i) => userLine(dir, `message number ${i + 1}`))
      .join("");
    const j = await catchupJson(dir, "metadata", stdin);
    assertEquals(j.counts.records, 500);
    assertEquals(j.stats.recordLimitHit, true);
    assertStringIncludes(j.truncated.join(), "only the first 500 records were read");
    const r = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], { stdin });
    assertStringIncludes(r.stdout, "message number 500");
    assertNotIncludes(r.stdout, "message number 501");
  });
});

Deno.test("catchup --replay shows at most 15 entries of at most 300 characters and reports the cut", async () => {
  await inProject(async (dir) => {
    const long = "L".repeat(1000);
    const lines = Array.from({ length: 39 }, (_, i) => userLine(dir, `entry ${i + 1}`));
    const stdin = userLine(dir, "before the write") + writeLine(dir) + lines.join("") +
      userLine(dir, long);
    const r = await runPwf(dir, ["catchup", "--replay", "--transcript", "-"], { stdin });
    assertEquals(r.code, 0, r.stderr);
    const f = parseFrames(r.stdout)[0];
    assert(f !== undefined, r.stdout);
    const shown = f.payload.trimEnd().split("\n");
    assertEquals(shown.length, 15);
    assertEquals(shown[0], "USER: entry 26");
    assertEquals(shown[14], `USER: ${"L".repeat(299)}…`);
    for (const line of shown) assert(Array.from(line.replace(/^USER: /, "")).length <= 300);
    assertEquals(f.truncated, true);
    assertStringIncludes(r.stdout, "40 entries after the last planning-file write");
    assertStringIncludes(r.stdout, "showing the last 15 of 40 entries");
    assertStringIncludes(r.stdout, "1 entry cut to 300 characters");
    const j = await catchupJson(dir, "replay", stdin);
    assertEquals(j.totalEntries, 40);
    assertEquals(j.entries.length, 15);
  });
});

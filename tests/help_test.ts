import { assertEquals } from "./assert.ts";
import { inProject, REPO, runPwf } from "./helpers.ts";
import { COMMANDS } from "../lib/cli/commands.ts";

const DIR = `${REPO}/tests/testdata/golden/help`;
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";

async function golden(name: string, actual: string): Promise<void> {
  const file = `${DIR}/${name}.txt`;
  if (UPDATE) await Deno.writeTextFile(file, actual);
  assertEquals(actual, await Deno.readTextFile(file), `${file} (UPDATE_GOLDEN=1 to refresh)`);
}

Deno.test("pwf help and pwf help <command> match their snapshots", async () => {
  await inProject(async (dir) => {
    await golden("pwf", (await runPwf(dir, ["help"])).stdout);
    for (const c of COMMANDS) await golden(c.name, (await runPwf(dir, ["help", c.name])).stdout);
  });
});

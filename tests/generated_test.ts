import { assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { generatedFiles } from "../tools/generated.ts";

Deno.test("committed generated files match what the tables render (run deno task gen)", async () => {
  for (const [path, expected] of Object.entries(await generatedFiles(REPO))) {
    assertEquals(
      await Deno.readTextFile(`${REPO}/${path}`),
      expected,
      `${path} drifted: run "deno task gen"`,
    );
  }
});

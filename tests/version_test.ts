import { BUILD_INFO } from "../lib/core/build_info.ts";
import { PERMISSION_FLAGS } from "../lib/core/permissions.ts";
import { renderBuildInfoModule, sourceBuildInfo } from "../tools/build_info_gen.ts";
import { BUILD_INFO_PATH, stageSources } from "../tools/stage.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { inProject, REPO, runPwf, tempProject } from "./helpers.ts";

Deno.test("version --json from source says build source, commit unknown, this target, deno version and the sandbox", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["version", "--json"]);
    assertEquals(r.code, 0, r.stderr);
    const v = JSON.parse(r.stdout);
    assertEquals(v.schemaVersion, 1);
    assertEquals(v.version, BUILD_INFO.version);
    assertEquals([v.build, v.compiled, v.commit], ["source", false, "unknown"]);
    assertEquals(v.target, Deno.build.target);
    assertEquals(v.deno, Deno.version.deno);
    assertEquals(v.permissions, [...PERMISSION_FLAGS]);
    assertEquals(v.sandbox.write, [
      ".planning",
      "../.planning",
      "../../.planning",
      "../../../.planning",
      "../../../../.planning",
    ]);
    assertEquals([v.sandbox.net, v.sandbox.run, v.sandbox.ffi, v.sandbox.sys], [
      false,
      false,
      false,
      false,
    ]);
  });
});

Deno.test("pwf --version prints exactly one line with every field labelled: commit, deno, target, build", async () => {
  await inProject(async (dir) => {
    const r = await runPwf(dir, ["--version"]);
    assertEquals(r.code, 0, r.stderr);
    assertEquals(
      r.stdout,
      `pwf ${BUILD_INFO.version} (commit: unknown, deno: ${Deno.version.deno}, ` +
        `target: ${Deno.build.target}, build: source)\n`,
    );
    assertEquals((await runPwf(dir, ["version"])).stdout, r.stdout);
  });
});

Deno.test("the committed build_info.ts is exactly the generator's module for a run from source", async () => {
  const committed = await Deno.readTextFile(`${REPO}/${BUILD_INFO_PATH}`);
  assertEquals(committed, renderBuildInfoModule(sourceBuildInfo(BUILD_INFO.version)));
});

Deno.test("version --json reports what the generated build-info module stamps (the compiled path)", async () => {
  const stage = await tempProject("pwf-stage-");
  try {
    const info = {
      version: "9.8.7",
      commit: "abc1234",
      target: "aarch64-apple-darwin",
      compiled: true,
    };
    const staged = await stageSources(REPO, `${stage.dir}/src`, info);
    assert(staged.files.includes("templates/task_plan.md"), "templates must be staged");
    assert(!staged.files.some((f) => f.endsWith("_test.ts")), "tests must not be staged");
    await inProject(async (dir) => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", ...PERMISSION_FLAGS, staged.entry, "version", "--json"],
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
      const v = JSON.parse(new TextDecoder().decode(out.stdout));
      assertEquals(
        [v.version, v.commit, v.target, v.build, v.compiled],
        ["9.8.7", "abc1234", "aarch64-apple-darwin", "compiled", true],
      );
      assertEquals(v.permissions, [...PERMISSION_FLAGS]);
    });
    assertStringIncludes(
      await Deno.readTextFile(`${stage.dir}/src/${BUILD_INFO_PATH}`),
      'commit: "abc1234"',
    );
  } finally {
    await stage.cleanup();
  }
});

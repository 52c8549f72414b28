import { fileUrlToPath, pathToFileUrl } from "../tools/file_url.ts";
import { ignoredTests, TEST_ARGS, testCounts } from "../tools/test_plan.ts";
import { debianMirror, LANE_ENV, laneDecision, skipReport } from "../tools/windows_lane.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { skipOnWindows, skipWhen } from "./skip.ts";
import { parseYaml, type Yaml } from "./yaml_subset.ts";

Deno.test("the lane finds this machine's Debian mirror in deb822 and one-line apt sources, not the security one", () => {
  const deb822 = [
    "Types: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\nComponents: main\n",
    "Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\nComponents: main\n",
  ].join("\n");
  assertEquals(debianMirror([deb822]), "http://mirror.example/debian");
  const list = "# comment\ndeb http://security.debian.org/ bookworm-security main\n" +
    "deb [arch=amd64] https://ftp.example/debian bookworm main\n";
  assertEquals(debianMirror([list]), "https://ftp.example/debian");
  assertEquals(debianMirror(["Types: deb\nURIs: file:/srv/cd\nSuites: bookworm\n"]), null);
  assertEquals(debianMirror([]), null);
});

Deno.test("the gate runs the lane on Linux; PWF_WINDOWS_LANE=skip says so and never fails; require makes an unavailable lane a failure", () => {
  assertEquals(laneDecision("linux", undefined, null), { run: "lane" });
  assertEquals(laneDecision("linux", "require", null), { run: "lane" });
  const skip = laneDecision("linux", "skip", null);
  assert(skip.run === "none" && !skip.fails);
  assertStringIncludes(skip.line, `${LANE_ENV}=skip`);
  assertStringIncludes(skip.line, "deno task test-windows");
  const local = laneDecision("linux", undefined, "it needs root (debootstrap, chroot and mounts)");
  assert(local.run === "none" && !local.fails);
  assertStringIncludes(local.line, "it needs root");
  assertStringIncludes(local.line, "deno task test-windows");
  const ci = laneDecision("linux", "require", "it needs root (debootstrap, chroot and mounts)");
  assert(ci.run === "none" && ci.fails, "required but unavailable must fail");
  const typo = laneDecision("linux", "skipp", null);
  assert(typo.run === "none" && typo.fails, "an unknown value fails");
  assertEquals(laneDecision("windows", "skip", null).run, "native");
  const mac = laneDecision("darwin", undefined, "it needs Linux (this is darwin)");
  assert(mac.run === "none" && !mac.fails);
  assertStringIncludes(mac.line, "macOS");
  for (const d of [skip, local, ci, typo, mac]) {
    assertEquals(d.run === "none" && d.line.split("\n").length, 1);
  }
});

Deno.test("test counts and ignored tests are read from deno test output (ANSI colours, steps, parallel prefixes)", () => {
  const out = [
    "\x1b[38;5;245m./tests/a_test.ts => \x1b[0mwrites ... \x1b[32mok\x1b[0m (5ms)",
    "./tests/a_test.ts => symlink refusal [skipped: on Windows, symlinks need admin rights] ... \x1b[33mignored\x1b[0m (0ms)",
    "bare ignore ... ignored (0ms)",
    "",
    "\x1b[31mFAILED\x1b[0m | 240 passed (3 steps) | 2 failed | 2 ignored (61s)",
  ].join("\r\n");
  assertEquals(testCounts(out), { passed: 240, failed: 2, ignored: 2 });
  assertEquals(testCounts("ok | 7 passed | 0 failed (1s)"), { passed: 7, failed: 0, ignored: 0 });
  assertEquals(testCounts("error: Module not found"), { passed: 0, failed: 1, ignored: 0 });
  const ign = ignoredTests(out);
  assertEquals(ign.skipped, [{
    name: "./tests/a_test.ts => symlink refusal",
    reason: "on Windows, symlinks need admin rights",
  }]);
  assertEquals(ign.unexplained, ["bare ignore"]);
  const report = skipReport("in the Windows lane", ign.skipped, ign.unexplained);
  assertStringIncludes(report.join("\n"), "- ./tests/a_test.ts => symlink refusal: on Windows");
  assertStringIncludes(report.join("\n"), "counted as failed");
});

Deno.test("skipWhen and skipOnWindows keep the test registered, ignored, with the reason in its name", () => {
  const fn = () => {};
  assertEquals(skipWhen(false, "why", { name: "t", fn }), { name: "t", fn });
  assertEquals(skipWhen(true, "why", { name: "t", fn }), {
    name: "t [skipped: why]",
    fn,
    ignore: true,
  });
  const w = skipOnWindows("no bash", { name: "t", fn });
  assertEquals(w.ignore === true, Deno.build.os === "windows");
  if (w.ignore) assertEquals(w.name, "t [skipped: on Windows, no bash]");
});

Deno.test("the gate, the lane and the GitHub Windows job run the one test list (tools/test_plan.ts)", async () => {
  assertEquals(TEST_ARGS.slice(0, 1), ["test"]);
  for (const dir of ["lib/", "tests/"]) assert(TEST_ARGS.includes(dir), dir);
  for (const tool of ["quality_gate.ts", "windows_lane.ts"]) {
    const src = await Deno.readTextFile(`${REPO}/tools/${tool}`);
    assertStringIncludes(src, "TEST_ARGS");
    assertStringIncludes(src, '"./test_plan.ts"');
    assert(!/"--doc"|"--parallel"|"tests\/"/.test(src), `${tool} spells a test list of its own`);
  }
  // The GitHub Windows job is the ci.yml matrix's windows-latest, running the gate (deno task
  // test), which runs TEST_ARGS natively there.
  const doc = parseYaml(await Deno.readTextFile(`${REPO}/.github/workflows/ci.yml`)) as {
    [k: string]: Yaml;
  };
  const job = (doc.jobs as { [k: string]: Yaml }).test as { [k: string]: Yaml };
  const oses = ((job.strategy as { [k: string]: Yaml }).matrix as { [k: string]: Yaml }).os;
  assert(Array.isArray(oses) && oses.includes("windows-latest"), "no windows-latest runner");
  const runs = (job.steps as { [k: string]: Yaml }[]).map((s) => String(s.run ?? ""));
  assert(runs.includes("deno task test"), "the jobs do not run the gate");
  const deno = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`));
  assertStringIncludes(deno.tasks["test-windows"], "tools/windows_lane.ts");
  const ci = await Deno.readTextFile(`${REPO}/.ci/run`);
  assertStringIncludes(ci, `export ${LANE_ENV}=require`);
});

Deno.test("pathToFileUrl gives deno info a file: URL for Windows and POSIX paths (never a bare drive path)", () => {
  assertEquals(
    pathToFileUrl("C:\\Program Files\\pwf\\main.ts"),
    "file:///C:/Program%20Files/pwf/main.ts",
  );
  assertEquals(pathToFileUrl("z:\\src/main.ts"), "file:///z:/src/main.ts");
  assertEquals(pathToFileUrl("/home/dev/app é/main.ts"), "file:///home/dev/app%20%C3%A9/main.ts");
  assertEquals(fileUrlToPath(pathToFileUrl("C:\\Users\\dév\\a b.ts")), "C:\\Users\\dév\\a b.ts");
  assertEquals(fileUrlToPath(pathToFileUrl("/tmp/a b/c.ts")), "/tmp/a b/c.ts");
});

import { TARGETS } from "../tools/compile.ts";
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { parseYaml, type Yaml } from "./yaml_subset.ts";

type Obj = { [key: string]: Yaml };
const OSES = ["ubuntu-latest", "macos-latest", "windows-latest"];

async function workflow(name: string): Promise<{ text: string; doc: Obj }> {
  const text = await Deno.readTextFile(`${REPO}/.github/workflows/${name}`);
  const doc = parseYaml(text);
  assert(doc !== null && typeof doc === "object" && !Array.isArray(doc), `${name}: not a mapping`);
  return { text, doc };
}

function obj(v: Yaml | undefined, what: string): Obj {
  assert(v !== null && typeof v === "object" && !Array.isArray(v), `${what}: not a mapping`);
  return v;
}

function steps(job: Obj): Obj[] {
  const s = job.steps;
  assert(Array.isArray(s), "steps: not a list");
  return s.map((x, i) => obj(x, `step ${i}`));
}

function assertTestJob(job: Obj): void {
  assertEquals(obj(obj(job.strategy, "strategy").matrix, "matrix").os, OSES);
  const all = steps(job);
  const setup = all.find((s) => String(s.uses ?? "").startsWith("denoland/setup-deno@"));
  assert(setup, "no denoland/setup-deno step");
  assertEquals(obj(setup.with, "setup-deno with"), { "deno-version-file": ".dvmrc" });
  const runs = all.map((s) => String(s.run ?? ""));
  assert(runs.includes("deno task check"), "no check step");
  assert(runs.includes("deno task test"), "no test step");
}

Deno.test("ci.yml parses as YAML and checks and tests on Linux, macOS and Windows with .dvmrc's Deno", async () => {
  const { doc } = await workflow("ci.yml");
  const on = obj(doc.on, "on");
  assert("push" in on && "pull_request" in on, "ci must run on push and pull_request");
  assertTestJob(obj(obj(doc.jobs, "jobs").test, "jobs.test"));
});

Deno.test("release.yml parses as YAML, runs on v* tags, tests on three OSes and names every target", async () => {
  const { text, doc } = await workflow("release.yml");
  assertEquals(obj(obj(doc.on, "on").push, "on.push").tags, ["v*"]);
  const jobs = obj(doc.jobs, "jobs");
  assertTestJob(obj(jobs.test, "jobs.test"));
  const release = obj(jobs.release, "jobs.release");
  assertEquals(release.needs, "test");
  const perms = obj(release.permissions, "permissions");
  assertEquals([perms.contents, perms["id-token"], perms.attestations], [
    "write",
    "write",
    "write",
  ]);
  const targets = String(obj(release.env, "env").TARGETS).split(/\s+/);
  assertEquals([...targets].sort(), [...TARGETS].sort());
  for (const t of TARGETS) assertStringIncludes(text, t);
  const all = steps(release);
  const runs = all.map((s) => String(s.run ?? "")).join("\n");
  assertStringIncludes(runs, "deno task compile");
  assertStringIncludes(runs, "sha256sum -c SHA256SUMS");
  assertStringIncludes(runs, 'release/$name.tar.gz"');
  assertStringIncludes(runs, 'release/$name.zip"');
  assertStringIncludes(runs, 'name="pwf-$VERSION-$target"');
  assertStringIncludes(runs, "sha256sum pwf-* > SHA256SUMS");
  assertStringIncludes(runs, "gh release create");
  const attest = all.find((s) =>
    String(s.uses ?? "").startsWith("actions/attest-build-provenance@")
  );
  assert(attest, "no build provenance attestation");
  assertEquals(obj(attest.with, "attest with")["subject-path"], "release/pwf-*");
});

Deno.test("the Deno version pinned in .dvmrc is the one in README, .ci/run and the workflows", async () => {
  const pinned = (await Deno.readTextFile(`${REPO}/.dvmrc`)).trim();
  assert(/^\d+\.\d+\.\d+$/.test(pinned), `.dvmrc: "${pinned}"`);
  for (
    const file of [
      "README.md",
      ".ci/run",
      ".github/workflows/ci.yml",
      ".github/workflows/release.yml",
    ]
  ) {
    const text = await Deno.readTextFile(`${REPO}/${file}`);
    for (const m of text.matchAll(/deno@(\d[\w.-]*)/g)) {
      assertEquals(m[1], pinned, `${file}: ${m[0]}`);
    }
    assert(!/deno-version:/.test(text), `${file}: pins Deno with deno-version, not .dvmrc`);
  }
  for (const file of ["README.md", ".ci/run"]) {
    assertStringIncludes(await Deno.readTextFile(`${REPO}/${file}`), `npx -y deno@${pinned}`);
  }
});

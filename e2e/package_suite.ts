/**
 * Issue 18, acceptance 1: pwf's host-native package (packages/<host>/),
 * installed from its local path with the host's own install command, puts
 * a verified plan frame holding the goal and the in-progress phase into the
 * request the host sends to the loopback model server; after the host's own
 * uninstall command the next run carries no plan text. The package's hooks run `pwf` from PATH, so the sandbox's
 * launcher directory is put first on PATH and no manifest is written.
 * @module
 */

import { findHost } from "../lib/hosts/mod.ts";
import { assert, assertEquals } from "../tests/assert.ts";
import { REPO, runPwf } from "../tests/helpers.ts";
import { PACKAGE_ROUTES, PACKAGES_DIR } from "../tools/package_layout.ts";
import {
  hostBin,
  type HostDriver,
  makeSandbox,
  requestIncludes,
  requestTexts,
  runHost,
  type Sandbox,
} from "./harness.ts";
import { assertPlanFrame, GOAL, PHASE_TITLE, planText } from "./host_suite.ts";

/** How the host's own commands manage the package, beyond what packages/ says. */
export interface PackageSteps {
  /** Environment for the management commands (the host's offline switches, its home). */
  readonly env: (sb: Sandbox) => Record<string, string>;
  /** A driver for the runs, when the package needs other settings than the hook-route suite. */
  readonly driver?: HostDriver;
  /** Extra arguments appended to each install command (e.g. a consent flag). */
  readonly installArgs?: readonly string[];
  /** Run before the install commands (e.g. create the host's home directory). */
  readonly prepare?: (sb: Sandbox) => Promise<void>;
  /**
   * The README's manual uninstall step, for a host without an uninstall
   * command (the route's `uninstallNote`); `pkg` is the package's path.
   */
  readonly uninstall?: (sb: Sandbox, pkg: string) => Promise<void>;
}

/** The command lines of a package route with `$PKG` replaced, as argv lists without the host binary. */
function argvOf(lines: readonly string[], pkg: string, bin: string): string[][] {
  return lines.map((line) => {
    const words = line.replace(`"$PKG"`, pkg).split(" ");
    if (words[0] !== bin) throw new Error(`"${line}" does not run ${bin}`);
    return words.slice(1);
  });
}

async function manage(
  driver: HostDriver,
  sb: Sandbox,
  args: string[],
  env: Record<string, string>,
) {
  const out = await new Deno.Command(hostBin(driver), {
    args,
    cwd: sb.project,
    env: { PATH: `${sb.root}/bin:/usr/bin:/bin`, HOME: sb.home, TMPDIR: sb.tmp, ...env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(90_000),
  }).output();
  const dec = new TextDecoder();
  const text = dec.decode(out.stdout) + dec.decode(out.stderr);
  if (!out.success) throw new Error(`${driver.install.bin} ${args.join(" ")} failed:\n${text}`);
  return text;
}

/** Register the package test for `driver`'s host. */
export function packageTest(driver: HostDriver, steps: PackageSteps): void {
  const route = PACKAGE_ROUTES.find((r) => r.host === driver.name);
  if (!route) throw new Error(`no package route for ${driver.name} in tools/package_layout.ts`);
  const runDriver = steps.driver ?? driver;
  Deno.test(`${driver.name}: pwf's package installed with the host's own command puts a plan frame with the goal and in-progress phase in the model request; uninstalled, no plan text`, async () => {
    const sb = await makeSandbox(driver.name);
    try {
      // Only the package registers pwf: drop the manifest the harness wrote.
      const manifest = findHost(driver.name)!.manifestPath;
      await Deno.remove(`${sb.project}/${manifest}`);
      const init = await runPwf(sb.project, ["init", "Quokka calendars", "--json"]);
      assertEquals(init.code, 0, init.stderr);
      await Deno.writeTextFile(
        `${sb.project}/${JSON.parse(init.stdout).dir}/task_plan.md`,
        planText(),
      );
      const pkg = `${REPO}/${PACKAGES_DIR}/${route.dir}`;
      const env = steps.env(sb);
      await steps.prepare?.(sb);
      const bin = driver.install.bin;
      for (const argv of argvOf(route.install, pkg, bin)) {
        await manage(
          driver,
          sb,
          [...argv, ...(argv.includes(pkg) ? steps.installArgs ?? [] : [])],
          env,
        );
      }
      const path = { PATH: `${sb.root}/bin:/usr/bin:/bin` };
      const on = await runHost(runDriver, sb, { env: path });
      assert(on.fires.length > 0, `no hook fired with the package installed:\n${on.stderr}`);
      assert(on.fires.every((f) => f.code === 0), JSON.stringify(on.fires));
      const withPlan = on.requests.filter((r) => requestIncludes(r.body, GOAL));
      assert(withPlan.length > 0, `no request carries the plan:\n${on.stdout}\n${on.stderr}`);
      const framed = withPlan.flatMap((r) => requestTexts(r.body))
        .filter((t) => t.includes("BEGIN-PWF-DATA kind=plan"));
      assert(framed.length > 0, "a plan frame in the request");
      // Each text with a plan frame carries a verified one naming the goal and phase 4.
      for (const t of framed) await assertPlanFrame(t, "package-installed hook context");

      for (const argv of argvOf(route.uninstall, pkg, bin)) await manage(driver, sb, argv, env);
      if (route.uninstall.length === 0) {
        if (!steps.uninstall) throw new Error(`${driver.name}: no uninstall command and no step`);
        await steps.uninstall(sb, pkg);
      }
      await Deno.remove(sb.fireLog); // count only the next run's fires
      const off = await runHost(runDriver, sb, { env: path });
      assertEquals(off.fires.length, 0, "no pwf hook fires after uninstall");
      assert(off.requests.length > 0, "the host still sent its request");
      for (const r of off.requests) {
        assert(!requestIncludes(r.body, GOAL), "plan text after uninstall");
        assert(!requestIncludes(r.body, PHASE_TITLE), "the phase after uninstall");
        assert(!requestIncludes(r.body, "BEGIN-PWF-DATA"), "a pwf frame after uninstall");
      }
    } finally {
      await sb.cleanup();
    }
  });
}

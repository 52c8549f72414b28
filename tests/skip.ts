/**
 * The one way a test is skipped (never silently): where the test's premise
 * does not exist (a POSIX-only feature on Windows, read-only directories as
 * root), the test is still registered, marked ignored, and its name carries
 * " [skipped: <reason>]". The quality gate and the Windows lane count and
 * list every such test with its reason, and fail on an ignored test without
 * one (tools/test_plan.ts ignoredTests).
 * @module
 */

/** `def`, skipped with `reason` when `skip` holds (the reason is then part of the name). */
export function skipWhen(
  skip: boolean,
  reason: string,
  def: Deno.TestDefinition,
): Deno.TestDefinition {
  return skip ? { ...def, name: `${def.name} [skipped: ${reason}]`, ignore: true } : def;
}

/** `def`, skipped on Windows with `reason` (say why the premise does not exist there). */
export function skipOnWindows(reason: string, def: Deno.TestDefinition): Deno.TestDefinition {
  return skipWhen(Deno.build.os === "windows", `on Windows, ${reason}`, def);
}

let symlinkProbe: boolean | undefined;

/**
 * Whether symbolic links can be made and are seen as links here: a probe
 * (file and directory links) in a temp directory, once per process. Under
 * Wine, `Deno.symlink` succeeds but leaves nothing `lstat` sees; on Windows
 * without Developer Mode or admin rights it fails.
 */
export function symlinksWork(): boolean {
  if (symlinkProbe !== undefined) return symlinkProbe;
  const dir = Deno.makeTempDirSync({ prefix: "pwf-symlink-probe-" });
  try {
    Deno.writeTextFileSync(`${dir}/target`, "x");
    Deno.mkdirSync(`${dir}/sub`);
    Deno.symlinkSync(`${dir}/target`, `${dir}/file-link`, { type: "file" });
    Deno.symlinkSync(`${dir}/sub`, `${dir}/dir-link`, { type: "dir" });
    symlinkProbe = Deno.lstatSync(`${dir}/file-link`).isSymlink &&
      Deno.lstatSync(`${dir}/dir-link`).isSymlink;
  } catch {
    symlinkProbe = false;
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  return symlinkProbe;
}

/**
 * `def`, skipped where symbolic links cannot be made (the premise of a
 * symlink-escape test does not exist there; with no link, the test would
 * pass without testing anything).
 */
export function skipUnlessSymlinks(def: Deno.TestDefinition): Deno.TestDefinition {
  return skipWhen(
    !symlinksWork(),
    Deno.build.os === "windows"
      ? "on Windows, symbolic links cannot be made here (Wine makes none that lstat sees; Windows needs Developer Mode or admin)"
      : "symbolic links cannot be made here",
    def,
  );
}

let hardLinkProbe: boolean | undefined;

/**
 * Whether a file's hard links can be made and counted here: a probe (a file and a second link
 * to it, in a temp directory), once per process. Deno documents `FileInfo.nlink` as Linux and
 * macOS only; where it is null a hard-linked file looks like any other file.
 */
export function hardLinksCounted(): boolean {
  if (hardLinkProbe !== undefined) return hardLinkProbe;
  const dir = Deno.makeTempDirSync({ prefix: "pwf-hardlink-probe-" });
  try {
    Deno.writeTextFileSync(`${dir}/target`, "x");
    Deno.linkSync(`${dir}/target`, `${dir}/link`);
    hardLinkProbe = (Deno.lstatSync(`${dir}/target`).nlink ?? 0) > 1;
  } catch {
    hardLinkProbe = false;
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
  return hardLinkProbe;
}

/**
 * `def`, skipped where hard links cannot be made or are not counted (the premise of a
 * hard-link refusal test does not exist there; it would pass without testing anything).
 */
export function skipUnlessHardLinksCounted(def: Deno.TestDefinition): Deno.TestDefinition {
  return skipWhen(
    !hardLinksCounted(),
    Deno.build.os === "windows"
      ? "on Windows, Deno reports no link count (FileInfo.nlink is null), so a hard-linked file cannot be told from a plain one"
      : "hard links cannot be made or counted here",
    def,
  );
}

/**
 * Whether this process runs as root on Linux: the owner of a file it has just created (the
 * suite runs without --allow-sys, so `Deno.uid()` is not available to it). False elsewhere.
 */
export function isLinuxRoot(): boolean {
  if (Deno.build.os !== "linux") return false;
  const dir = Deno.makeTempDirSync({ prefix: "pwf-uid-probe-" });
  try {
    return Deno.statSync(dir).uid === 0;
  } finally {
    Deno.removeSync(dir);
  }
}

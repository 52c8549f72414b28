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

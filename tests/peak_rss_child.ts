/**
 * Runs the bundled CLI (dist/pwf.js) in this process with this process's
 * arguments and, as it exits, prints its peak resident set size (VmHWM,
 * Linux) in KiB on stderr as `peak-rss-kib <n>`: tests/memory_bounds_test.ts.
 * @module
 */

globalThis.addEventListener("unload", () => {
  const status = Deno.readTextFileSync("/proc/self/status");
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1] ?? "?";
  Deno.stderr.writeSync(new TextEncoder().encode(`peak-rss-kib ${kib}\n`));
});
await import(new URL("../dist/pwf.js", import.meta.url).href); // built by tests/helpers.ts

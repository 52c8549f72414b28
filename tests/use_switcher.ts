/**
 * A third process for tests/sessions_test.ts: runs the real `pwf use <id>`
 * (lib/cli/run.ts, as a terminal with no session id) back and forth between
 * the ids given as arguments until `.planning/.cache/stop-switcher` exists,
 * then prints how many switches it made. Run it under the sandbox flags with
 * the project as its working directory.
 * @module
 */

import { run } from "../lib/cli/mod.ts";
import type { Host } from "../lib/core/host.ts";

const ids = Deno.args;
let errors = "";
const host: Host = {
  cwd: Deno.cwd(),
  os: Deno.build.os === "windows" ? "windows" : "posix",
  env: () => undefined,
  now: () => new Date(),
  readStdin: () => Promise.resolve(new Uint8Array(0)),
  stdout: () => {},
  stderr: (text) => {
    errors += text;
  },
  isTty: false,
};

function stopped(): boolean {
  try {
    Deno.statSync(".planning/.cache/stop-switcher");
    return true;
  } catch {
    return false;
  }
}

let switches = 0;
while (!stopped() && switches < 100_000) {
  const code = await run(["use", ids[switches % ids.length] ?? ""], host);
  if (code !== 0) {
    Deno.stderr.writeSync(new TextEncoder().encode(`pwf use failed (${code}): ${errors}\n`));
    Deno.exit(1);
  }
  switches++;
  await new Promise((r) => setTimeout(r, 2));
}
Deno.stdout.writeSync(new TextEncoder().encode(`${switches}\n`));

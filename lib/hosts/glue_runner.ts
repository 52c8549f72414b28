/**
 * The JavaScript both code-glue hosts (OpenCode's plugin, Pi's extension)
 * share: start `pwf hook <host> <event>` with an argument list (no shell),
 * the payload on stdin, a timer, and `{}` for every failure (pwf missing,
 * exiting non-zero, timing out, printing non-JSON), each logged once.
 * Plain JavaScript, so it is valid inside a TypeScript file too.
 * @module
 */

/**
 * The runner source for a host and a pwf binary; `sync` adds `pwfSync`, the
 * same call made synchronously, for a host event whose handler the host does
 * not await (Pi's turn_end).
 */
export function glueRunner(
  host: string,
  bin: string,
  timeouts: Record<string, number>,
  sync = false,
): string {
  return `import { ${sync ? "spawn, spawnSync" : "spawn"} } from "node:child_process";

const HOST = ${JSON.stringify(host)};
const BIN = ${JSON.stringify(bin)};
const TIMEOUT_MS = ${JSON.stringify(timeouts)};
const warned = new Set();

/** One log line per distinct problem: the agent keeps working without plan context. */
function warn(line) {
  if (warned.has(line)) return;
  warned.add(line);
  console.error("[pwf] " + line);
}

/** Run \`BIN hook HOST event\` (no shell) with the payload on stdin; resolves to its JSON answer, {} on any failure. */
function pwf(event, payload, cwd) {
  return new Promise((resolve) => {
    let settled = false;
    let timer;
    const done = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    let child;
    try {
      child = spawn(BIN, ["hook", HOST, event], {
        cwd: cwd || undefined,
        stdio: ["pipe", "pipe", "ignore"],
        windowsHide: true,
      });
    } catch (err) {
      warn("cannot start " + BIN + ": " + String(err && err.message) + "; no plan context");
      done({});
      return;
    }
    let out = "";
    timer = setTimeout(() => {
      child.kill();
      warn(BIN + " hook " + HOST + " " + event + " timed out; no plan context");
      done({});
    }, TIMEOUT_MS[event] || 10000);
    child.on("error", (err) => {
      warn("cannot run " + BIN + " (" + String(err && (err.code || err.message)) + "); no plan context");
      done({});
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("close", (code) => {
      if (settled) return; // already answered: an "error" (pwf missing) or the timer
      if (code !== 0) {
        warn(BIN + " hook " + HOST + " " + event + " exited " + code + "; no plan context");
        done({});
        return;
      }
      try {
        const value = JSON.parse(out || "{}");
        done(value !== null && typeof value === "object" && !Array.isArray(value) ? value : {});
      } catch {
        warn(BIN + " hook " + HOST + " " + event + " printed something that is not JSON; ignored");
        done({});
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(JSON.stringify(payload));
  });
}

${sync ? SYNC_RUNNER : ""}
/** The context text of an answer, or "". */
function contextOf(answer) {
  return typeof answer.additionalContext === "string" ? answer.additionalContext : "";
}

/** The gate's block reason of an answer, or "". */
function blockOf(answer) {
  return answer.decision === "block" && typeof answer.reason === "string" ? answer.reason : "";
}
`;
}

const SYNC_RUNNER = `
/** pwf() made synchronously (blocks the host until pwf answers or the timer fires). */
function pwfSync(event, payload, cwd) {
  let r;
  try {
    r = spawnSync(BIN, ["hook", HOST, event], {
      cwd: cwd || undefined,
      input: JSON.stringify(payload),
      encoding: "utf8",
      stdio: ["pipe", "pipe", "ignore"],
      timeout: TIMEOUT_MS[event] || 10000,
      windowsHide: true,
    });
  } catch (err) {
    warn("cannot start " + BIN + ": " + String(err && err.message) + "; no plan context");
    return {};
  }
  if (r.error) {
    warn("cannot run " + BIN + " (" + String(r.error.code || r.error.message) + "); no plan context");
    return {};
  }
  if (r.status !== 0) {
    warn(BIN + " hook " + HOST + " " + event + " exited " + r.status + "; no plan context");
    return {};
  }
  try {
    const value = JSON.parse(r.stdout || "{}");
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    warn(BIN + " hook " + HOST + " " + event + " printed something that is not JSON; ignored");
    return {};
  }
}
`;

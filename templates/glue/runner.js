// deno-lint-ignore-file no-console prefer-const
// Template: the runner the OpenCode plugin and the Pi extension share (lib/hosts/glue_template.ts
// puts it in their __PWF_RUNNER__ line). __PWF_HOST__, __PWF_BIN__ and __PWF_TIMEOUT_MS__ each
// become a JS literal in printable ASCII (lib/hosts/glue_literal.ts; their types for `deno task
// check`: glue_globals.d.ts, which also gives the two templates the types of the functions
// exported here). This header, through its last
// line, is not part of the output. Lint: console.error is how glue logs; `timer` is set after
// the closure that clears it.
export { blockOf, contextOf, pwf, pwfSync };
// ---- end of template header ----
import { spawn, spawnSync } from "node:child_process";

const HOST = __PWF_HOST__;
const BIN = __PWF_BIN__;
const TIMEOUT_MS = __PWF_TIMEOUT_MS__;
const warned = new Set();

/** One log line per distinct problem: the agent keeps working without plan context. */
function warn(line) {
  if (warned.has(line)) return;
  warned.add(line);
  console.error("[pwf] " + line);
}

/** Run `BIN hook HOST event` (no shell) with the payload on stdin; resolves to its JSON answer, {} on any failure. */
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

/** The context text of an answer, or "". */
function contextOf(answer) {
  return typeof answer.additionalContext === "string" ? answer.additionalContext : "";
}

/** The gate's block reason of an answer, or "". */
function blockOf(answer) {
  return answer.decision === "block" && typeof answer.reason === "string" ? answer.reason : "";
}

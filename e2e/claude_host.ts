/**
 * Drive the real Claude Code CLI offline as a hook host (docs/e2e.md): a temp
 * project, HOME and TMPDIR per run, hooks registered with `pwf hooks print
 * claude --bin <launcher> --merge` (or pwf's plugin), `claude -p` with no credentials and an
 * unreachable API, then the transcript it wrote.
 * @module
 */

import { runPwf } from "../tests/helpers.ts";
import { pwfLauncher } from "./harness.ts";
import { CLAUDE_OFFLINE_ENV } from "./hosts/claude.ts";

/** The Claude Code CLI binary, installed by tools/e2e.ts. */
export function claudeBin(): string {
  const bin = Deno.env.get("E2E_HOST_BIN");
  if (!bin) throw new Error("E2E_HOST_BIN is not set: run the e2e tests with `deno task e2e`");
  return bin;
}

/** One sandbox: project, HOME, TMPDIR and the pwf launcher, all under `root`. */
export interface Sandbox {
  readonly root: string;
  readonly project: string;
  readonly home: string;
  readonly tmp: string;
  readonly launcher: string;
  readonly cleanup: () => Promise<void>;
}

/** The launcher: runs the artifact and nothing else (`exec`). */
function launcherScript(): string {
  return pwfLauncher((argv) => [`exec ${argv} "$@"`]);
}

/**
 * Settings another tool left in the project before pwf: other keys and
 * another tool's hook, which `pwf hooks print --merge` must keep.
 */
export const FOREIGN_SETTINGS = JSON.stringify(
  {
    permissions: { allow: ["Bash(ls:*)"], deny: [] },
    cleanupPeriodDays: 30,
    hooks: {
      SessionEnd: [{ hooks: [{ type: "command", command: "true", timeout: 5 }] }],
      // An older pwf registration (shell form, another binary): --merge replaces it.
      Stop: [{ hooks: [{ type: "command", command: "/usr/local/bin/pwf hook claude Stop" }] }],
    },
  },
  null,
  2,
) + "\n";

/** How a sandbox registers pwf with Claude Code. */
export type Registration = "merge" | "none";

/**
 * Create a sandbox. "merge": `project/.claude/settings.json` is FOREIGN_SETTINGS
 * run through `pwf hooks print claude --bin <launcher> --merge`; "none": no
 * settings (for the plugin route; the launcher's directory goes on PATH as `pwf`).
 */
export async function makeSandbox(registration: Registration = "merge"): Promise<Sandbox> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "pwf-e2e-" }));
  const sb = {
    root,
    project: `${root}/project`,
    home: `${root}/home`,
    tmp: `${root}/tmp`,
    launcher: `${root}/bin/pwf`,
    cleanup: () => Deno.remove(root, { recursive: true }),
  };
  for (const d of [sb.project, sb.home, sb.tmp, `${root}/bin`, `${sb.project}/.claude`]) {
    await Deno.mkdir(d, { recursive: true });
  }
  await Deno.writeTextFile(sb.launcher, launcherScript(), { mode: 0o755 });
  await Deno.chmod(sb.launcher, 0o755);
  if (registration === "merge") {
    const merged = await runPwf(
      sb.project,
      ["hooks", "print", "claude", "--bin", sb.launcher, "--merge"],
      { stdin: FOREIGN_SETTINGS },
    );
    if (merged.code !== 0) throw new Error(`pwf hooks print --merge failed: ${merged.stderr}`);
    await Deno.writeTextFile(`${sb.project}/.claude/settings.json`, merged.stdout);
  }
  return sb;
}

/** Run a `claude` management command (plugin, marketplace) in the sandbox; throws on failure. */
export async function claudeCommand(sb: Sandbox, args: readonly string[]): Promise<string> {
  const out = await new Deno.Command(claudeBin(), {
    args: [...args],
    cwd: sb.project,
    env: offlineEnv(sb, {}),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  const dec = new TextDecoder();
  const text = dec.decode(out.stdout) + dec.decode(out.stderr);
  if (!out.success) throw new Error(`claude ${args.join(" ")} failed (${out.code}):\n${text}`);
  return text;
}

/** One transcript record (JSONL line). */
export type TranscriptRecord = Record<string, unknown>;

/** What one `claude -p` run left behind. */
export interface ClaudeRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  /** Records of the session transcript. */
  readonly records: readonly TranscriptRecord[];
  /** stream-json events printed on stdout (hook_started, hook_response, result...). */
  readonly events: readonly TranscriptRecord[];
}

/** The environment claude gets: nothing of the caller's (no key can leak). */
export function offlineEnv(sb: Sandbox, extra: Record<string, string>): Record<string, string> {
  return {
    // The launcher's directory first: a plugin's hooks run `pwf` from PATH.
    PATH: `${sb.root}/bin:/usr/bin:/bin`,
    HOME: sb.home,
    TMPDIR: sb.tmp,
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
    ...CLAUDE_OFFLINE_ENV,
    ...extra,
  };
}

function jsonLines(text: string): TranscriptRecord[] {
  return text.split("\n").filter((l) => l.trim().startsWith("{")).map((l) => JSON.parse(l));
}

async function transcriptOf(sb: Sandbox, sessionId: string): Promise<TranscriptRecord[]> {
  const projects = `${sb.home}/.claude/projects`;
  for await (const d of Deno.readDir(projects)) {
    const path = `${projects}/${d.name}/${sessionId}.jsonl`;
    try {
      return jsonLines(await Deno.readTextFile(path));
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
  throw new Error(`no transcript for session ${sessionId} under ${projects}`);
}

/** Run `claude -p <prompt>` in the sandbox's project, offline. */
export async function runClaude(
  sb: Sandbox,
  prompt: string,
  extraEnv: Record<string, string> = {},
): Promise<ClaudeRun> {
  const sessionId = crypto.randomUUID();
  const started = performance.now();
  const out = await new Deno.Command(claudeBin(), {
    args: [
      "-p",
      prompt,
      "--session-id",
      sessionId,
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-hook-events",
    ],
    cwd: sb.project,
    env: offlineEnv(sb, extraEnv),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(30_000),
  }).output();
  const ms = Math.round(performance.now() - started);
  const dec = new TextDecoder();
  const stdout = dec.decode(out.stdout);
  return {
    code: out.code,
    stdout,
    stderr: dec.decode(out.stderr),
    ms,
    records: await transcriptOf(sb, sessionId),
    events: jsonLines(stdout),
  };
}

/** Hook attachments (`attachment.type` starting with "hook_"), in order. */
export function hookAttachments(run: ClaudeRun): TranscriptRecord[] {
  return run.records
    .filter((r) => r.type === "attachment")
    .map((r) => r.attachment as TranscriptRecord)
    .filter((a) => typeof a?.type === "string" && (a.type as string).startsWith("hook_"));
}

/** The context texts Claude accepted from hooks of `event` (hook_additional_context). */
export function acceptedContexts(run: ClaudeRun, event: string): string[] {
  return hookAttachments(run)
    .filter((a) => a.type === "hook_additional_context" && a.hookEvent === event)
    .flatMap((a) => (a.content as string[]));
}

interface Message {
  readonly role: string;
  readonly content: string | readonly { type: string; text?: string }[];
}

/**
 * The messages of the last API request, rebuilt from the transcript:
 * messages(i) = messages(i-1)[0:keep] + tail, tail naming api-request-blob hashes.
 */
export function modelMessages(run: ClaudeRun): Message[] {
  const blobs = new Map<string, Message>();
  for (const r of run.records) {
    if (r.type === "api-request-blob") blobs.set(r.hash as string, r.message as Message);
  }
  let hashes: string[] = [];
  for (const r of run.records) {
    if (r.type !== "api-request") continue;
    hashes = [...hashes.slice(0, r.keep as number), ...(r.tail as string[])];
  }
  return hashes.map((h) => {
    const m = blobs.get(h);
    if (!m) throw new Error(`api-request names blob ${h} that the transcript lacks`);
    return m;
  });
}

/** Every text the model would have been sent (message texts joined by "\n"). */
export function modelText(run: ClaudeRun): string {
  return modelMessages(run).flatMap((m) =>
    typeof m.content === "string" ? [m.content] : m.content.map((c) => c.text ?? JSON.stringify(c))
  ).join("\n");
}

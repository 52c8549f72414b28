/**
 * Binary paths in host registrations on Windows: how each host runs a hook
 * command there decides which form of `--bin` it can run (docs/windows.md,
 * docs/hosts.md). A Windows path (`C:\...`, `C:/...`) is written in the form
 * the host's runner parses; a path that runner cannot run is refused with
 * the fix. Paths that are not Windows paths keep the POSIX rule (no spaces
 * or shell characters in a shell-run command).
 * @module
 */

/** What parses a host's hook command on Windows. */
export type WindowsRunner =
  /** Git Bash (`bash -c`), PowerShell where Git Bash is missing: `/` only (bash eats `\`), no spaces. */
  | "bash-or-powershell"
  /** `cmd /c` (PowerShell in some setups): `\` only (cmd reads `/x` as a switch), no spaces. */
  | "cmd-or-powershell"
  /** PowerShell: any form; a path with spaces is quoted and run with the call operator `&`. */
  | "powershell"
  /** The host starts the binary with an argument list (glue code, no shell): any path. */
  | "argv"
  /** Not documented; Node's `shell: true` means `cmd.exe` there: as cmd-or-powershell. */
  | "unknown";

/** A host as its Windows command lines need it: its name and its runner (HostSpec has both). */
export interface WindowsHost {
  readonly name: string;
  readonly windowsRunner: WindowsRunner;
}

/** Whether `bin` is a Windows absolute path (drive letter or UNC). */
export function isWindowsPath(bin: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(bin) || /^\\\\[^\\]/.test(bin);
}

/** Characters a binary path may hold in a shell-run command without quoting. */
const PLAIN_PATH = /^[A-Za-z0-9_./:\\+@-]+$/;

/** Characters no Windows path we write may hold (quotes, shell and PowerShell operators). */
const NEVER = /["'`$;&|<>(){}\[\]%!^*?\r\n\t]/;

/**
 * Why `host` cannot run hooks through `bin` (one line with the fix), or
 * null when it can.
 * @example
 * ```ts
 * import { binProblem } from "./windows_bin.ts";
 * const claude = { name: "claude", windowsRunner: "bash-or-powershell" } as const;
 * const copilot = { name: "copilot", windowsRunner: "powershell" } as const;
 * if (binProblem("C:/Tools/pwf.exe", claude) !== null) throw new Error();
 * if (binProblem("C:\\Program Files\\pwf\\pwf.exe", copilot) !== null) throw new Error();
 * if (binProblem("C:\\Program Files\\pwf\\pwf.exe", claude) === null) throw new Error();
 * ```
 */
export function binProblem(bin: string, host: WindowsHost): string | null {
  const runner = host.windowsRunner;
  if (runner === "argv" && !/[\r\n\0]/.test(bin) && bin !== "") return null;
  if (!isWindowsPath(bin)) {
    return PLAIN_PATH.test(bin)
      ? null
      : `--bin "${bin}" has spaces or shell characters; ${FIX_POSIX}`;
  }
  if (NEVER.test(bin)) {
    return `--bin "${bin}" holds quotes or shell characters that no host's runner takes as part of a path; ${FIX_WINDOWS}`;
  }
  if (!/ /.test(bin) || runner === "powershell") return null;
  const how = runner === "bash-or-powershell"
    ? "runs hooks through Git Bash or PowerShell, which quote paths differently"
    : runner === "cmd-or-powershell"
    ? "runs hooks through cmd or PowerShell, which quote paths differently"
    : "runs hooks through a shell it does not document";
  return `--bin "${bin}" has spaces, and ${host.name} ${how}; ${FIX_WINDOWS}`;
}

const FIX_POSIX = "install pwf on a path without them (or on PATH and omit --bin)";
const FIX_WINDOWS =
  "put pwf.exe on PATH and omit --bin, or install it where the path has no spaces (e.g. C:\\Tools\\pwf.exe)";

/**
 * `bin` as a host's Windows runner needs it in a command line: `/` for Git
 * Bash, `\` for cmd, `& 'path'` for PowerShell when the path has spaces.
 * Not a Windows path, or an argv host: unchanged.
 * @example
 * ```ts
 * import { commandBin } from "./windows_bin.ts";
 * if (commandBin("C:\\Tools\\pwf.exe", "bash-or-powershell") !== "C:/Tools/pwf.exe") throw new Error();
 * if (commandBin("C:/Tools/pwf.exe", "cmd-or-powershell") !== "C:\\Tools\\pwf.exe") throw new Error();
 * if (commandBin("C:\\Program Files\\pwf\\pwf.exe", "powershell") !== "& 'C:\\Program Files\\pwf\\pwf.exe'") throw new Error();
 * ```
 */
export function commandBin(bin: string, runner: WindowsRunner): string {
  if (runner === "argv" || !isWindowsPath(bin)) return bin;
  if (runner === "bash-or-powershell") return bin.replaceAll("\\", "/");
  if (runner === "powershell") return / /.test(bin) ? `& '${bin.replaceAll("/", "\\")}'` : bin;
  return bin.replaceAll("/", "\\");
}

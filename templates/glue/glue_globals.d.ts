// What the glue templates beside this file (*.js, *.ts) see beyond Node's and Deno's own types,
// in their check (tools/glue.tsconfig.json, `deno task check`): each placeholder, as the value
// lib/hosts/glue_template.ts puts in its place, and the runner's functions. Kept out of tools/ so that the main check (whose
// roots include tools/) never sees these globals.

/** The host's name, as in `pwf hook <host> <event>`. */
declare const __PWF_HOST__: string;
/** The host's title for people ("OpenCode", "Kilo CLI"). */
declare const __PWF_TITLE__: string;
/** The pwf binary the glue starts. */
declare const __PWF_BIN__: string;
/** Event name -> timeout in milliseconds. */
declare const __PWF_TIMEOUT_MS__: Readonly<Record<string, number>>;

// The runner's functions, which the OpenCode and Pi templates call: their __PWF_RUNNER__ line
// becomes runner.js's text. Typed from runner.js itself, so a call that does not fit it fails.
declare const pwf: typeof import("./runner.js").pwf;
declare const pwfSync: typeof import("./runner.js").pwfSync;
declare const contextOf: typeof import("./runner.js").contextOf;
declare const blockOf: typeof import("./runner.js").blockOf;

/** Node's spawn errors carry a `code` ("ENOENT", ...), which the runner logs. */
interface Error {
  code?: string;
}

/**
 * The command-line layer: `run(argv, host)`. Only this is exported here, so
 * that main.ts's static module graph stays small: the command table and the
 * hook path are loaded on demand by run.ts (start-up time is the product's
 * cost; see docs/performance.md).
 * @module
 */

export { run } from "./run.ts";

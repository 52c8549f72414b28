/**
 * Host adapters: payload in, host output out. Pure: no filesystem access.
 * @module
 */

export * from "./host_spec.ts";
export * from "./payload.ts";
export * from "./session_env.ts";
export * from "./table.ts";
export * from "./tool_call.ts";

/**
 * MCP protocol revisions pwf speaks, and the negotiation of one per session.
 * Source: the MCP specification's lifecycle page and the TypeScript SDK's
 * `SUPPORTED_PROTOCOL_VERSIONS` (@modelcontextprotocol/sdk 1.32.2), read 2026-12-02.
 * @module
 */

/** Revisions pwf answers, newest first. */
export const REVISIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** One revision pwf speaks. */
export type Revision = typeof REVISIONS[number];

/** The newest revision: the answer to a client asking for one pwf does not know. */
export const LATEST_REVISION: Revision = REVISIONS[0];

/**
 * The revision of a session: the client's when pwf speaks it, else the
 * latest (the client then decides whether to go on, as the spec says).
 * @example
 * ```ts
 * import { negotiate } from "./revisions.ts";
 * if (negotiate("2025-03-26") !== "2025-03-26" || negotiate("1999-01-01") !== "2025-11-25") throw new Error();
 * ```
 */
export function negotiate(requested: unknown): Revision {
  return (REVISIONS as readonly unknown[]).includes(requested)
    ? requested as Revision
    : LATEST_REVISION;
}

/**
 * Whether a revision carries JSON-RPC batches: 2025-03-26 added them,
 * 2025-06-18 removed them; 2024-11-05 inherits JSON-RPC 2.0's batches.
 * @example
 * ```ts
 * import { allowsBatch } from "./revisions.ts";
 * if (!allowsBatch("2025-03-26") || allowsBatch("2025-06-18")) throw new Error();
 * ```
 */
export function allowsBatch(revision: Revision): boolean {
  return revision === "2025-03-26" || revision === "2024-11-05";
}

/**
 * The MCP stdio loop: read newline-delimited JSON-RPC from stdin, answer
 * each request on stdout, one line per message, in order. Bounded lines,
 * parse errors and batches are answered as the negotiated revision says;
 * end of input or a broken stdout ends the loop cleanly.
 * @module
 */

import {
  type Backend,
  cancelledId,
  handleMessage,
  NEW_SESSION,
  type ServerInfo,
  type Session,
  withCancelled,
} from "../core/mcp/dispatch.ts";
import {
  decodeLine,
  feedLines,
  type LineUnit,
  MAX_LINE_BYTES,
  START,
} from "../core/mcp/framing.ts";
import {
  encodeMessage,
  errorMessage,
  type Incoming,
  type Line,
  parseLine,
  RpcCode,
} from "../core/mcp/jsonrpc.ts";
import { allowsBatch } from "../core/mcp/revisions.ts";

/** The two ends of the transport. */
export interface McpIo {
  /** The next chunk of stdin; null at its end. */
  read(): Promise<Uint8Array | null>;
  /** Write one whole line; false once stdout is broken. */
  write(text: string): boolean;
}

/** How the loop ended. */
export type ServeEnd = "eof" | "broken-stdout";

/** Serve until stdin ends or stdout breaks. */
export async function serveMcp(
  io: McpIo,
  backend: Backend,
  info: ServerInfo,
  maxLine: number = MAX_LINE_BYTES,
): Promise<ServeEnd> {
  let lines = START;
  let session = NEW_SESSION;
  for (;;) {
    const chunk = await io.read();
    // stdin closed mid-message: what came is the last line (an incomplete one is a parse error)
    const fed = chunk === null
      ? {
        state: START,
        units: lines.pending.length > 0 ? [{ kind: "line", bytes: lines.pending } as const] : [],
      }
      : feedLines(lines, chunk, maxLine);
    lines = fed.state;
    const parsed = fed.units.map(parseUnit).filter((l): l is Line => l !== null);
    session = withCancels(session, parsed);
    for (const line of parsed) {
      const answered = await answer(session, line, backend, info);
      session = answered.session;
      if (answered.reply !== null && !io.write(encodeMessage(answered.reply))) {
        return "broken-stdout";
      }
    }
    if (chunk === null) return "eof";
  }
}

/** A unit as a line of the protocol; null for a blank one (skipped, as JSON whitespace). */
function parseUnit(unit: LineUnit): Line | null {
  if (unit.kind === "too-long") {
    return {
      kind: "parse-error",
      message: `Parse error: a message is longer than ${MAX_LINE_BYTES} bytes`,
    };
  }
  const text = decodeLine(unit.bytes);
  if (text === null) return { kind: "parse-error", message: "Parse error: the line is not UTF-8" };
  return text.trim() === "" ? null : parseLine(text);
}

/** Cancellations that arrived with the requests they name apply before those run. */
function withCancels(session: Session, parsed: readonly Line[]): Session {
  return withCancelled(
    session,
    parsed.flatMap((l) => {
      if (l.kind !== "single" || l.message.kind !== "notification") return [];
      const id = cancelledId(l.message.method, l.message.params);
      return id === null ? [] : [id];
    }),
  );
}

async function answer(
  session: Session,
  line: Line,
  backend: Backend,
  info: ServerInfo,
): Promise<{ reply: unknown; session: Session }> {
  if (line.kind === "parse-error") {
    return { reply: errorMessage(null, RpcCode.parse, line.message), session };
  }
  if (line.kind === "single") return await safely(session, line.message, backend, info);
  if (session.revision === null || !allowsBatch(session.revision) || line.messages.length === 0) {
    const why = line.messages.length === 0
      ? "an empty batch"
      : `batches are not part of protocol revision ${
        session.revision ?? "(none yet: initialize first)"
      }`;
    return {
      reply: errorMessage(null, RpcCode.invalidRequest, `Invalid Request: ${why}`),
      session,
    };
  }
  const replies: unknown[] = [];
  let s = session;
  for (const m of line.messages) {
    const h = m.kind === "request" && m.method === "initialize"
      ? {
        reply: errorMessage(m.id, RpcCode.invalidRequest, "initialize must not be part of a batch"),
        session: s,
      }
      : await safely(s, m, backend, info);
    s = h.session;
    if (h.reply !== null) replies.push(h.reply);
  }
  return { reply: replies.length > 0 ? replies : null, session: s };
}

/** handleMessage, with a bug answered as an internal error (never a stack trace on stdout or stderr). */
async function safely(
  session: Session,
  m: Incoming,
  backend: Backend,
  info: ServerInfo,
): Promise<{ reply: Record<string, unknown> | null; session: Session }> {
  try {
    return await handleMessage(session, m, backend, info);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const id = m.kind === "request" ? m.id : null;
    return {
      reply: m.kind === "request"
        ? errorMessage(id, RpcCode.internal, `Internal error: ${why}`)
        : null,
      session,
    };
  }
}

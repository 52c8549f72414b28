/**
 * Frame checks shared by the e2e tests: every pwf frame found in a text has
 * the byte count, SHA-256 and nonce of its payload, recomputed here.
 * @module
 */

import {
  type FrameKind,
  frameNonce,
  type ParsedFrame,
  parseFrames,
} from "../lib/core/inject/framing.ts";
import { sha256Hex } from "../lib/core/text/sha256.ts";
import { byteLength } from "../lib/core/text/text.ts";
import { assertEquals } from "../tests/assert.ts";

/** Every frame in `text`, each verified (bytes, sha256, nonce recomputed). */
export async function verifiedFrames(text: string): Promise<ParsedFrame[]> {
  const frames = parseFrames(text);
  for (const f of frames) {
    assertEquals(byteLength(f.payload), f.bytes, `bytes of ${f.kind} frame`);
    assertEquals(await sha256Hex(f.payload), f.sha256, `sha256 of ${f.kind} frame`);
    assertEquals(await frameNonce(f.kind as FrameKind, f.payload), f.nonce, `nonce of ${f.kind}`);
  }
  return frames;
}

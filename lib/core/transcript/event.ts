/**
 * The vocabulary of transcripts: which host's format a record is in, and the
 * events a record holds. Its own module so that every reader (records.ts and
 * the per-host readers it calls) imports it without importing each other.
 * @module
 */

/** Which host's format a record (or a whole transcript) is in. */
export type RecordFormat = "claude" | "codex" | "opencode" | "unknown";

/** Something that happened in a transcript record. */
export type TranscriptEvent =
  | { readonly kind: "user" | "assistant"; readonly text: string }
  | {
    readonly kind: "tool";
    /** Call id (to match results), or null. */
    readonly id: string | null;
    readonly name: string;
    /** One-line detail: the command, the file, the pattern... ("" if none). */
    readonly detail: string;
    /** Files this call writes when it succeeds (Write/Edit/MultiEdit, apply_patch). */
    readonly writes: readonly string[];
  }
  | { readonly kind: "result"; readonly id: string; readonly ok: boolean | null }
  | {
    readonly kind: "patch";
    readonly id: string | null;
    readonly ok: boolean;
    readonly files: readonly string[];
  };

/**
 * The pure core of pwf: no Deno APIs, no console. Type-checked with only the
 * `esnext` library (see `deno task check`) to prove it.
 * @module
 */

export * from "./agent_texts.ts";
export * from "./attestation.ts";
export * from "./build_info.ts";
export * from "./catchup.ts";
export * from "./catchup_summary.ts";
export * from "./check_view.ts";
export * from "./color.ts";
export * from "./display.ts";
export * from "./doctor.ts";
export * from "./errors.ts";
export * from "./excerpt.ts";
export * from "./framing.ts";
export * from "./frontmatter.ts";
export * from "./guidance.ts";
export * from "./gate.ts";
export * from "./gate_fingerprint.ts";
export * from "./host.ts";
export * from "./inject.ts";
export * from "./json_value.ts";
export * from "./lines.ts";
export * from "./ledger.ts";
export * from "./lint.ts";
export * from "./mode.ts";
export * from "./permissions.ts";
export * from "./plan_edit.ts";
export * from "./plan_id.ts";
export * from "./plan_parse.ts";
export * from "./regression.ts";
export * from "./sha256.ts";
export * from "./skill_hosts.ts";
export * from "./status_view.ts";
export * from "./templates.ts";
export * from "./text.ts";
export * from "./timestamp.ts";
export * from "./transcript.ts";
export * from "./transcript_codex.ts";
export * from "./transcript_records.ts";
export * from "./transcript_writes.ts";
export * from "./views.ts";

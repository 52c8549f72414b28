/**
 * The pure core of pwf: no Deno APIs, no console. Type-checked with only the
 * `esnext` library (see `deno task check`) to prove it.
 * @module
 */

export * from "./agent_texts.ts";
export * from "./attestation.ts";
export * from "./build_info.ts";
export * from "./color.ts";
export * from "./errors.ts";
export * from "./framing.ts";
export * from "./frontmatter.ts";
export * from "./guidance.ts";
export * from "./host.ts";
export * from "./mode.ts";
export * from "./permissions.ts";
export * from "./plan_edit.ts";
export * from "./plan_id.ts";
export * from "./plan_parse.ts";
export * from "./sha256.ts";
export * from "./skill_hosts.ts";
export * from "./status_view.ts";
export * from "./templates.ts";
export * from "./text.ts";

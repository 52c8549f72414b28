/**
 * Reading an MCP resource: one of the plan's three files, bounded, framed
 * as the hooks frame data from disk.
 * @module
 */

import { framedFile, RESOURCE_CAP, RESOURCES } from "../core/mcp/resources.ts";
import { decodeText } from "../core/text/text.ts";
import { readOptionalFile } from "../fs/read.ts";
import { planFile, type PlanRef } from "../session/plan_ref.ts";

/** The framed text of a resource of `plan`, or why there is none. */
export async function readResource(
  plan: PlanRef,
  uri: string,
): Promise<{ text: string } | { error: string }> {
  const def = RESOURCES.find((r) => r.uri === uri);
  if (def === undefined) return { error: `unknown resource ${uri}` };
  const got = readOptionalFile(planFile(plan, def.file), RESOURCE_CAP);
  if (got.kind === "missing") return { error: `${plan.display}/${def.file} is missing` };
  return { text: await framedFile(def.kind, decodeText(got.bytes), got.truncated) };
}

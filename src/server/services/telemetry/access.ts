// Who may read or write telemetry. Checked inside every verb, not only by the routes (rule 2).
import { eq, type SQL } from "drizzle-orm";
import type { Ctx } from "../../context";
import { nodes, type Node } from "../../db/schema";
import { notFound, unauthenticated } from "../../errors";
import { getSettingsWithSecrets } from "../settings";
// The nodes area's own lookup (404 for a non-uuid id without a failing cast); the caller is checked here.
import { getNodeOrThrow } from "../nodes/queries";

/** Logged-in users always; anonymous callers only while the admin made telemetry public. */
export async function assertTelemetryReadable(ctx: Ctx): Promise<void> {
  const { kind, userId } = ctx.actor;
  if ((kind === "user" || kind === "admin") && userId) return;
  if (kind === "cli" || kind === "system") return;
  const { telemetryPublic } = await getSettingsWithSecrets(ctx.db);
  if (!telemetryPublic) throw unauthenticated("telemetry_login_required");
}

/** Reports come only from an agent, and always for the node its token belongs to. */
export function requireAgentNode(ctx: Ctx): string {
  if (ctx.actor.kind !== "agent" || !ctx.actor.nodeId) throw unauthenticated("agent_required");
  return ctx.actor.nodeId;
}

/**
 * Admins (and the operator CLI / system) see every node; users and public readers only nodes in
 * the VISIBLE state (see NODE_VISIBILITIES), so a new or hidden node never reaches a customer.
 */
export function seesHiddenNodes(ctx: Ctx): boolean {
  const { kind, role, userId } = ctx.actor;
  return kind === "cli" || kind === "system" || (kind === "admin" && role === "ADMIN" && Boolean(userId));
}

/** The WHERE condition on `nodes` for this caller's reads; undefined (no filter) for admins. */
export function visibleNodesFilter(ctx: Ctx): SQL | undefined {
  return seesHiddenNodes(ctx) ? undefined : eq(nodes.visibility, "VISIBLE");
}

/** One node for a telemetry read: a node the caller may not see answers 404 like one that does not exist. */
export async function getReadableNode(ctx: Ctx, id: string): Promise<Node> {
  const node = await getNodeOrThrow(ctx.db, id);
  if (node.visibility !== "VISIBLE" && !seesHiddenNodes(ctx)) throw notFound("node");
  return node;
}

// Admin reads of node incidents: what is down now and how many outages the last 24 hours saw (the
// dashboard), and one node's recent outages (its page). The table holds one row per outage, so these
// stay small reads; the open ones are at most one per node.
import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { nodeIncidents, nodes, type NodeIncidentCause } from "../../db/schema";
import { isUuid } from "../../uuid";

export const RECENT_WINDOW_MS = 24 * 3_600_000;
/** How many of a node's outages its page shows. */
export const NODE_INCIDENTS_SHOWN = 5;

export interface OpenIncident { id: string; nodeId: string; name: string; cause: NodeIncidentCause; since: Date }
export interface NodeIncidentOverview {
  /** Open now, longest first. */
  open: OpenIncident[];
  /** Outages that were going on at some moment of the last 24 hours (open ones included). */
  last24h: number;
}

export async function getNodeIncidentOverview(ctx: Ctx): Promise<NodeIncidentOverview> {
  requireAdmin(ctx, "nodes.read");
  const now = ctx.now();
  const from = new Date(now.getTime() - RECENT_WINDOW_MS);
  const [open, [recent]] = await Promise.all([
    ctx.db
      .select({ id: nodeIncidents.id, nodeId: nodeIncidents.nodeId, name: nodes.name, cause: nodeIncidents.cause, since: nodeIncidents.startedAt })
      .from(nodeIncidents)
      .innerJoin(nodes, eq(nodes.id, nodeIncidents.nodeId))
      .where(isNull(nodeIncidents.endedAt))
      .orderBy(nodeIncidents.startedAt, nodes.name),
    ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(nodeIncidents)
      .where(and(lte(nodeIncidents.startedAt, now), or(isNull(nodeIncidents.endedAt), gt(nodeIncidents.endedAt, from)))),
  ]);
  return { open, last24h: recent?.n ?? 0 };
}

export interface NodeIncidentRow { id: string; cause: NodeIncidentCause; startedAt: Date; endedAt: Date | null }

/** One node's newest outages (open or not), newest first; nothing for an id that is not a node's. */
export async function listNodeIncidents(ctx: Ctx, nodeId: string, limit = NODE_INCIDENTS_SHOWN): Promise<NodeIncidentRow[]> {
  requireAdmin(ctx, "nodes.read");
  if (!isUuid(nodeId)) return [];
  return ctx.db
    .select({ id: nodeIncidents.id, cause: nodeIncidents.cause, startedAt: nodeIncidents.startedAt, endedAt: nodeIncidents.endedAt })
    .from(nodeIncidents)
    .where(eq(nodeIncidents.nodeId, nodeId))
    .orderBy(desc(nodeIncidents.startedAt), desc(nodeIncidents.id))
    .limit(Math.min(Math.max(1, Math.trunc(limit)), 50));
}

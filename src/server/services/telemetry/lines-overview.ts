// What a user's Lines page shows: every node's name, latest latency per carrier and route label per
// carrier. Three queries in all, whatever the number of nodes; never a panel address or token.
// Users see visible nodes only; admins see all, each marked, so they can tell what customers see.
import { asc } from "drizzle-orm";
import type { Ctx } from "../../context";
import { nodeLatencies, nodes, routeTraces, type Carrier } from "../../db/schema";
import { assertTelemetryReadable, visibleNodesFilter } from "./access";
import { classifyRoute, normalizeHops, type RouteLabel } from "./classify-route";

export interface LinesOverviewNode {
  id: string;
  name: string;
  lastReportAt: Date | null;
  /** false only in an admin's view, for a node users do not see. */
  visible: boolean;
  latency: Partial<Record<Carrier, { latencyMs: number; at: Date }>>;
  routes: Partial<Record<Carrier, RouteLabel>>;
}

export async function getLinesOverview(ctx: Ctx): Promise<LinesOverviewNode[]> {
  await assertTelemetryReadable(ctx);
  const [nodeRows, latencyRows, traceRows] = await Promise.all([
    ctx.db
      .select({ id: nodes.id, name: nodes.name, lastReportAt: nodes.lastAgentReportAt, visibility: nodes.visibility })
      .from(nodes)
      .where(visibleNodesFilter(ctx))
      .orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    ctx.db.select().from(nodeLatencies),
    ctx.db.select({ nodeId: routeTraces.nodeId, carrier: routeTraces.carrier, hops: routeTraces.hops }).from(routeTraces),
  ]);
  const byId = new Map<string, LinesOverviewNode>(
    nodeRows.map(({ visibility, ...n }) => [n.id, { ...n, visible: visibility === "VISIBLE", latency: {}, routes: {} }]),
  );
  for (const l of latencyRows) {
    const n = byId.get(l.nodeId);
    if (n) n.latency[l.carrier] = { latencyMs: l.latencyMs, at: l.updatedAt };
  }
  // Classified again on read, like getRouteTraces: the stored label never decides.
  for (const r of traceRows) {
    const n = byId.get(r.nodeId);
    if (n) n.routes[r.carrier] = classifyRoute(normalizeHops(r.hops));
  }
  return [...byId.values()];
}

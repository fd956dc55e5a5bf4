import { and, asc, count, eq, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { inbounds, nodeLatencies, nodes, type Node } from "../../db/schema";
import { notFound } from "../../errors";
import { isUuid } from "../../uuid";

// getNodeOrThrow and getInboundOrThrow are Db-based helpers for verbs (here and in telemetry); they
// check no caller, so index.ts does not export them. Transports use the verbs below.

export async function getNodeOrThrow(db: Db, id: string): Promise<Node> {
  if (!isUuid(id)) throw notFound("node");
  const [n] = await db.select().from(nodes).where(eq(nodes.id, id)).limit(1);
  if (!n) throw notFound("node");
  return n;
}

/** What admins may see of a node: never a password, token or their ciphertexts. */
export function publicNode(n: Node) {
  return {
    id: n.id,
    name: n.name,
    panelUrl: n.panelUrl,
    panelUsername: n.panelUsername,
    hasApiToken: Boolean(n.panelApiTokenEnc),
    panelTlsInsecure: n.panelTlsInsecure,
    publicHost: n.publicHost,
    agentToken: n.agentTokenHash ? { active: true, createdAt: n.agentTokenCreatedAt } : { active: false, createdAt: null },
    lastAgentReportAt: n.lastAgentReportAt,
    panelStatus: n.panelStatus,
    panelError: n.panelError,
    panelErrorReason: n.panelErrorReason,
    panelErrorParams: n.panelErrorParams,
    panelCheckedAt: n.panelCheckedAt,
    lastSyncAt: n.lastSyncAt,
    sortOrder: n.sortOrder,
    visibility: n.visibility,
    createdAt: n.createdAt,
  };
}
export type PublicNode = ReturnType<typeof publicNode>;

/** One node as admins may see it. */
export async function getNode(ctx: Ctx, id: string): Promise<PublicNode> {
  requireAdmin(ctx, "nodes.read");
  return publicNode(await getNodeOrThrow(ctx.db, id));
}

/** Nodes with inbound counts and the latest latency per carrier, in three queries total. */
export async function listNodes(ctx: Ctx) {
  requireAdmin(ctx, "nodes.read");
  const [rows, counts, lat] = await Promise.all([
    ctx.db.select().from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    ctx.db
      .select({ nodeId: inbounds.nodeId, total: count(), active: sql<number>`count(*) filter (where ${inbounds.active})::int` })
      .from(inbounds)
      .groupBy(inbounds.nodeId),
    ctx.db.select().from(nodeLatencies),
  ]);
  return rows.map((n) => {
    const c = counts.find((x) => x.nodeId === n.id);
    return {
      ...publicNode(n),
      inboundCount: Number(c?.active ?? 0),
      inboundTotal: Number(c?.total ?? 0),
      latency: Object.fromEntries(lat.filter((l) => l.nodeId === n.id).map((l) => [l.carrier, { latencyMs: l.latencyMs, at: l.updatedAt }])),
    };
  });
}

export async function listNodeInbounds(ctx: Ctx, nodeId: string, opts: { includeInactive?: boolean } = {}) {
  requireAdmin(ctx, "nodes.read");
  await getNodeOrThrow(ctx.db, nodeId);
  const rows = await ctx.db
    .select()
    .from(inbounds)
    .where(opts.includeInactive === false ? and(eq(inbounds.nodeId, nodeId), eq(inbounds.active, true)) : eq(inbounds.nodeId, nodeId))
    .orderBy(asc(inbounds.port));
  return rows.map((i) => ({ ...i, name: i.displayName || i.remark || i.tag || `${i.protocol}:${i.port}` }));
}

export async function getInboundOrThrow(db: Db, id: string) {
  if (!isUuid(id)) throw notFound("inbound");
  const [i] = await db.select().from(inbounds).where(eq(inbounds.id, id)).limit(1);
  if (!i) throw notFound("inbound");
  return i;
}

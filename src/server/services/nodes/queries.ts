import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inbounds, nodeLatencies, nodes, type Node } from "../../db/schema";
import { notFound } from "../../errors";

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function getNodeOrThrow(db: Db, id: string): Promise<Node> {
  if (!isUuid(id)) throw notFound("Node");
  const [n] = await db.select().from(nodes).where(eq(nodes.id, id)).limit(1);
  if (!n) throw notFound("Node");
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
    agentToken: n.agentTokenHash ? { active: true, createdAt: n.agentTokenCreatedAt } : { active: false, createdAt: null },
    lastAgentReportAt: n.lastAgentReportAt,
    panelStatus: n.panelStatus,
    panelError: n.panelError,
    panelCheckedAt: n.panelCheckedAt,
    lastSyncAt: n.lastSyncAt,
    sortOrder: n.sortOrder,
    createdAt: n.createdAt,
  };
}
export type PublicNode = ReturnType<typeof publicNode>;

/** Nodes with inbound counts and the latest latency per carrier, in three queries total. */
export async function listNodes(db: Db) {
  const [rows, counts, lat] = await Promise.all([
    db.select().from(nodes).orderBy(asc(nodes.sortOrder), asc(nodes.name)),
    db
      .select({ nodeId: inbounds.nodeId, total: count(), active: sql<number>`count(*) filter (where ${inbounds.active})::int` })
      .from(inbounds)
      .groupBy(inbounds.nodeId),
    db.select().from(nodeLatencies),
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

export async function listNodeInbounds(db: Db, nodeId: string, opts: { includeInactive?: boolean } = {}) {
  await getNodeOrThrow(db, nodeId);
  const rows = await db
    .select()
    .from(inbounds)
    .where(opts.includeInactive === false ? and(eq(inbounds.nodeId, nodeId), eq(inbounds.active, true)) : eq(inbounds.nodeId, nodeId))
    .orderBy(asc(inbounds.port));
  return rows.map((i) => ({ ...i, name: i.displayName || i.remark || i.tag || `${i.protocol}:${i.port}` }));
}

export async function getInboundOrThrow(db: Db, id: string) {
  if (!isUuid(id)) throw notFound("Inbound");
  const [i] = await db.select().from(inbounds).where(eq(inbounds.id, id)).limit(1);
  if (!i) throw notFound("Inbound");
  return i;
}

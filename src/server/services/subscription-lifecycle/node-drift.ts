// The admin side of reconciliation: the stored drift report of a node, and "Repair", which queues the
// usual panel sync for every drifted client and a fresh check shortly after (audited, admin only).
import { and, eq, inArray, sql } from "drizzle-orm";
import { requireAdmin, type Ctx } from "../../context";
import { nodeClients, nodes, type NodeDriftItem } from "../../db/schema";
import { notFound } from "../../errors";
import { isUuid } from "../../uuid";
import { recordAudit } from "../audit";
import { PANEL_CLIENT_SYNC } from "../provisioning/task-kinds";
import { enqueueTask, kickTasks } from "../tasks";
import { NODE_RECONCILE } from "./task-kinds";

/** How long after a repair the node is checked again: the sync tasks normally finish well within it. */
export const RECHECK_AFTER_MS = 30_000;

export interface NodeDriftReport { nodeId: string; checkedAt: Date | null; items: NodeDriftItem[] }

export async function getNodeDrift(ctx: Ctx, nodeId: string): Promise<NodeDriftReport> {
  requireAdmin(ctx, "nodes.read");
  if (!isUuid(nodeId)) throw notFound("node");
  const [node] = await ctx.db.select({ drift: nodes.drift, checkedAt: nodes.driftCheckedAt }).from(nodes).where(eq(nodes.id, nodeId));
  if (!node) throw notFound("node");
  return { nodeId, checkedAt: node.checkedAt, items: node.drift ?? [] };
}

/**
 * Queues a panel sync for each client the last report names (a missing inbound is not something a
 * client sync can fix, so those are left for the admin; orphans have no row to sync and are removed
 * by removeOrphanClients) and a new check after RECHECK_AFTER_MS.
 */
export async function repairNodeDrift(ctx: Ctx, nodeId: string): Promise<{ queued: number; recheckAt: Date }> {
  requireAdmin(ctx, "nodes.write");
  if (!isUuid(nodeId)) throw notFound("node");
  const now = ctx.now();
  const recheckAt = new Date(now.getTime() + RECHECK_AFTER_MS);
  const queued = await ctx.db.transaction(async (tx) => {
    const [node] = await tx.select({ drift: nodes.drift }).from(nodes).where(eq(nodes.id, nodeId));
    if (!node) throw notFound("node");
    const emails = [...new Set((node.drift ?? []).filter((d) => d.kind !== "inbound_missing" && d.kind !== "orphan").map((d) => d.email.toLowerCase()))];
    const rows = emails.length
      ? await tx
          .update(nodeClients)
          .set({ panelState: "PENDING", updatedAt: now })
          .where(and(eq(nodeClients.nodeId, nodeId), inArray(sql`lower(${nodeClients.email})`, emails)))
          .returning({ id: nodeClients.id })
      : [];
    for (const r of rows) await enqueueTask(tx, PANEL_CLIENT_SYNC, { nodeClientId: r.id }, { maxAttempts: 12 });
    await enqueueTask(tx, NODE_RECONCILE, { nodeId }, { runAt: recheckAt, maxAttempts: 3 });
    await recordAudit(ctx, { action: "admin.node.repair_drift", targetType: "node", targetId: nodeId, metadata: { clients: rows.length, reported: node.drift?.length ?? 0 } }, tx);
    return rows.length;
  });
  kickTasks();
  return { queued, recheckAt };
}

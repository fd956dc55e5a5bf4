// Admin verbs on nodes: create, update, delete, test. Writes and their audit rows commit together;
// the panel is contacted only after commit (rule 4).
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { encryptSecret } from "../../crypto/secrets";
import { isUniqueViolation } from "../../db/pg-errors";
import { nodes } from "../../db/schema";
import { conflict } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { NodeIdsInput, NodeInput, NodeUpdateInput } from "./inputs";
import { forgetPanel } from "./panel-for-node";
import { getNodeOrThrow, publicNode } from "./queries";
import { syncNodeInbounds, type SyncResult } from "./sync-inbounds";

const nameTaken = (err: unknown) => (isUniqueViolation(err) ? conflict("node_name_taken", { fields: { name: "taken" } }) : err);

export async function createNode(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx, "nodes.write");
  const input = parseInput(NodeInput, raw);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [n] = await tx
        .insert(nodes)
        .values({
          name: input.name,
          panelUrl: input.panelUrl,
          panelUsername: input.panelUsername,
          panelPasswordEnc: encryptSecret(input.panelPassword),
          panelApiTokenEnc: input.panelApiToken ? encryptSecret(input.panelApiToken) : null,
          sortOrder: input.sortOrder ?? 0,
          panelTlsInsecure: input.panelTlsInsecure ?? false,
          publicHost: input.publicHost || null,
        })
        .returning({ id: nodes.id });
      await recordAudit(ctx, { action: "admin.node.create", targetType: "node", targetId: n!.id, metadata: { name: input.name, panelUrl: input.panelUrl, panelTlsInsecure: input.panelTlsInsecure ?? false } }, tx);
      return n!.id;
    });
  } catch (err) {
    throw nameTaken(err);
  }
  const sync = await syncNodeInbounds(ctx, id, { fresh: true });
  return { node: publicNode(await getNodeOrThrow(ctx.db, id)), sync };
}

export async function updateNode(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx, "nodes.write");
  const input = parseInput(NodeUpdateInput, raw);
  try {
    await ctx.db.transaction(async (tx) => {
      const before = await getNodeOrThrow(tx, id);
      await tx
        .update(nodes)
        .set({
          name: input.name,
          panelUrl: input.panelUrl,
          panelUsername: input.panelUsername,
          ...(input.panelPassword ? { panelPasswordEnc: encryptSecret(input.panelPassword) } : {}),
          ...(input.clearApiToken ? { panelApiTokenEnc: null } : input.panelApiToken ? { panelApiTokenEnc: encryptSecret(input.panelApiToken) } : {}),
          ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
          ...(input.panelTlsInsecure !== undefined ? { panelTlsInsecure: input.panelTlsInsecure } : {}),
          ...(input.publicHost !== undefined ? { publicHost: input.publicHost || null } : {}),
          // The panel URL's host is the address in links when no public host is set: re-render.
          contentVersion: sql`${nodes.contentVersion} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(nodes.id, id));
      const changed = ["name", "panelUrl", "panelUsername"].filter((k) => before[k as "name"] !== input[k as "name"]);
      if (input.panelPassword) changed.push("panelPassword");
      if (input.panelApiToken || input.clearApiToken) changed.push("panelApiToken");
      if (input.panelTlsInsecure !== undefined && input.panelTlsInsecure !== before.panelTlsInsecure) changed.push("panelTlsInsecure");
      if (input.publicHost !== undefined && (input.publicHost || null) !== before.publicHost) changed.push("publicHost");
      await recordAudit(ctx, { action: "admin.node.update", targetType: "node", targetId: id, metadata: { fields: changed } }, tx);
    });
  } catch (err) {
    throw nameTaken(err);
  }
  forgetPanel(id);
  const sync = await syncNodeInbounds(ctx, id, { fresh: true });
  return { node: publicNode(await getNodeOrThrow(ctx.db, id)), sync };
}

/** Removes the node and its local data (mirrors, telemetry). Nothing is deleted on the panel. */
export async function deleteNode(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "nodes.write");
  await ctx.db.transaction(async (tx) => {
    const n = await getNodeOrThrow(tx, id);
    await tx.delete(nodes).where(eq(nodes.id, id));
    await recordAudit(ctx, { action: "admin.node.delete", targetType: "node", targetId: id, metadata: { name: n.name } }, tx);
  });
  forgetPanel(id);
  return { deleted: true };
}

export async function testNodeConnection(ctx: Ctx, id: string): Promise<SyncResult> {
  requireAdmin(ctx, "nodes.write");
  const result = await syncNodeInbounds(ctx, id, { fresh: true });
  await recordAudit(ctx, { action: "admin.node.test", targetType: "node", targetId: id, metadata: { ok: result.ok, inboundCount: result.inboundCount, error: result.error?.message } });
  return result;
}

/** Tests several nodes, four at a time, so one slow panel does not hold up the rest. */
export async function batchTestNodeConnections(ctx: Ctx, raw: unknown): Promise<Array<{ nodeId: string; name: string } & SyncResult>> {
  requireAdmin(ctx, "nodes.write");
  const { nodeIds } = parseInput(NodeIdsInput, raw);
  const ids = [...new Set(nodeIds)];
  const results: Array<{ nodeId: string; name: string } & SyncResult> = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const nodeId = ids[next++]!;
      const node = await getNodeOrThrow(ctx.db, nodeId);
      results.push({ nodeId, name: node.name, ...(await syncNodeInbounds(ctx, nodeId, { fresh: true })) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
  await recordAudit(ctx, { action: "admin.node.batch_test", targetType: "node", metadata: { total: ids.length, ok: results.filter((r) => r.ok).length } });
  return ids.map((id) => results.find((r) => r.nodeId === id)!);
}

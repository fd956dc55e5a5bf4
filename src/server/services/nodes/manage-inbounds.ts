import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { inbounds, nodes } from "../../db/schema";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { DisplayNameInput } from "./inputs";
import { getInboundOrThrow } from "./queries";

/** The name users see for an inbound; empty falls back to the panel's remark. Survives syncs. */
export async function updateInboundDisplayName(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx, "nodes.write");
  const { displayName } = parseInput(DisplayNameInput, raw);
  return ctx.db.transaction(async (tx) => {
    const before = await getInboundOrThrow(tx, id);
    const [row] = await tx.update(inbounds).set({ displayName: displayName || null }).where(eq(inbounds.id, id)).returning();
    await bumpNodeContent(tx, before.nodeId);
    await recordAudit(ctx, { action: "admin.inbound.rename", targetType: "inbound", targetId: id, metadata: { nodeId: before.nodeId, from: before.displayName, to: displayName || null } }, tx);
    return row!;
  });
}

/** Removes only the local mirror; the panel inbound is untouched (a later sync brings it back). */
export async function deleteInbound(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx, "nodes.write");
  await ctx.db.transaction(async (tx) => {
    const before = await getInboundOrThrow(tx, id);
    await tx.delete(inbounds).where(eq(inbounds.id, id));
    await bumpNodeContent(tx, before.nodeId);
    await recordAudit(ctx, { action: "admin.inbound.delete_mirror", targetType: "inbound", targetId: id, metadata: { nodeId: before.nodeId, panelInboundId: before.panelInboundId, tag: before.tag } }, tx);
  });
  return { deleted: true };
}

/** Subscription content shows the node's inbounds and names: a new version re-renders it everywhere. */
export async function bumpNodeContent(tx: Pick<Ctx["db"], "update">, nodeId: string): Promise<void> {
  await tx.update(nodes).set({ contentVersion: sql`${nodes.contentVersion} + 1` }).where(eq(nodes.id, nodeId));
}

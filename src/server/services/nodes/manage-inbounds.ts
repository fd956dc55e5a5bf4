import { eq } from "drizzle-orm";
import type { Ctx } from "../../context";
import { requireAdmin } from "../../context";
import { inbounds } from "../../db/schema";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { DisplayNameInput } from "./inputs";
import { getInboundOrThrow } from "./queries";

/** The name users see for an inbound; empty falls back to the panel's remark. Survives syncs. */
export async function updateInboundDisplayName(ctx: Ctx, id: string, raw: unknown) {
  requireAdmin(ctx);
  const { displayName } = parseInput(DisplayNameInput, raw);
  return ctx.db.transaction(async (tx) => {
    const before = await getInboundOrThrow(tx, id);
    const [row] = await tx.update(inbounds).set({ displayName: displayName || null }).where(eq(inbounds.id, id)).returning();
    await recordAudit(ctx, { action: "admin.inbound.rename", targetType: "inbound", targetId: id, metadata: { nodeId: before.nodeId, from: before.displayName, to: displayName || null } }, tx);
    return row!;
  });
}

/** Removes only the local mirror; the panel inbound is untouched (a later sync brings it back). */
export async function deleteInbound(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  requireAdmin(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await getInboundOrThrow(tx, id);
    await tx.delete(inbounds).where(eq(inbounds.id, id));
    await recordAudit(ctx, { action: "admin.inbound.delete_mirror", targetType: "inbound", targetId: id, metadata: { nodeId: before.nodeId, panelInboundId: before.panelInboundId, tag: before.tag } }, tx);
  });
  return { deleted: true };
}

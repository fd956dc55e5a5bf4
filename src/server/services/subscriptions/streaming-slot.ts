// Moving a streaming subscription to another service (e.g. the shared account was lost). The new
// slot is taken with the same conditional update a purchase uses (slots_held < slot_count), the old
// one given back, all in one transaction holding the subscription's row lock: under any concurrency
// a service is never oversold and a subscription never holds two slots.
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { streamingServices, subscriptions } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { syncClientsOf } from "../provisioning/provision-order";
import { subscriptionMissing } from "./admin-ops";

const ReassignInput = z.object({ subscriptionId: z.uuid(), serviceId: z.uuid() });

export async function reassignStreamingSlot(ctx: Ctx, raw: unknown): Promise<{ subscriptionId: string; serviceId: string }> {
  requireAdmin(ctx, "subscriptions.write");
  const { subscriptionId, serviceId } = parseInput(ReassignInput, raw);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for("update");
    if (!sub) throw subscriptionMissing();
    if (sub.kind !== "STREAMING") throw conflict("subscription_not_streaming");
    if (sub.status === "CANCELLED") throw conflict("subscription_is_cancelled");
    if (sub.status === "EXPIRED") throw conflict("subscription_is_expired");
    if (sub.streamingServiceId === serviceId) throw conflict("streaming_slot_same_service");
    if (sub.holdsStock) {
      const taken = await tx
        .update(streamingServices)
        .set({ slotsHeld: sql`${streamingServices.slotsHeld} + 1`, updatedAt: now })
        .where(and(eq(streamingServices.id, serviceId), lt(streamingServices.slotsHeld, streamingServices.slotCount)))
        .returning({ id: streamingServices.id });
      if (taken.length === 0) throw await noSlotReason(tx, serviceId);
      if (sub.streamingServiceId) {
        await tx
          .update(streamingServices)
          .set({ slotsHeld: sql`greatest(${streamingServices.slotsHeld} - 1, 0)`, updatedAt: now })
          .where(eq(streamingServices.id, sub.streamingServiceId));
      }
    } else {
      // Holds no slot (its hold was given back): it moves, and takes nothing.
      const [exists] = await tx.select({ id: streamingServices.id }).from(streamingServices).where(eq(streamingServices.id, serviceId));
      if (!exists) throw new DomainError("NOT_FOUND", "streaming_service_not_found");
    }
    const [moved] = await tx.update(subscriptions).set({ streamingServiceId: serviceId, updatedAt: now }).where(eq(subscriptions.id, subscriptionId)).returning();
    await syncClientsOf(tx, moved!, now);
    await recordAudit(ctx, { action: "subscription.streaming_reassigned", targetType: "subscription", targetId: subscriptionId, metadata: { from: sub.streamingServiceId, to: serviceId } }, tx);
  });
  return { subscriptionId, serviceId };
}

async function noSlotReason(tx: Tx, serviceId: string): Promise<DomainError> {
  const [svc] = await tx.select({ id: streamingServices.id }).from(streamingServices).where(eq(streamingServices.id, serviceId));
  return svc ? conflict("streaming_no_free_slot") : new DomainError("NOT_FOUND", "streaming_service_not_found");
}

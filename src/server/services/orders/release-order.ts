// Ending a pending order without payment (cancelled by the user or an admin, or expired): the
// conditional update makes it happen once, and everything the order reserved goes back exactly once.
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Db as Tx } from "../../db/client";
import { couponRedemptions, coupons, orderItems, orders, payments, plans, streamingServices, subscriptions, trialClaims, type Order } from "../../db/schema";
import { describeError } from "../../describe-error";
import { conflict } from "../../errors";
import { log } from "../../logger";
import { releaseHoldOf } from "../wallet/holds";
import { closePlanChangeOf } from "../plan-change/close";

export async function releaseOrder(tx: Tx, orderId: string, to: "CANCELLED" | "EXPIRED", now: Date): Promise<Order | undefined> {
  const [order] = await tx
    .update(orders)
    .set({ status: to, closedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, "PENDING")))
    .returning();
  if (!order) return undefined;
  const lines = await tx.select({ planId: orderItems.planId }).from(orderItems).where(and(eq(orderItems.orderId, orderId), eq(orderItems.holdsStock, true)));
  for (const line of lines) await releasePlanUnit(tx, line.planId);
  const [redemption] = await tx
    .update(couponRedemptions)
    .set({ status: "RELEASED" })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, "HELD")))
    .returning();
  if (redemption) await tx.update(coupons).set({ usesHeld: sql`${coupons.usesHeld} - 1` }).where(eq(coupons.id, redemption.couponId));
  await tx.delete(trialClaims).where(eq(trialClaims.orderId, orderId));
  // A plan change's open row ends with its order, so the subscription may order another change.
  await closePlanChangeOf(tx, orderId, now);
  // [wallet] The balance part of a split payment goes back, once (the hold's own conditional update).
  await releaseHoldOf(tx, orderId, now, to === "CANCELLED" ? "order cancelled" : "order expired");
  // Open attempts close (a USDT amount becomes free); a payment that still arrives is recorded as late.
  await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.orderId, orderId), eq(payments.status, "PENDING")));
  return order;
}

/**
 * One unit of a plan's stock (and its streaming slot) taken by conditional update below the limit;
 * out_of_stock otherwise. A new purchase also needs the streaming service enabled; an admin
 * honouring a late payment does not.
 */
export async function takePlanUnit(tx: Tx, planId: string, opts: { serviceMustBeEnabled: boolean }): Promise<void> {
  const held = await tx
    .update(plans)
    .set({ stockHeld: sql`${plans.stockHeld} + 1` })
    .where(and(eq(plans.id, planId), or(isNull(plans.stockTotal), lt(plans.stockHeld, plans.stockTotal))))
    .returning({ streamingServiceId: plans.streamingServiceId });
  if (held.length === 0) throw conflict("out_of_stock");
  const serviceId = held[0]!.streamingServiceId;
  if (!serviceId) return;
  const slot = await tx
    .update(streamingServices)
    .set({ slotsHeld: sql`${streamingServices.slotsHeld} + 1` })
    .where(and(eq(streamingServices.id, serviceId), lt(streamingServices.slotsHeld, streamingServices.slotCount), opts.serviceMustBeEnabled ? eq(streamingServices.enabled, true) : undefined))
    .returning({ id: streamingServices.id });
  if (slot.length === 0) throw conflict("out_of_stock");
}

/** One unit of a plan's stock (and its streaming slot) back. */
export async function releasePlanUnit(tx: Tx, planId: string): Promise<void> {
  const [plan] = await tx.update(plans).set({ stockHeld: sql`greatest(${plans.stockHeld} - 1, 0)` }).where(eq(plans.id, planId)).returning();
  if (plan?.streamingServiceId) {
    await tx.update(streamingServices).set({ slotsHeld: sql`greatest(${streamingServices.slotsHeld} - 1, 0)` }).where(eq(streamingServices.id, plan.streamingServiceId));
  }
}

/**
 * A subscription that ends gives its stock unit back, once (holds_stock flips in a conditional
 * update). A streaming slot goes back to the service the subscription uses now, which is not its
 * plan's after an admin reassigned it. True when this call released it.
 */
export async function releaseSubscriptionStock(tx: Tx, subscriptionId: string): Promise<boolean> {
  const [sub] = await tx
    .update(subscriptions)
    .set({ holdsStock: false })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.holdsStock, true)))
    .returning({ planId: subscriptions.planId, serviceId: subscriptions.streamingServiceId });
  if (!sub) return false;
  await tx.update(plans).set({ stockHeld: sql`greatest(${plans.stockHeld} - 1, 0)` }).where(eq(plans.id, sub.planId));
  if (sub.serviceId) {
    await tx.update(streamingServices).set({ slotsHeld: sql`greatest(${streamingServices.slotsHeld} - 1, 0)` }).where(eq(streamingServices.id, sub.serviceId));
  }
  return true;
}

/** The expiry job: pending orders past their time release their stock and coupon (behaviour §4). */
export async function expireDueOrders(db: Db, now = new Date(), batch = 200): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "PENDING"), lte(orders.expiresAt, now)))
    .limit(batch);
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await db.transaction((tx) => releaseOrder(tx, id, "EXPIRED", now))) expired++;
    } catch (err) {
      log.error("order expiry failed", { orderId: id, error: describeError(err) });
    }
  }
  return expired;
}

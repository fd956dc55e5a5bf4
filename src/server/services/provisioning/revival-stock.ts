// Stock on revival (behaviour §3): a subscription that expired gave its unit of plan stock back, so a
// renewal that brings it back must hold one again, like a purchase. placeOrder takes the unit when it
// places such a renewal (the line holds it; releaseOrder gives it back if the order is cancelled or
// expires); on payment the unit passes to the subscription here, inside the settling transaction.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { plans, streamingServices, subscriptions, type OrderItem, type Subscription } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { log } from "../../logger";
import { releasePlanUnit, takePlanUnit } from "../orders/release-order";

/**
 * Settles the stock of one paid renewal line, given the subscription before and after it was
 * extended (under its row lock). Exactly one of these happens to a unit the line holds: it passes to
 * the subscription (which did not hold one and is live), or it goes back (the subscription already
 * holds one, e.g. another renewal revived it first, or it was cancelled meanwhile). A line without a
 * unit whose subscription lost its own while the order waited (it expired before the payment came)
 * takes one now if the plan has one free; a payment is never refused here, so when none is free the
 * subscription is renewed without one and the shortfall is logged.
 */
export async function settleRenewalStock(tx: Tx, item: OrderItem, before: Subscription, after: Subscription): Promise<void> {
  const live = after.status === "ACTIVE" || after.status === "SUSPENDED";
  if (before.holdsStock || !live) {
    if (item.holdsStock) await releasePlanUnit(tx, item.planId);
    return;
  }
  try {
    // A savepoint: a refusal half-way (plan stock taken, slot not) undoes only itself.
    await tx.transaction(async (sp) => {
      if (!item.holdsStock) await takePlanUnit(sp, item.planId, { serviceMustBeEnabled: false });
      await moveSlotToSubscriptionService(sp, item.planId, after);
      const [held] = await sp.update(subscriptions).set({ holdsStock: true }).where(and(eq(subscriptions.id, after.id), eq(subscriptions.holdsStock, false))).returning({ id: subscriptions.id });
      if (!held) throw new Error(`subscription ${after.id} took a stock unit twice`);
    });
  } catch (err) {
    if (!(err instanceof DomainError && err.reason === "out_of_stock")) throw err;
    if (item.holdsStock) await releasePlanUnit(tx, item.planId);
    log.warn("renewal revived a subscription without a stock unit", { subscriptionId: after.id, planId: item.planId, orderItemId: item.id });
  }
}

/**
 * A unit's streaming slot is taken on the plan's service; a subscription an admin moved to another
 * service holds its slot there (releaseSubscriptionStock gives it back there), so the slot moves.
 */
async function moveSlotToSubscriptionService(tx: Tx, planId: string, sub: Subscription): Promise<void> {
  if (!sub.streamingServiceId) return;
  const [plan] = await tx.select({ serviceId: plans.streamingServiceId }).from(plans).where(eq(plans.id, planId));
  if (plan?.serviceId === sub.streamingServiceId) return;
  const taken = await tx
    .update(streamingServices)
    .set({ slotsHeld: sql`${streamingServices.slotsHeld} + 1` })
    .where(and(eq(streamingServices.id, sub.streamingServiceId), lt(streamingServices.slotsHeld, streamingServices.slotCount)))
    .returning({ id: streamingServices.id });
  if (taken.length === 0) throw conflict("out_of_stock");
  if (plan?.serviceId) await tx.update(streamingServices).set({ slotsHeld: sql`greatest(${streamingServices.slotsHeld} - 1, 0)` }).where(eq(streamingServices.id, plan.serviceId));
}

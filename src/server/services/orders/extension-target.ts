// Which subscriptions a renewal or a top-up may extend. One rule for placing an order, pricing it
// beforehand (previewOrder) and offering the buttons (services/subscriptions).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders, planChanges, subscriptions, type Plan, type SubscriptionStatus } from "../../db/schema";
import { conflict, DomainError } from "../../errors";

/** A trial is never extended; a renewal also revives an expired subscription, a top-up needs an active one. */
export function extensionAllowed(kind: "RENEWAL" | "TRAFFIC_TOPUP", sub: { trial: boolean; status: SubscriptionStatus }): boolean {
  if (sub.trial) return false;
  return kind === "RENEWAL" ? sub.status === "ACTIVE" || sub.status === "EXPIRED" : sub.status === "ACTIVE";
}

/** The caller's own subscription of `plan` that the line extends, or the reason it cannot be. */
export async function checkExtensionTarget(db: Db, userId: string, plan: Plan, kind: "RENEWAL" | "TRAFFIC_TOPUP", subscriptionId: string | null | undefined): Promise<void> {
  const [sub] = subscriptionId ? await db.select().from(subscriptions).where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId))) : [];
  if (!sub || sub.planId !== plan.id) throw new DomainError("NOT_FOUND", "subscription_not_found");
  if (!extensionAllowed(kind, sub)) throw conflict("subscription_not_extendable");
  // An unpaid plan change would move it off this plan: the renewal or top-up would extend the old one.
  const [change] = await db
    .select({ orderNo: orders.orderNo })
    .from(planChanges)
    .innerJoin(orders, eq(orders.id, planChanges.orderId))
    .where(and(eq(planChanges.subscriptionId, sub.id), eq(planChanges.status, "PENDING"), eq(orders.status, "PENDING")));
  if (change) throw conflict("plan_change_pending", { orderNo: change.orderNo });
}

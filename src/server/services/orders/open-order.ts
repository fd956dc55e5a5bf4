// A second "Buy now" of the same thing returns the buyer's open unpaid order instead of placing
// another (issue 24 item 2: six clicks made five pending orders). It runs inside placeOrder's
// transaction after the buyer's row lock, so two concurrent purchases of one buyer take turns and
// the second one (a new statement, so a new snapshot under READ COMMITTED) sees the first's order.
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { coupons, orderItems, orders, type Order, type OrderKind } from "../../db/schema";
import { normalizeCouponCode } from "../catalog";

/** The one priced line of the purchase: what the buyer chose and what it costs now. */
export interface ChosenLine {
  planId: string;
  kind: OrderKind;
  trafficGb: number;
  durationDays: number;
  amountMinor: number;
  targetSubscriptionId: string | null;
  /** A gift's recipient (issue 28): a gift is a different purchase from a plain one or another recipient's gift. */
  giftEmail: string | null;
}

/**
 * The buyer's pending, unexpired one-line order for exactly this line (plan, kind, traffic, days,
 * price, target, gift recipient) with the same coupon (or none), else null. A typed code that names no coupon
 * matches nothing, so placing the order then refuses the code as usual.
 */
export async function findOpenTwin(tx: Tx, userId: string, line: ChosenLine, couponCode: string | undefined, now: Date): Promise<Order | null> {
  let couponId: string | null = null;
  if (couponCode?.trim()) {
    const [c] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, normalizeCouponCode(couponCode)));
    if (!c) return null;
    couponId = c.id;
  }
  const candidates = await tx
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, "PENDING"),
        gt(orders.expiresAt, now),
        eq(orders.kind, line.kind),
        couponId ? eq(orders.couponId, couponId) : isNull(orders.couponId),
        eq(orderItems.planId, line.planId),
        eq(orderItems.kind, line.kind),
        eq(orderItems.trafficGb, line.trafficGb),
        eq(orderItems.durationDays, line.durationDays),
        eq(orderItems.amountMinor, line.amountMinor),
        line.targetSubscriptionId ? eq(orderItems.targetSubscriptionId, line.targetSubscriptionId) : isNull(orderItems.targetSubscriptionId),
        line.giftEmail ? eq(orderItems.giftEmail, line.giftEmail) : isNull(orderItems.giftEmail),
      ),
    )
    // The newest first: the most time left to pay.
    .orderBy(desc(orders.createdAt));
  for (const { order } of candidates) {
    // A cart order holding this line and others is a different purchase.
    const [lines] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, order.id));
    if ((lines?.n ?? 0) === 1) return order;
  }
  return null;
}

// The expiry job (periodic, every instance): UNCLAIMED gifts past their claim days become EXPIRED and
// their price goes back to the buyer once: [wallet] to the balance (a GIFT_REFUND movement with an
// idempotency key), or in the base edition as a personal coupon ("GF-", catalog/credit-coupon.ts).
// The stock unit the line held is released and the buyer is told.
//
// The order is marked REFUNDED with the amount (no refunds row: no money went through a gateway), in
// the same transaction and under the same order-row lock an admin's refund and a claim take first, so
// the three meet at one door: an expired gift's order can no longer be refunded again by hand, a
// refund under way (order no longer PAID) is left to finish, and a claim after the expiry is refused.
import { and, asc, eq, lte } from "drizzle-orm";
import { makeCtx, type Ctx } from "../../context";
import type { Db } from "../../db/client";
import { gifts, orderItems, orders, plans, type Gift, type Order, type OrderItem } from "../../db/schema";
import { describeError } from "../../describe-error";
import { isWallet } from "../../env";
import { log } from "../../logger";
import { formatMoney } from "../../../i18n/format";
import { recordAudit } from "../audit";
import { issueCreditCoupon } from "../catalog/credit-coupon";
import { releasePlanUnit } from "../orders/release-order";
import { reverseReferralCommission } from "../referral/commission";
import { kickTasks } from "../tasks";
import { moveBalance } from "../wallet/ledger";
import { describeGift, tellBuyer } from "./words";

/** What the buyer paid for this line: its share of the order's total after discounts (a gift order has one line). */
export function lineShareMinor(order: Pick<Order, "totalMinor" | "subtotalMinor">, item: Pick<OrderItem, "amountMinor">): number {
  if (order.subtotalMinor <= 0) return 0;
  return Math.min(order.totalMinor, Math.floor((order.totalMinor * item.amountMinor) / order.subtotalMinor));
}

export async function expireGifts(db: Db, now = new Date(), batch = 200): Promise<number> {
  const ctx = makeCtx(db, { kind: "system" }, { now: () => now });
  const due = await db
    .select({ id: gifts.id })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .where(and(eq(gifts.status, "UNCLAIMED"), lte(gifts.expiresAt, now), eq(orders.status, "PAID")))
    .orderBy(asc(gifts.expiresAt))
    .limit(batch);
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await db.transaction((tx) => expireOne(makeCtx(tx, ctx.actor, { now: () => now }), id, now))) expired++;
    } catch (err) {
      log.error("gift expiry failed", { giftId: id, error: describeError(err) });
    }
  }
  if (expired > 0) kickTasks();
  return expired;
}

/** true when this call expired it; false when it was claimed, cancelled or expired meanwhile. */
async function expireOne(ctx: Ctx, id: string, now: Date): Promise<boolean> {
  const tx = ctx.db;
  const [ref] = await tx.select({ orderId: gifts.orderId }).from(gifts).where(eq(gifts.id, id));
  if (!ref) return false;
  // The order's row lock first (see above); a refund under way leaves the order no longer PAID.
  const [order] = await tx.select().from(orders).where(eq(orders.id, ref.orderId)).for("update");
  if (order?.status !== "PAID") return false;
  const [gift] = await tx
    .update(gifts)
    .set({ status: "EXPIRED", closedAt: now, updatedAt: now })
    .where(and(eq(gifts.id, id), eq(gifts.status, "UNCLAIMED"), lte(gifts.expiresAt, now)))
    .returning();
  if (!gift) return false;
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, gift.orderItemId));
  if (item!.holdsStock) await releasePlanUnit(tx, item!.planId);
  const amount = lineShareMinor(order, item!);
  const refund = await giveBack(tx, gift, order, amount, now);
  await tx.update(gifts).set({ refundKind: refund.refundKind, refundMinor: refund.refundMinor, refundCouponId: refund.refundCouponId }).where(eq(gifts.id, gift.id));
  await tx
    .update(orders)
    .set({ status: "REFUNDED", refundedAt: now, refundAmountMinor: amount, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, "PAID")));
  // Commission the order earned and still holds goes back, as with any refund (referral/commission.ts).
  await reverseReferralCommission(tx, order, now);
  await recordAudit(ctx, { action: "gift.expired", targetType: "gift", targetId: gift.id, metadata: { orderId: order.id, orderNo: order.orderNo, refundKind: refund.refundKind, refundMinor: amount } }, tx);
  const [plan] = await tx.select({ name: plans.name, kind: plans.kind }).from(plans).where(eq(plans.id, item!.planId));
  const terms = { planName: plan!.name, planKind: plan!.kind, trafficGb: item!.trafficGb, durationDays: item!.durationDays };
  const key = refund.refundKind === "BALANCE" ? "expiredBalance" : refund.refundKind === "COUPON" ? "expiredCoupon" : "expiredFree";
  await tellBuyer(tx, gift.buyerId, gift.id, order.id, key, {
    gift: (l) => describeGift(l, terms),
    email: gift.recipientEmail,
    amount: (l) => formatMoney(amount, order.currency, l),
    code: refund.couponCode ?? "",
  });
  return true;
}

interface GivenBack { refundKind: Gift["refundKind"]; refundMinor: number; refundCouponId: string | null; couponCode: string | null }

/** The price back to the buyer: [wallet] the balance, else a personal coupon; nothing for a free order. */
async function giveBack(tx: Db, gift: Gift, order: Order, amount: number, now: Date): Promise<GivenBack> {
  if (amount <= 0) return { refundKind: null, refundMinor: 0, refundCouponId: null, couponCode: null };
  if (isWallet()) {
    await moveBalance(tx, { userId: gift.buyerId, kind: "GIFT_REFUND", amountMinor: amount, referenceType: "gift", referenceId: gift.id, idempotencyKey: `gift-refund:${gift.id}`, note: `order ${order.orderNo}`, now });
    return { refundKind: "BALANCE", refundMinor: amount, refundCouponId: null, couponCode: null };
  }
  const coupon = await issueCreditCoupon(tx, { userId: gift.buyerId, amountMinor: amount, prefix: "GF", now });
  return { refundKind: "COUPON", refundMinor: amount, refundCouponId: coupon.id, couponCode: coupon.code };
}


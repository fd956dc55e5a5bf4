// What a refund does once it is done (the caller has just moved its row to DONE with a conditional
// update, so this runs once per refund): money back to the balance where that is the destination
// (or the balance part of a split payment), the paying payment shown as refunded, the
// subscriptions ended when the admin chose so, and the customer told. All in the caller's
// transaction; panel work is queued (outbox) and runs after commit.
import { eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { orderItems, payments, subscriptions, type Order, type Refund } from "../../db/schema";
import { releaseSubscriptionStock } from "../orders/release-order";
import { syncClientsOf } from "../provisioning/provision-order";
import { moveBalance } from "../wallet/ledger";
import { reverseReferralCommission } from "../referral/commission";
import { cancelGiftsOfRefundedOrder } from "../gifts/hold";
import { tellRefund } from "./notify-refund";

/** Ends what the order bought or extended: status CANCELLED, panel clients disabled, stock released. */
export async function endOrderSubscriptions(tx: Tx, orderId: string, now: Date): Promise<string[]> {
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const subIds = [...new Set(lines.map((l) => l.resultSubscriptionId ?? l.targetSubscriptionId).filter((x): x is string => !!x))];
  const ended: string[] = [];
  for (const subId of subIds) {
    const [sub] = await tx.update(subscriptions).set({ status: "CANCELLED", updatedAt: now }).where(eq(subscriptions.id, subId)).returning();
    if (!sub) continue;
    await releaseSubscriptionStock(tx, subId);
    await syncClientsOf(tx, sub, now);
    ended.push(subId);
  }
  return ended;
}

export interface CompleteInput {
  order: Order;
  refund: Refund;
  now: Date;
  actorId: string | null;
  /** Gateway refunds: what the gateway paid back and what goes to the balance (a split payment's balance part). */
  split?: { gatewayMinor: number; balanceMinor: number };
}

export async function completeRefund(tx: Tx, c: CompleteInput): Promise<{ endedSubscriptions: string[] }> {
  const { order, refund, now } = c;
  const toBalance = refund.destination === "BALANCE" ? refund.amountMinor : refund.destination === "GATEWAY" ? (c.split?.balanceMinor ?? 0) : 0;
  if (toBalance > 0) {
    await moveBalance(tx, {
      userId: order.userId,
      kind: "REFUND",
      amountMinor: toBalance,
      referenceType: "refund",
      referenceId: refund.id,
      idempotencyKey: `refund:${refund.id}`,
      actorId: c.actorId,
      note: `order ${order.orderNo}`,
      now,
    });
  }
  // The payment no longer reads "paid": its money went back (to the balance or through the gateway).
  if (refund.paymentId && refund.destination !== "MANUAL") {
    await tx.update(payments).set({ status: "REFUNDED", updatedAt: now }).where(eq(payments.id, refund.paymentId));
  }
  const endedSubscriptions = refund.endSubscription ? await endOrderSubscriptions(tx, order.id, now) : [];
  // Issue 28: commission still held for this order goes back; its unclaimed gifts can no longer be claimed.
  await reverseReferralCommission(tx, order, now);
  await cancelGiftsOfRefundedOrder(tx, order, now);
  await tellRefund(tx, order, refund, c.split);
  return { endedSubscriptions };
}

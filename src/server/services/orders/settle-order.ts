// Marking an order paid, exactly once. The conditional update (PENDING -> PAID) is the only door:
// whichever caller (a notify, a poller, a query, an admin, a repeat of any of them) gets the row
// provisions; everyone else sees it was already done. Provisioning runs in the same transaction.
import { and, eq } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { couponRedemptions, orders, type Order, type OrderPayMethod, type PaidVia } from "../../db/schema";
import { publishEvent } from "../events/publish";
import { provisionOrder, type ProvisionResult } from "../provisioning/provision-order";
import { captureHoldOf } from "../wallet/holds";
import { queueReceipt } from "./receipt";
import { creditReferralCommission } from "../referral/commission";

export type SettleOutcome = { settled: true; order: Order; provisioned: ProvisionResult } | { settled: false; order: Order | undefined };

export async function settleOrder(tx: Tx, orderId: string, via: PaidVia, now: Date, provider?: OrderPayMethod): Promise<SettleOutcome> {
  const [order] = await tx
    .update(orders)
    .set({ status: "PAID", paidVia: via, paidAt: now, updatedAt: now, ...(provider ? { provider } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, "PENDING")))
    .returning();
  if (!order) {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    return { settled: false, order: current };
  }
  await tx.update(couponRedemptions).set({ status: "USED" }).where(eq(couponRedemptions.orderId, orderId));
  // [wallet] The balance part of a split payment, set aside when the gateway attempt was made, is now spent.
  await captureHoldOf(tx, orderId, now);
  const provisioned = await provisionOrder(tx, order, now);
  await queueReceipt(tx, order);
  await creditReferralCommission(tx, order, now);
  await publishEvent(tx, "order.paid", {
    orderId: order.id,
    orderNo: order.orderNo,
    userId: order.userId,
    totalMinor: order.totalMinor,
    currency: order.currency,
    paidVia: via,
    provider: provider ?? order.provider ?? null,
    paidAt: now.toISOString(),
  });
  return { settled: true, order, provisioned };
}

// Gift lines (issue 28 item 3): a paid gift does not provision for its buyer; it waits for its
// recipient's claim (claim.ts provisions it then, for the claimer). Called by provisionOrder and
// completeRefund inside their transactions, so the gift, its mail and its notices commit or roll
// back with the payment (or the refund).
import { and, eq, inArray } from "drizzle-orm";
import { makeCtx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { gifts, orderItems, plans, type Order, type OrderItem } from "../../db/schema";
import { recordAudit } from "../audit";
import { releasePlanUnit } from "../orders/release-order";
import { getSettingsWithSecrets } from "../settings/queries";
import { newGiftCode } from "./codes";
import { queueGiftMail } from "./mail";
import { describeGift, tellBuyer } from "./words";

const DAY_MS = 86_400_000;

/** When this paid line is a gift, records it as claimable (and mails the recipient); true = do not provision now. */
export async function holdGiftLine(tx: Tx, order: Order, item: OrderItem, now: Date): Promise<boolean> {
  if (!item.giftEmail) return false;
  const { giftClaimDays } = await getSettingsWithSecrets(tx);
  const { code, hash } = newGiftCode();
  // Unique per line: settleOrder's door already makes this run once; the key is the backstop.
  const [gift] = await tx
    .insert(gifts)
    .values({ orderId: order.id, orderItemId: item.id, buyerId: order.userId, recipientEmail: item.giftEmail, codeHash: hash, expiresAt: new Date(now.getTime() + giftClaimDays * DAY_MS), createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: gifts.orderItemId })
    .returning();
  if (!gift) return true;
  await queueGiftMail(tx, gift, item, code);
  const [plan] = await tx.select({ name: plans.name, kind: plans.kind }).from(plans).where(eq(plans.id, item.planId));
  const terms = { planName: plan!.name, planKind: plan!.kind, trafficGb: item.trafficGb, durationDays: item.durationDays };
  await tellBuyer(tx, order.userId, gift.id, order.id, "sent", { gift: (l) => describeGift(l, terms), email: gift.recipientEmail, days: giftClaimDays });
  await recordAudit(makeCtx(tx, { kind: "system" }, { now: () => now }), { action: "gift.created", targetType: "gift", targetId: gift.id, metadata: { orderId: order.id, orderNo: order.orderNo, planId: item.planId, expiresAt: gift.expiresAt.toISOString() } }, tx);
  return true;
}

/**
 * A refunded order's unclaimed gifts can no longer be claimed: UNCLAIMED -> CANCELLED by a conditional
 * update (once, whoever else is looking), and the stock unit each line held goes back. A claimed gift
 * stays claimed: the refund's "end the subscriptions" choice ends the claimer's subscription like any other.
 */
export async function cancelGiftsOfRefundedOrder(tx: Tx, order: Order, now: Date): Promise<void> {
  const cancelled = await tx
    .update(gifts)
    .set({ status: "CANCELLED", closedAt: now, updatedAt: now })
    .where(and(eq(gifts.orderId, order.id), eq(gifts.status, "UNCLAIMED")))
    .returning();
  if (cancelled.length === 0) return;
  const lines = await tx.select().from(orderItems).where(inArray(orderItems.id, cancelled.map((g) => g.orderItemId)));
  for (const line of lines) if (line.holdsStock) await releasePlanUnit(tx, line.planId);
  const audit = makeCtx(tx, { kind: "system" }, { now: () => now });
  for (const g of cancelled) {
    await recordAudit(audit, { action: "gift.cancelled", targetType: "gift", targetId: g.id, metadata: { orderId: order.id, orderNo: order.orderNo, why: "order_refunded" } }, tx);
  }
}

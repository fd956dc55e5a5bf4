// Referral commission on paid orders (issue 28 item 1). Called by settleOrder and completeRefund inside
// their transactions, so a commission is credited or reversed together with the order's own change.
//
// Crediting is once per order line: the line id is a unique key (ON CONFLICT DO NOTHING), a backstop
// behind settleOrder's own door, so a "paid" replayed any number of times credits once. It takes no
// lock of the inviter's: a new HELD row changes nothing anyone could spend yet, and a settle (which
// may hold the buyer's balance row) waiting on an inviter's lock could deadlock with that inviter's
// move to the balance. Reversing is under the inviter's lock (account-lock.ts) and moves only
// commission still HELD once due commission has matured, so it cannot take back money a withdrawal
// already counted.
import { and, asc, eq, gt, inArray, isNotNull, ne } from "drizzle-orm";
import { makeCtx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orderItems, orders, referralCommissions, referralFirstOrders, users, type Order } from "../../db/schema";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "../settings/queries";
import { lockReferralAccount, matureDueCommission } from "./account-lock";
import { availableAtOf, commissionOf, EARNING_PAID_VIA, earnsCommission, shareOverLines } from "./arithmetic";
import { tellInviter } from "./notices";

/**
 * Whether this is the invitee's first paid order: none of theirs was paid with money before it, and
 * it claims their one first-order row (a primary key), so two orders paid at the same moment cannot
 * both be first. Free trials, grants and plan cards are not paid orders: an invitee who tried the
 * free plan first still earns the inviter their first purchase.
 */
async function isFirstPaidOrder(tx: Tx, order: Order, now: Date): Promise<boolean> {
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), isNotNull(orders.paidAt), gt(orders.totalMinor, 0), inArray(orders.paidVia, [...EARNING_PAID_VIA])))
    .limit(1);
  if (earlier) return false;
  const [claimed] = await tx.insert(referralFirstOrders).values({ inviteeId: order.userId, orderId: order.id, createdAt: now }).onConflictDoNothing().returning();
  if (claimed) return true;
  const [slot] = await tx.select({ orderId: referralFirstOrders.orderId }).from(referralFirstOrders).where(eq(referralFirstOrders.inviteeId, order.userId));
  return slot?.orderId === order.id;
}

/** Credits the inviter's commission for a just-paid order (once per order line). */
export async function creditReferralCommission(tx: Tx, order: Order, now: Date): Promise<void> {
  if (!earnsCommission(order.paidVia) || order.totalMinor <= 0) return;
  const [buyer] = await tx.select({ invitedById: users.invitedById }).from(users).where(eq(users.id, order.userId));
  if (!buyer?.invitedById) return;
  const settings = await getSettingsWithSecrets(tx);
  const rate = settings.referralRatePercent;
  if (rate <= 0) return;
  // A deleted inviter is already gone (invited_by_id set null); a banned one earns nothing more.
  const [inviter] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, buyer.invitedById));
  if (!inviter || inviter.status === "BANNED") return;
  if (settings.referralFirstOrderOnly && !(await isFirstPaidOrder(tx, order, now))) return;

  const lines = await tx.select({ id: orderItems.id, amountMinor: orderItems.amountMinor }).from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const bases = shareOverLines(
    lines.map((l) => l.amountMinor),
    order.totalMinor,
  );
  const availableAt = availableAtOf(now, settings.referralHoldDays);
  const rows = lines
    .map((l, i) => ({ line: l, baseMinor: bases[i]!, amountMinor: commissionOf(bases[i]!, rate) }))
    .filter((r) => r.amountMinor > 0)
    .map((r) => ({
      inviterId: inviter.id,
      inviteeId: order.userId,
      orderId: order.id,
      orderItemId: r.line.id,
      orderNo: order.orderNo,
      currency: order.currency,
      baseMinor: r.baseMinor,
      ratePercent: rate,
      amountMinor: r.amountMinor,
      status: "HELD" as const,
      availableAt,
      createdAt: now,
    }));
  if (!rows.length) return;
  const credited = await tx.insert(referralCommissions).values(rows).onConflictDoNothing({ target: referralCommissions.orderItemId }).returning();
  if (!credited.length) return;
  const total = credited.reduce((s, r) => s + r.amountMinor, 0);
  const system = makeCtx(tx, { kind: "system" }, { now: () => now });
  await recordAudit(
    system,
    { action: "referral.commission.credited", targetType: "order", targetId: order.id, metadata: { orderNo: order.orderNo, inviterId: inviter.id, inviteeId: order.userId, lines: credited.length, amountMinor: total, ratePercent: rate, availableAt: availableAt.toISOString() } },
    tx,
  );
  await tellInviter(tx, inviter.id, "commissionCredited", { amount: { minor: total, currency: order.currency }, day: availableAt }, `referral-commission:${order.id}`);
}

/** Takes back the commission of a just-refunded order while it is still held (once). */
export async function reverseReferralCommission(tx: Tx, order: Order, now: Date): Promise<void> {
  const held = await tx
    .selectDistinct({ inviterId: referralCommissions.inviterId })
    .from(referralCommissions)
    .where(and(eq(referralCommissions.orderId, order.id), eq(referralCommissions.status, "HELD")))
    .orderBy(asc(referralCommissions.inviterId));
  const system = makeCtx(tx, { kind: "system" }, { now: () => now });
  for (const { inviterId } of held) {
    await lockReferralAccount(tx, inviterId, now);
    // What the holding period released by now is the inviter's, refund or not: matured first.
    await matureDueCommission(tx, inviterId, now);
    const reversed = await tx
      .update(referralCommissions)
      .set({ status: "REVERSED", reversedAt: now })
      .where(and(eq(referralCommissions.orderId, order.id), eq(referralCommissions.inviterId, inviterId), eq(referralCommissions.status, "HELD")))
      .returning();
    if (!reversed.length) continue;
    const total = reversed.reduce((s, r) => s + r.amountMinor, 0);
    await recordAudit(system, { action: "referral.commission.reversed", targetType: "order", targetId: order.id, metadata: { orderNo: order.orderNo, inviterId, lines: reversed.length, amountMinor: total } }, tx);
    await tellInviter(tx, inviterId, "commissionReversed", { amount: { minor: total, currency: reversed[0]!.currency } }, `referral-reversed:${order.id}`);
  }
}

// Gateway money for an order meeting the order's balance part (issue 23 item 3). Called from the
// payment door (payments/record-payment.ts) with the order's row locked, and from the admin's
// confirmation of a late-paid order (orders/admin-orders.ts). In the wallet edition a gateway payment
// that cannot settle its order (the order closed first, or the payment no longer covers it) is
// credited to the payer's balance, once (`late:<paymentId>`): never lost, never kept twice.
import { and, eq, inArray } from "drizzle-orm";
import type { Db as Tx } from "../../db/client";
import { orders, payments, walletHolds, walletTransactions, type Order, type Payment } from "../../db/schema";
import { isWallet } from "../../env";
import { minorToDecimal } from "../../integrations/payments/money";
import { heldHoldOf, placeHold, releaseHold } from "./holds";
import { moveBalance } from "./ledger";

/**
 * Whether `paidMinor` from a gateway, with the order's open hold, pays the pending order. The hold is
 * fitted to what the gateway left to pay: released when the gateway paid the whole order, lowered
 * when it paid more than the split asked (an earlier attempt of a larger amount). Undefined when the
 * order is not pending (the settle door decides); otherwise the shortfall in minor units (0 = covered).
 */
export async function fitHoldToGatewayPayment(tx: Tx, order: Order, paidMinor: number, now: Date): Promise<number | undefined> {
  if (order.status !== "PENDING") return undefined;
  const hold = await heldHoldOf(tx, order.id);
  const needFromBalance = order.totalMinor - paidMinor;
  if (!hold) return Math.max(needFromBalance, 0);
  if (needFromBalance > hold.amountMinor) return needFromBalance - hold.amountMinor;
  if (needFromBalance === hold.amountMinor) return 0;
  if (needFromBalance <= 0) await releaseHold(tx, hold, now, "the gateway paid the whole order");
  else await placeHold(tx, { userId: hold.userId, orderId: order.id, amountMinor: needFromBalance, now });
  await tx.update(orders).set({ balancePaidMinor: Math.max(needFromBalance, 0), updatedAt: now }).where(eq(orders.id, order.id));
  return 0;
}

/** [wallet] A verified gateway payment that did not settle its order, credited to the balance; false in the base edition. */
export async function creditLateOrderPayment(tx: Tx, paid: Payment, why: string, now: Date): Promise<boolean> {
  if (!isWallet()) return false;
  await moveBalance(tx, {
    userId: paid.userId,
    kind: "LATE_PAYMENT",
    amountMinor: paid.amountMinor,
    referenceType: "payment",
    referenceId: paid.id,
    idempotencyKey: `late:${paid.id}`,
    note: `order payment ${paid.tradeNo}: ${why}`,
    now,
  });
  return true;
}

/**
 * [wallet] An admin honours a closed order that gateway money arrived for late: that money went to
 * the balance, and the balance part of a split was given back when the order closed, so both are
 * taken again before the order settles: the gateway part as ORDER_PAYMENT (at most what was credited
 * for this order), the balance part as a new hold that the settlement captures. insufficient_balance
 * (the buyer spent it meanwhile) undoes the confirmation. Call with the order's row locked.
 */
export async function retakeForLateConfirmation(tx: Tx, order: Order, now: Date, actorId: string | null): Promise<void> {
  if (!isWallet()) return;
  await retakeLateCredits(tx, order, now, actorId);
  const balancePart = order.balancePaidMinor;
  if (balancePart > 0) {
    const [released] = await tx.select({ id: walletHolds.id }).from(walletHolds).where(and(eq(walletHolds.orderId, order.id), eq(walletHolds.status, "RELEASED"))).limit(1);
    if (released) await placeHold(tx, { userId: order.userId, orderId: order.id, amountMinor: balancePart, now, actorId });
  }
}

/**
 * [wallet] Gateway money credited to the balance for this order's payments (late, or not covering a
 * still-pending order) is taken back as ORDER_PAYMENT when an admin confirms the order, at most the
 * part of the total the balance does not pay: otherwise the buyer would keep both the credit and the
 * plan. insufficient_balance (spent meanwhile) refuses the confirmation. Call with the order locked.
 */
export async function retakeLateCredits(tx: Tx, order: Order, now: Date, actorId: string | null): Promise<void> {
  if (!isWallet()) return;
  const paidIds = (await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, "PAID")))).map((p) => p.id);
  const credits = paidIds.length
    ? await tx
        .select({ amountMinor: walletTransactions.amountMinor })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.userId, order.userId), eq(walletTransactions.kind, "LATE_PAYMENT"), eq(walletTransactions.referenceType, "payment"), inArray(walletTransactions.referenceId, paidIds)))
    : [];
  const credited = credits.reduce((sum, c) => sum + c.amountMinor, 0);
  const balancePart = order.balancePaidMinor;
  const gatewayPart = Math.min(credited, order.totalMinor - balancePart);
  if (gatewayPart > 0) {
    await moveBalance(tx, {
      userId: order.userId,
      kind: "ORDER_PAYMENT",
      amountMinor: -gatewayPart,
      referenceType: "order",
      referenceId: order.id,
      idempotencyKey: `late-confirm:${order.id}`,
      actorId,
      note: `late gateway payment taken back: order ${order.orderNo} confirmed (${minorToDecimal(gatewayPart)})`,
      now,
    });
  }
}

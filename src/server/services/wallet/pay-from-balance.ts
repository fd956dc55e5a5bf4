// [wallet] Paying an order from the balance, whole or in part (issue 23 item 3, behaviour §13).
// POST /api/payment/create reaches these after it loaded and checked the caller's order
// (payments/create-payment.ts). Every change here runs under the order's row lock and re-checks that
// the order is still pending, so a payment racing a cancel or the expiry job either happens before it
// (and the release gives back only what is still held) or is refused: never both a debit and a release.
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { orders, payments, type Order } from "../../db/schema";
import { conflict, validationError } from "../../errors";
import { minorToDecimal } from "../../integrations/payments/money";
import { recordAudit } from "../audit";
import { settleOrder } from "../orders/settle-order";
import { kickTasks } from "../tasks";
import { requireWalletEdition } from "./edition";
import { heldHoldOf, placeHold, releaseHoldOf } from "./holds";
import { balanceOf, moveBalance } from "./ledger";

/** What POST /api/payment/create answers for `provider: "balance"`: the order is paid already. */
export interface BalancePaymentView {
  orderId: string;
  provider: "balance";
  status: "PAID";
  amountMinor: number;
  currency: string;
  /** The caller's balance after the payment. */
  balanceMinor: number;
  paidAt: string;
}

/** The order's row, locked, if it is the caller's and still payable; order_not_pending otherwise. */
async function lockPayable(tx: Tx, orderId: string, userId: string, now: Date): Promise<Order> {
  const [locked] = await tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).for("update");
  if (!locked || locked.status !== "PENDING" || locked.expiresAt <= now) throw conflict("order_not_pending");
  return locked;
}

/**
 * Debits the order's total and settles it in one transaction: the order's row lock, a split hold
 * released (its money is part of what pays), the settleOrder door (PENDING -> PAID, provisioning),
 * then the debit (insufficient_balance undoes all of it). The debit comes last so the balance's row
 * lock is held only for the end of the transaction: payments of one balance queue there briefly.
 */
export async function payOrderFromBalance(ctx: Ctx, order: Order): Promise<BalancePaymentView> {
  requireWalletEdition();
  const userId = order.userId; // the caller's own order (createPayment checked), or a system job's
  const now = ctx.now();
  const total = order.totalMinor;
  // A plain read first: a short balance is refused without taking any lock.
  const [balance, hold] = await Promise.all([balanceOf(ctx.db, userId), heldHoldOf(ctx.db, order.id)]);
  const spendable = balance + (hold?.amountMinor ?? 0);
  if (spendable < total) throw conflict("insufficient_balance", { balance: minorToDecimal(spendable) });
  const result = await ctx.db.transaction(async (tx) => {
    await lockPayable(tx, order.id, userId, now);
    await releaseHoldOf(tx, order.id, now, "the whole order paid from the balance");
    const settled = await settleOrder(tx, order.id, "BALANCE", now, "balance");
    if (!settled.settled) throw conflict("order_not_pending");
    const moved = await moveBalance(tx, {
      userId,
      kind: "ORDER_PAYMENT",
      amountMinor: -total,
      referenceType: "order",
      referenceId: order.id,
      idempotencyKey: `order-pay:${order.id}`,
      actorId: ctx.actor.userId ?? null,
      now,
    });
    await tx.update(orders).set({ balancePaidMinor: total }).where(eq(orders.id, order.id));
    // Open gateway attempts stop here (a USDT amount is freed); one paid anyway is recorded as late.
    await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.orderId, order.id), eq(payments.status, "PENDING")));
    await recordAudit(ctx, { action: "order.paid", targetType: "order", targetId: order.id, metadata: { provider: "balance", amountMinor: total } }, tx);
    return { paidAt: settled.order.paidAt ?? now, balanceMinor: moved.balanceAfterMinor };
  });
  kickTasks();
  return { orderId: order.id, provider: "balance", status: "PAID", amountMinor: total, currency: order.currency, balanceMinor: result.balanceMinor, paidAt: result.paidAt.toISOString() };
}

/**
 * The balance part of a split payment: `balanceMinor` held (0 < N < total) and recorded on the order,
 * in one transaction; the caller then opens the gateway attempt for the rest. A hold of another amount
 * is released first; gateway attempts for another amount are closed (the page will not reuse them,
 * and one paid anyway is checked against the hold when it arrives: payments/record-payment.ts).
 */
export async function holdBalancePart(ctx: Ctx, order: Order, balanceMinor: number): Promise<void> {
  requireWalletEdition();
  const userId = order.userId; // the caller's own order (createPayment checked), or a system job's
  const total = order.totalMinor;
  if (!Number.isSafeInteger(balanceMinor) || balanceMinor <= 0 || balanceMinor >= total) {
    throw validationError("split_amount_invalid", { max: minorToDecimal(Math.max(total - 1, 0)), fields: { balanceMinor: "invalid" } });
  }
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const locked = await lockPayable(tx, order.id, userId, now);
    const { hold, placed } = await placeHold(tx, { userId, orderId: order.id, amountMinor: balanceMinor, now, actorId: ctx.actor.userId ?? null });
    if (locked.balancePaidMinor !== balanceMinor) await tx.update(orders).set({ balancePaidMinor: balanceMinor, updatedAt: now }).where(eq(orders.id, order.id));
    await closeAttemptsNotFor(tx, order.id, total - balanceMinor, now);
    if (placed) await recordAudit(ctx, { action: "payment.balance_held", targetType: "order", targetId: order.id, metadata: { holdId: hold.id, amountMinor: balanceMinor } }, tx);
  });
}

/**
 * The buyer chose to pay the whole order through a gateway after all: an earlier split's hold goes
 * back and attempts for the smaller amount close. Nothing to do (no transaction) when there was none.
 */
export async function dropBalancePart(ctx: Ctx, order: Order): Promise<void> {
  const userId = order.userId; // the caller's own order (createPayment checked), or a system job's
  if (order.balancePaidMinor === 0) return;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await lockPayable(tx, order.id, userId, now);
    const released = await releaseHoldOf(tx, order.id, now, "the buyer chose to pay the whole order through a gateway");
    await tx.update(orders).set({ balancePaidMinor: 0, updatedAt: now }).where(eq(orders.id, order.id));
    await closeAttemptsNotFor(tx, order.id, order.totalMinor, now);
    if (released) await recordAudit(ctx, { action: "payment.balance_released", targetType: "order", targetId: order.id, metadata: { holdId: released.id, amountMinor: released.amountMinor } }, tx);
  });
}

async function closeAttemptsNotFor(tx: Tx, orderId: string, amountMinor: number, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: "CLOSED", updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "PENDING"), ne(payments.amountMinor, amountMinor)));
}

/** [wallet] What the pay page shows about the balance: the caller's balance and what is already held for this order of theirs. */
export async function balanceForOrder(ctx: Ctx, orderId: string): Promise<{ balanceMinor: number; heldMinor: number }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const [order] = z.uuid().safeParse(orderId).success ? await ctx.db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))) : [];
  const [balanceMinor, hold] = await Promise.all([balanceOf(ctx.db, userId), order ? heldHoldOf(ctx.db, order.id) : undefined]);
  return { balanceMinor, heldMinor: hold?.amountMinor ?? 0 };
}

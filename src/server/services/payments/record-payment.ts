// The one place a verified payment changes anything. Callers (notify endpoints, the USDT poller, the
// active query, reconcile) have already verified the provider's message; this records it exactly
// once and either settles the order or, when the order is no longer pending, keeps the money on
// record and flags the order for an admin (behaviour §5: a late payment is never dropped).
import { and, eq, gte, notInArray, sql } from "drizzle-orm";
import type { Db, Db as Tx } from "../../db/client";
import { events, orders, payments, walletRechargeOrders, type Order, type Payment } from "../../db/schema";
import type { AuditAction } from "../../db/schema/audit-actions";
import { log } from "../../logger";
import { countPayment } from "../../metrics/count";
import { recordAudit } from "../audit";
import { publishEvent } from "../events/publish";
import { makeCtx } from "../../context";
import { kickTasks } from "../tasks";
import { settleOrder } from "../orders/settle-order";
import { creditRechargePayment } from "../wallet/recharge-credit";
import { creditLateOrderPayment, fitHoldToGatewayPayment } from "../wallet/late-order-payment";
import { minorToDecimal } from "../../integrations/payments/money";

export interface VerifiedPayment {
  tradeNo: string;
  /** What the provider says was paid, in the unit the payment was asked in (minor units, or USDT micro-units). */
  amountMinor?: number;
  amountMicro?: number;
  providerTradeNo?: string;
  evidence: Record<string, unknown>;
  now: Date;
}

export type RecordOutcome =
  | { kind: "settled"; payment: Payment }
  | { kind: "duplicate"; payment: Payment }
  | { kind: "late"; payment: Payment; orderStatus: string }
  | { kind: "amount_mismatch"; payment: Payment }
  | { kind: "unknown_trade" };

export async function recordVerifiedPayment(db: Db, v: VerifiedPayment): Promise<RecordOutcome> {
  const outcome = await db.transaction((tx) => recordVerifiedPaymentIn(tx, v));
  afterRecord(outcome, v.tradeNo);
  return outcome;
}

/** Kicks the worker after a settlement and logs what needs an admin; call once the transaction committed. */
export function afterRecord(outcome: RecordOutcome, tradeNo: string): void {
  countPayment(outcome.kind === "unknown_trade" ? "unknown" : outcome.payment.provider, outcome.kind);
  if (outcome.kind === "settled") kickTasks();
  if (outcome.kind === "late" || outcome.kind === "amount_mismatch") log.warn("payment needs review", { kind: outcome.kind, tradeNo });
}

/** The same, inside a caller's transaction (the USDT poller records the chain receipt in it too). */
export async function recordVerifiedPaymentIn(tx: Tx, v: VerifiedPayment): Promise<RecordOutcome> {
  const outcome = await recordIn(tx, v);
  if (outcome.kind === "late" || outcome.kind === "amount_mismatch") await raiseReviewAlert(tx, outcome, v);
  return outcome;
}

/**
 * Money an operator must look at reaches them (Telegram): a late payment is recorded once (the
 * payment's PAID door), but a mismatched notify is repeated by the gateway until it is accepted, so
 * that alert is raised once a day per trade number.
 */
async function raiseReviewAlert(tx: Tx, outcome: Extract<RecordOutcome, { kind: "late" | "amount_mismatch" }>, v: VerifiedPayment): Promise<void> {
  const p = outcome.payment;
  const data = { tradeNo: p.tradeNo, provider: p.provider, orderId: p.orderId ?? null, rechargeId: p.rechargeId ?? null, expectedMinor: p.amountMinor, paidMinor: v.amountMinor ?? null, paidMicro: v.amountMicro ?? null };
  if (outcome.kind === "late") {
    await publishEvent(tx, "payment.late", { ...data, orderStatus: outcome.orderStatus });
    return;
  }
  const [seen] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.type, "payment.mismatched"), gte(events.createdAt, new Date(v.now.getTime() - 86_400_000)), sql`${events.data} ->> 'tradeNo' = ${p.tradeNo}`))
    .limit(1);
  if (!seen) await publishEvent(tx, "payment.mismatched", data);
}

async function recordIn(tx: Tx, v: VerifiedPayment): Promise<RecordOutcome> {
  {
    const [current] = await tx.select().from(payments).where(eq(payments.tradeNo, v.tradeNo));
    if (!current) return { kind: "unknown_trade" } as const;
    // The order's row first, as every path that pays or closes an order takes it (cancel, expiry,
    // balance payment, admin) before touching its payments: the two never wait on each other crosswise.
    const [order] = current.orderId ? await tx.select().from(orders).where(eq(orders.id, current.orderId)).for("update") : [];
    // [wallet] The same for a recharge: cancel, expiry and admin verbs update the recharge, then its payments.
    if (current.rechargeId) await tx.select({ id: walletRechargeOrders.id }).from(walletRechargeOrders).where(eq(walletRechargeOrders.id, current.rechargeId)).for("update");
    const amountOk = current.cryptoAmountMicro !== null ? v.amountMicro === current.cryptoAmountMicro : v.amountMinor === current.amountMinor;
    if (!amountOk) return { kind: "amount_mismatch", payment: current } as const;
    // The door: only one caller moves this payment to PAID (a CLOSED attempt that was paid anyway
    // counts too: the money arrived).
    const [paid] = await tx
      .update(payments)
      .set({ status: "PAID", paidAt: v.now, providerTradeNo: v.providerTradeNo ?? current.providerTradeNo, evidence: v.evidence, updatedAt: v.now })
      // A REFUNDED payment stays refunded: the gateway's repeat of its notify, or the notify it
      // sends about the refund itself (Alipay: TRADE_SUCCESS with refund_fee), is a duplicate.
      .where(and(eq(payments.id, current.id), notInArray(payments.status, ["PAID", "REFUNDED"])))
      .returning();
    if (!paid) return { kind: "duplicate", payment: current } as const;
    if (paid.purpose === "RECHARGE") {
      const credited = await creditRechargePayment(tx, paid, v.now);
      return credited.kind === "credited" ? { kind: "settled", payment: paid } : { kind: "late", payment: { ...paid, late: true }, orderStatus: credited.status };
    }
    return settleOrLate(tx, { ...paid, orderId: paid.orderId! }, order, v.now);
  }
}

async function settleOrLate(tx: Tx, paid: Payment & { orderId: string }, order: Order | undefined, now: Date): Promise<RecordOutcome> {
  // [wallet] A split order is paid by this payment plus its balance hold: a payment that does not
  // cover what is left (an attempt from before the buyer changed the split) settles nothing.
  const shortMinor = order ? await fitHoldToGatewayPayment(tx, order, paid.amountMinor, now) : undefined;
  const settled = shortMinor ? { settled: false as const, order } : await settleOrder(tx, paid.orderId, "GATEWAY", now, paid.provider);
  const ctx = makeCtx(tx, { kind: "system" });
  if (settled.settled) {
    // Other open attempts of the order stop here (a USDT amount is freed for other orders).
    await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.orderId, paid.orderId), eq(payments.status, "PENDING")));
    await recordAudit(ctx, { action: "order.paid", targetType: "order", targetId: paid.orderId, metadata: { tradeNo: paid.tradeNo, provider: paid.provider, amountMinor: paid.amountMinor } });
    return { kind: "settled", payment: paid };
  }
  const status = settled.order?.status ?? "missing";
  await tx.update(payments).set({ late: true }).where(eq(payments.id, paid.id));
  const why = shortMinor ? `it left ${minorToDecimal(shortMinor)} of the order unpaid` : `it arrived while the order was ${status}`;
  // [wallet] The money is the payer's: kept as balance (once per payment), and the note says so.
  const credited = await creditLateOrderPayment(tx, paid, why, now);
  await flagOrderForReview(tx, {
    orderId: paid.orderId,
    note: shortMinor
      ? `payment ${paid.tradeNo} (${paid.provider}) of ${minorToDecimal(paid.amountMinor)} does not cover the order: ${why}${credited ? `; ${minorToDecimal(paid.amountMinor)} credited to the balance` : ""}`
      : `payment ${paid.tradeNo} (${paid.provider}) arrived while the order was ${status}${credited ? `; ${minorToDecimal(paid.amountMinor)} credited to the balance` : ""}`,
    audit: { action: "payment.late", metadata: { tradeNo: paid.tradeNo, provider: paid.provider, orderStatus: status, ...(shortMinor ? { shortMinor } : {}), ...(credited ? { creditedMinor: paid.amountMinor } : {}) } },
    now,
  });
  return { kind: "late", payment: { ...paid, late: true }, orderStatus: status };
}

/**
 * Money an admin must look at (a late payment, a second transfer to a paid attempt): the order is
 * flagged (again, if an admin had resolved an earlier flag), the note appended, and an audit row
 * written, all in the caller's transaction so it happens exactly when the payment is recorded.
 */
export async function flagOrderForReview(tx: Tx, f: { orderId: string; note: string; audit: { action: AuditAction; metadata: Record<string, unknown> }; now: Date }): Promise<void> {
  await tx
    .update(orders)
    .set({ reviewStatus: "FLAGGED", reviewNote: sql`concat_ws(E'\n', ${orders.reviewNote}, ${f.note}::text)`, updatedAt: f.now })
    .where(eq(orders.id, f.orderId));
  await recordAudit(makeCtx(tx, { kind: "system" }), { action: f.audit.action, targetType: "order", targetId: f.orderId, metadata: f.audit.metadata });
}

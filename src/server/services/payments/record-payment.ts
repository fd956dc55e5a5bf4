// The one place a verified payment changes anything. Callers (notify endpoints, the USDT poller, the
// active query, reconcile) have already verified the provider's message; this records it exactly
// once and either settles the order or, when the order is no longer pending, keeps the money on
// record and flags the order for an admin (behaviour §5: a late payment is never dropped).
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Db as Tx } from "../../db/client";
import { orders, payments, type Payment } from "../../db/schema";
import { log } from "../../logger";
import { countPayment } from "../../metrics/count";
import { recordAudit } from "../audit";
import { makeCtx } from "../../context";
import { kickTasks } from "../tasks";
import { settleOrder } from "../orders/settle-order";
import { creditRechargePayment } from "../wallet/recharge-credit";

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
  {
    const [current] = await tx.select().from(payments).where(eq(payments.tradeNo, v.tradeNo));
    if (!current) return { kind: "unknown_trade" } as const;
    const amountOk = current.cryptoAmountMicro !== null ? v.amountMicro === current.cryptoAmountMicro : v.amountMinor === current.amountMinor;
    if (!amountOk) return { kind: "amount_mismatch", payment: current } as const;
    // The door: only one caller moves this payment to PAID (a CLOSED attempt that was paid anyway
    // counts too: the money arrived).
    const [paid] = await tx
      .update(payments)
      .set({ status: "PAID", paidAt: v.now, providerTradeNo: v.providerTradeNo ?? current.providerTradeNo, evidence: v.evidence, updatedAt: v.now })
      .where(and(eq(payments.id, current.id), ne(payments.status, "PAID")))
      .returning();
    if (!paid) return { kind: "duplicate", payment: current } as const;
    if (paid.purpose === "RECHARGE") {
      const credited = await creditRechargePayment(tx, paid, v.now);
      return credited.kind === "credited" ? { kind: "settled", payment: paid } : { kind: "late", payment: { ...paid, late: true }, orderStatus: credited.status };
    }
    return settleOrLate(tx, { ...paid, orderId: paid.orderId! }, v.now);
  }
}

async function settleOrLate(tx: Tx, paid: Payment & { orderId: string }, now: Date): Promise<RecordOutcome> {
  const settled = await settleOrder(tx, paid.orderId, "GATEWAY", now, paid.provider);
  const ctx = makeCtx(tx, { kind: "system" });
  if (settled.settled) {
    // Other open attempts of the order stop here (a USDT amount is freed for other orders).
    await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.orderId, paid.orderId), eq(payments.status, "PENDING")));
    await recordAudit(ctx, { action: "order.paid", targetType: "order", targetId: paid.orderId, metadata: { tradeNo: paid.tradeNo, provider: paid.provider, amountMinor: paid.amountMinor } });
    return { kind: "settled", payment: paid };
  }
  const status = settled.order?.status ?? "missing";
  await tx.update(payments).set({ late: true }).where(eq(payments.id, paid.id));
  await flagOrderForReview(tx, {
    orderId: paid.orderId,
    note: `payment ${paid.tradeNo} (${paid.provider}) arrived while the order was ${status}`,
    audit: { action: "payment.late", metadata: { tradeNo: paid.tradeNo, provider: paid.provider, orderStatus: status } },
    now,
  });
  return { kind: "late", payment: { ...paid, late: true }, orderStatus: status };
}

/**
 * Money an admin must look at (a late payment, a second transfer to a paid attempt): the order is
 * flagged (again, if an admin had resolved an earlier flag), the note appended, and an audit row
 * written, all in the caller's transaction so it happens exactly when the payment is recorded.
 */
export async function flagOrderForReview(tx: Tx, f: { orderId: string; note: string; audit: { action: string; metadata: Record<string, unknown> }; now: Date }): Promise<void> {
  await tx
    .update(orders)
    .set({ reviewStatus: "FLAGGED", reviewNote: sql`concat_ws(E'\n', ${orders.reviewNote}, ${f.note}::text)`, updatedAt: f.now })
    .where(eq(orders.id, f.orderId));
  await recordAudit(makeCtx(tx, { kind: "system" }), { action: f.audit.action, targetType: "order", targetId: f.orderId, metadata: f.audit.metadata });
}

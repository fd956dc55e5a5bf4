// The worker side of a gateway refund (outbox task `refund.gateway`, queued in the transaction that
// recorded the refund PENDING and marked the order). Crash-safe by construction:
//
// - The gateway is asked with the refund number as its request number (Alipay `out_request_no`,
//   epay `out_refund_no`), so a repeat of the request is the same refund at the gateway. epay builds
//   that ignore the number are asked first whether the order is already refunded (act=order, status
//   2). A crash after the gateway refunded and before our commit is therefore found on the next run
//   (the task's lease expires and another worker takes it) and completed, never paid twice.
// - The outcome is recorded only through the refund row's own door (PENDING -> DONE or FAILED, for
//   this refund number): a run that lost its lease, or a refund the admin has since taken over
//   with a new number, changes nothing.
// - Only a definite "no" from the gateway (confirmed by asking about this refund again) fails the
//   refund and puts the order back to PAID, so the admin can choose another destination. No answer,
//   a timeout or a gateway error leaves it PENDING (the reason is kept for the drawer) and the task
//   retries with back-off; after its last attempt it stays PENDING and the task center can run it
//   again. Money that may have moved is never declared "not refunded".
import { and, eq } from "drizzle-orm";
import { makeCtx } from "../../context";
import type { Db } from "../../db/client";
import { orders, payments, refunds, type Payment, type Refund } from "../../db/schema";
import { ERROR_REASONS } from "../../error-reasons";
import { isDomainError, type DomainError } from "../../errors";
import { alipayRefund, alipayRefundQuery, epayOrderState, epayRefund } from "../../integrations/payments";
import { recordAudit } from "../audit";
import { loadGatewayConfig } from "../payments-config";
import { kickTasks, registerTaskHandler } from "../tasks";
import { completeRefund } from "./complete-refund";
import { splitGatewayAmount } from "./plan";
import { storeError } from "./stored-error";
import { REFUND_GATEWAY } from "./task-kinds";

type GatewayOutcome = { kind: "refunded"; reference: string | null } | { kind: "refused"; error: string };

registerTaskHandler(REFUND_GATEWAY, (payload, { db }) => runGatewayRefund(db, String(payload.refundId), String(payload.refundNo)));

export async function runGatewayRefund(db: Db, refundId: string, refundNo: string): Promise<Record<string, unknown>> {
  const [row] = await db.select({ refund: refunds, payment: payments }).from(refunds).leftJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, refundId));
  if (!row) return { skipped: "refund gone" };
  const { refund, payment } = row;
  if (refund.status !== "PENDING" || refund.refundNo !== refundNo || refund.destination !== "GATEWAY") return { skipped: `refund ${refund.status}` };
  if (!payment) return record(db, refund, { kind: "refused", error: storeError("refund_destination_unavailable") }, { gatewayMinor: 0, balanceMinor: refund.amountMinor });
  const split = splitGatewayAmount(refund.amountMinor, payment.amountMinor);
  let outcome: GatewayOutcome;
  try {
    outcome = await askGateway(db, payment, refund, split.gatewayMinor);
  } catch (err) {
    // Not a "no": the refund stays PENDING; the reason is kept for the admin and the task retries.
    if (isDomainError(err)) await db.update(refunds).set({ lastError: storedOf(err) }).where(pendingDoor(refund));
    throw err;
  }
  return record(db, refund, outcome, split);
}

const pendingDoor = (refund: Refund) => and(eq(refunds.id, refund.id), eq(refunds.status, "PENDING"), eq(refunds.refundNo, refund.refundNo));

/** A DomainError as reason + the parameters its sentence takes (nothing else: details may name URLs). */
function storedOf(err: DomainError): string {
  const names = (ERROR_REASONS[err.reason] ?? []) as readonly string[];
  const details = Object.fromEntries(names.map((n) => [n, err.details[n]]).filter((e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number"));
  return storeError(err.reason, details);
}

async function askGateway(db: Db, payment: Payment, refund: Refund, amountMinor: number): Promise<GatewayOutcome> {
  const unavailableHere = { kind: "refused", error: storeError("refund_destination_unavailable") } as const;
  if (payment.provider === "alipay_f2f") {
    const cfg = await loadGatewayConfig(db, "alipay_f2f", { includeDisabled: true });
    if (!cfg) return unavailableHere;
    const ask = { tradeNo: payment.tradeNo, refundNo: refund.refundNo };
    const r = await alipayRefund(cfg, { ...ask, amountMinor, reason: refund.note ?? undefined });
    if (r.kind === "refunded" && r.fundChange) return { kind: "refunded", reference: r.providerTradeNo ?? payment.providerTradeNo };
    // A repeat of this request (fund_change N), or a refusal: Alipay's record of this request decides.
    if ((await alipayRefundQuery(cfg, ask)).refunded) return { kind: "refunded", reference: payment.providerTradeNo };
    if (r.kind === "refused") return { kind: "refused", error: storeError("refund_gateway_failed", { detail: r.detail }) };
    throw new Error("alipay accepted the refund but has not finished it yet");
  }
  if (payment.provider === "epay") {
    const cfg = await loadGatewayConfig(db, "epay", { includeDisabled: true });
    if (!cfg) return unavailableHere;
    // Builds that ignore out_refund_no would refuse a repeat ("already refunded"): ask first.
    if ((await epayOrderState(cfg, payment.tradeNo)) === "refunded") return { kind: "refunded", reference: payment.providerTradeNo };
    const r = await epayRefund(cfg, { tradeNo: payment.tradeNo, providerTradeNo: payment.providerTradeNo, refundNo: refund.refundNo, amountMinor });
    if (r.kind === "refunded") return { kind: "refunded", reference: r.refundNo ?? payment.providerTradeNo };
    if (r.kind === "unsupported") return { kind: "refused", error: storeError("refund_destination_unavailable", { detail: r.detail }) };
    // A "no" after all? A run that lost its lease may have refunded it meanwhile.
    if ((await epayOrderState(cfg, payment.tradeNo)) === "refunded") return { kind: "refunded", reference: payment.providerTradeNo };
    return { kind: "refused", error: storeError("refund_gateway_failed", { detail: r.detail }) };
  }
  return unavailableHere;
}

async function record(db: Db, refund: Refund, outcome: GatewayOutcome, split: { gatewayMinor: number; balanceMinor: number }): Promise<Record<string, unknown>> {
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const audit = makeCtx(tx, { kind: "system" });
    if (outcome.kind === "refunded") {
      const [done] = await tx
        .update(refunds)
        .set({ status: "DONE", gatewayReference: outcome.reference, lastError: null, completedAt: now })
        .where(pendingDoor(refund))
        .returning();
      if (!done) return { skipped: "already recorded" };
      const [order] = await tx.select().from(orders).where(eq(orders.id, done.orderId));
      const effects = await completeRefund(tx, { order: order!, refund: done, now, actorId: done.actorId, split });
      await recordAudit(audit, { action: "refund.completed", targetType: "order", targetId: done.orderId, metadata: { refundId: done.id, refundNo: done.refundNo, amountMinor: done.amountMinor, split, gatewayReference: outcome.reference } }, tx);
      return { outcome: "DONE", endedSubscriptions: effects.endedSubscriptions.length };
    }
    const [failed] = await tx.update(refunds).set({ status: "FAILED", lastError: outcome.error, completedAt: now }).where(pendingDoor(refund)).returning();
    if (!failed) return { skipped: "already recorded" };
    // The order is paid again: the admin may refund it another way (or through the gateway again).
    await tx
      .update(orders)
      .set({ status: "PAID", refundedAt: null, refundAmountMinor: null, refundNote: null, updatedAt: now })
      .where(and(eq(orders.id, failed.orderId), eq(orders.status, "REFUNDED")));
    await recordAudit(audit, { action: "refund.failed", targetType: "order", targetId: failed.orderId, metadata: { refundId: failed.id, refundNo: failed.refundNo, error: outcome.error } }, tx);
    return { outcome: "FAILED" };
  });
  if (result.outcome === "DONE") kickTasks();
  return result;
}

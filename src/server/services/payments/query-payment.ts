// GET /api/payment/order/{orderId} and GET /api/payment/query/{tradeNo}: the paying page polls these.
// The trade-number query also asks the provider itself while the attempt is open, so a payment
// whose callback was lost is still found (behaviour §5).
import { and, desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { orderItems, orders, payments, type Payment } from "../../db/schema";
import { DomainError } from "../../errors";
import { alipayQuery, epayQuery } from "../../integrations/payments";
import { loadGatewayConfig } from "../payments-config";
import { recordVerifiedPayment } from "./record-payment";
import { pollUsdtReceipts } from "./usdt-receipts";

/** The provider is asked at most this often per attempt, however fast the page polls. */
export const ACTIVE_QUERY_INTERVAL_MS = 5_000;

export interface PaymentStatusView {
  orderId: string;
  orderNo: string;
  orderStatus: string;
  totalMinor: number;
  currency: string;
  expiresAt: string;
  paidAt: string | null;
  subscriptionIds: string[];
  payments: { tradeNo: string; provider: string; status: string; createdAt: string }[];
}

async function statusOfOrder(ctx: Ctx, orderId: string, userId: string): Promise<PaymentStatusView> {
  const [order] = await ctx.db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new DomainError("NOT_FOUND", "order_not_found");
  const [attempts, lines] = await Promise.all([
    ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)),
    ctx.db.select({ result: orderItems.resultSubscriptionId, target: orderItems.targetSubscriptionId }).from(orderItems).where(eq(orderItems.orderId, orderId)),
  ]);
  const subscriptionIds = order.status === "PAID" ? [...new Set(lines.map((l) => l.result ?? l.target).filter((x): x is string => !!x))] : [];
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    orderStatus: order.status,
    totalMinor: order.totalMinor,
    currency: order.currency,
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    subscriptionIds,
    payments: attempts.map((p) => ({ tradeNo: p.tradeNo, provider: p.provider, status: p.status, createdAt: p.createdAt.toISOString() })),
  };
}

export async function orderPaymentStatus(ctx: Ctx, orderId: string): Promise<PaymentStatusView> {
  const { userId } = requireUser(ctx);
  // A malformed id names no order of the caller's: "not found", like anyone else's order.
  if (!z.uuid().safeParse(orderId).success) throw new DomainError("NOT_FOUND", "order_not_found");
  return statusOfOrder(ctx, orderId, userId);
}

export async function queryPaymentByTradeNo(ctx: Ctx, tradeNo: string): Promise<PaymentStatusView & { tradeNo: string; paymentStatus: string }> {
  const { userId } = requireUser(ctx);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) throw new DomainError("NOT_FOUND", "payment_not_found");
  const no = tradeNo;
  // Order payments only: a recharge's attempt is asked about at /api/wallet/recharge/query/{tradeNo}.
  const [payment] = await ctx.db.select().from(payments).where(and(eq(payments.tradeNo, no), eq(payments.userId, userId), eq(payments.purpose, "ORDER")));
  if (!payment?.orderId) throw new DomainError("NOT_FOUND", "payment_not_found");
  const now = ctx.now();
  if (payment.status === "PENDING" && payment.expiresAt > now) await askProvider(ctx, payment, now);
  const [fresh] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
  const orderId = payment.orderId;
  return { ...(await statusOfOrder(ctx, orderId, userId)), tradeNo: no, paymentStatus: fresh!.status };
}

/** Asks the provider about one open attempt (throttled per attempt) and records a payment it reports. */
export async function askProvider(ctx: Ctx, payment: Payment, now: Date, opts: { throttle?: boolean } = {}): Promise<"recorded" | "unpaid" | "skipped"> {
  const throttle = opts.throttle ?? true;
  const claimed = await ctx.db
    .update(payments)
    .set({ updatedAt: now })
    .where(and(eq(payments.id, payment.id), throttle ? lt(payments.updatedAt, new Date(now.getTime() - ACTIVE_QUERY_INTERVAL_MS)) : undefined))
    .returning({ id: payments.id });
  if (claimed.length === 0) return "skipped";
  if (payment.provider === "usdt_trc20") {
    const polled = await pollUsdtReceipts(ctx.db, now);
    return polled.settled + polled.late > 0 ? "recorded" : "unpaid";
  }
  const r = await queryProvider(ctx, payment);
  if (!r?.found || !r.paid) return "unpaid";
  const outcome = await recordVerifiedPayment(ctx.db, {
    tradeNo: payment.tradeNo,
    amountMinor: r.amountMinor,
    providerTradeNo: r.providerTradeNo,
    evidence: { provider: payment.provider, providerTradeNo: r.providerTradeNo, amountMinor: r.amountMinor, via: "query" },
    now,
  });
  return outcome.kind === "settled" || outcome.kind === "late" ? "recorded" : "unpaid";
}

async function queryProvider(ctx: Ctx, payment: Payment) {
  if (payment.provider === "epay") {
    const cfg = await loadGatewayConfig(ctx.db, "epay", { includeDisabled: true });
    return cfg ? epayQuery(cfg, payment.tradeNo) : null;
  }
  const cfg = await loadGatewayConfig(ctx.db, "alipay_f2f", { includeDisabled: true });
  return cfg ? alipayQuery(cfg, payment.tradeNo) : null;
}

// POST /api/payment/create: a payment attempt for the caller's own pending order. The record is
// written before the gateway is called, so a notify that races back always finds it.
import { and, between, desc, eq, gt, or } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { ORDER_PAY_METHODS, orders, payments, PAYMENT_PROVIDERS, users, type Payment, type PaymentProvider, type PaymentPurpose } from "../../db/schema";
import { conflict, DomainError, forbidden, validationError } from "../../errors";
import { isWallet } from "../../env";
import { minorToDecimal } from "../../integrations/payments/money";
import { alipayPrecreate, epayCreate } from "../../integrations/payments";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { loadGatewayConfig, type GatewayConfigOf } from "../payments-config";
import { newTradeNo } from "./trade-no";
import { paymentView, type PaymentView } from "./payment-view";
import { dropBalancePart, holdBalancePart, payOrderFromBalance, type BalancePaymentView } from "../wallet/pay-from-balance";

// Exported for the OpenAPI document (src/server/openapi): the body of POST /api/payment/create.
export const CreateInput = z.object({ orderId: z.uuid(), provider: z.enum(PAYMENT_PROVIDERS), channel: z.string().trim().max(32).optional() });
/**
 * [wallet] The same, plus paying from the balance: `provider: "balance"` pays the whole order from it;
 * `balanceMinor` with a gateway is a split payment (that much held from the balance, the rest through
 * the gateway). The base edition parses CreateInput, so "balance" is refused like any unknown method.
 */
export const WalletCreateInput = CreateInput.extend({ provider: z.enum(ORDER_PAY_METHODS), balanceMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });
const SplitCreateInput = WalletCreateInput.extend({ provider: z.enum(PAYMENT_PROVIDERS) });

export interface CreateOptions {
  /** Public base URL of this site (settings.siteUrl, else the request's origin), for notify and return URLs. */
  baseUrl: string;
  clientIp: string;
}

/** USDT asks for a unique amount among open payments: the base price plus 0.0001-step offsets (protocols.md §5). */
export const USDT_STEP_MICRO = 100;
export const USDT_MAX_OFFSETS = 100;

/** A gateway attempt for the caller's order ([wallet] with `balanceMinor`, a split payment's gateway part). */
export async function createPayment(ctx: Ctx, raw: unknown, opts: CreateOptions): Promise<PaymentView> {
  return (await startOrderPayment(ctx, raw, opts, false)) as PaymentView;
}

/** POST /api/payment/create: createPayment, or [wallet] with `provider: "balance"` the order paid from the balance at once. */
export async function createOrderPayment(ctx: Ctx, raw: unknown, opts: CreateOptions): Promise<PaymentView | BalancePaymentView> {
  return startOrderPayment(ctx, raw, opts, true);
}

async function startOrderPayment(ctx: Ctx, raw: unknown, opts: CreateOptions, balanceAllowed: boolean): Promise<PaymentView | BalancePaymentView> {
  const { userId } = requireUser(ctx);
  const input: z.infer<typeof WalletCreateInput> = parseInput(!isWallet() ? CreateInput : balanceAllowed ? WalletCreateInput : SplitCreateInput, raw);
  const now = ctx.now();
  // The buyer's risk restriction rides on the order read: refused here too, whoever built the Ctx.
  const [row] = await ctx.db
    .select({ order: orders, buyerRole: users.role, riskRestrictedAt: users.riskRestrictedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, input.orderId), eq(orders.userId, userId)));
  if (!row) throw new DomainError("NOT_FOUND", "order_not_found");
  if (row.riskRestrictedAt && row.buyerRole !== "ADMIN") throw forbidden("account_risk_restricted");
  const order = row.order;
  if (order.status !== "PENDING" || order.expiresAt <= now) throw conflict("order_not_pending");
  if (order.totalMinor === 0) throw conflict("payment_not_needed");
  // [wallet] The whole order from the balance, or its balance part held before the gateway attempt.
  const provider = input.provider;
  if (provider === "balance") {
    if (input.balanceMinor !== undefined && input.balanceMinor !== order.totalMinor) throw validationError("split_amount_invalid", { max: minorToDecimal(order.totalMinor - 1), fields: { balanceMinor: "invalid" } });
    return payOrderFromBalance(ctx, order);
  }
  const balancePart = input.balanceMinor ?? 0;
  if (input.balanceMinor !== undefined) await holdBalancePart(ctx, order, input.balanceMinor);
  else await dropBalancePart(ctx, order);
  const { view, reused } = await openGatewayAttempt(
    ctx,
    { purpose: "ORDER", id: order.id, userId: order.userId, amountMinor: order.totalMinor - balancePart, currency: order.currency, expiresAt: order.expiresAt, subject: order.orderNo, returnPath: `/orders/${order.id}/pay` },
    provider,
    { ...opts, channel: input.channel },
  );
  if (reused) return view;
  await ctx.db.update(orders).set({ provider, updatedAt: now }).where(eq(orders.id, order.id));
  await recordAudit(ctx, { action: "payment.created", targetType: "order", targetId: order.id, metadata: { tradeNo: view.tradeNo, provider, ...(balancePart ? { balanceMinor: balancePart } : {}) } });
  return view;
}

/** What a gateway attempt pays: an order, or [wallet] a recharge order. */
export interface Payable {
  purpose: PaymentPurpose;
  id: string;
  userId: string;
  /** What the gateway is asked for (an order's total, or what is left after a balance part). */
  amountMinor: number;
  currency: string;
  expiresAt: Date;
  /** Shown by the gateway (the order or recharge number). */
  subject: string;
  /** Where the gateway sends the buyer back; `?tradeNo=` is appended. */
  returnPath: string;
}

/**
 * One gateway attempt for a payable: the same method asked again reuses its open attempt (one USDT
 * amount, one QR code); otherwise the record is written first, then the gateway is called, so a
 * notify that races back always finds it. A gateway that refuses closes the attempt.
 */
export async function openGatewayAttempt(ctx: Ctx, payable: Payable, provider: PaymentProvider, opts: CreateOptions & { channel?: string }): Promise<{ view: PaymentView; reused: boolean }> {
  const now = ctx.now();
  const cfg = await loadGatewayConfig(ctx.db, provider);
  if (!cfg) throw conflict("payment_provider_disabled", { provider });
  const epay = provider === "epay" ? (cfg as GatewayConfigOf["epay"]) : undefined;
  const alipay = provider === "alipay_f2f" ? (cfg as GatewayConfigOf["alipay_f2f"]) : undefined;
  const usdt = provider === "usdt_trc20" ? (cfg as GatewayConfigOf["usdt_trc20"]) : undefined;
  const view = (p: Payment, reused = false) => ({ view: paymentView(p, { id: payable.id, currency: payable.currency }, cfg), reused });

  const [open] = await ctx.db
    .select()
    .from(payments)
    .where(and(payableColumn(payable), eq(payments.provider, provider), eq(payments.status, "PENDING"), eq(payments.amountMinor, payable.amountMinor), gt(payments.expiresAt, now)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open && (open.payUrl || open.qrCode || open.cryptoAmountMicro !== null)) return view(open, true);

  const payment = usdt ? await insertUsdtPayment(ctx, payable, usdt.rateMinorPerUsdt, now) : await insertPayment(ctx, payable, provider, now);
  if (usdt) return view(payment);
  try {
    const notifyUrl = new URL(`/api/payment/notify/${provider}`, opts.baseUrl).toString();
    const returnUrl = new URL(`${payable.returnPath}?tradeNo=${payment.tradeNo}`, opts.baseUrl).toString();
    const link = epay
      ? { payUrl: (await epayCreate(epay, { tradeNo: payment.tradeNo, amountMinor: payment.amountMinor, subject: payable.subject, notifyUrl, returnUrl, clientIp: opts.clientIp, channel: opts.channel })).payUrl }
      : { qrCode: (await alipayPrecreate(alipay!, { tradeNo: payment.tradeNo, amountMinor: payment.amountMinor, subject: payable.subject, notifyUrl, timeoutMinutes: Math.max(1, Math.ceil((payable.expiresAt.getTime() - now.getTime()) / 60_000)) })).qrCode };
    const [ready] = (await ctx.db.update(payments).set({ ...link, updatedAt: now }).where(eq(payments.id, payment.id)).returning()) as [Payment];
    return view(ready);
  } catch (err) {
    // The gateway refused or is down: this attempt is closed; the payable stays payable.
    await ctx.db.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
    throw err;
  }
}

const payableColumn = (p: Payable) => (p.purpose === "ORDER" ? eq(payments.orderId, p.id) : eq(payments.rechargeId, p.id));
const payableIds = (p: Payable) => (p.purpose === "ORDER" ? { purpose: "ORDER" as const, orderId: p.id } : { purpose: "RECHARGE" as const, rechargeId: p.id });

async function insertPayment(ctx: Ctx, payable: Payable, provider: PaymentProvider, now: Date): Promise<Payment> {
  const [row] = await ctx.db
    .insert(payments)
    .values({ ...payableIds(payable), userId: payable.userId, provider, tradeNo: newTradeNo(now), amountMinor: payable.amountMinor, expiresAt: payable.expiresAt, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/**
 * How long an amount stays out of use after its attempt closed or was paid. Matching is by block
 * time (usdt-receipts.ts), so a transfer made while an attempt was open reaches it however late the
 * poller reads it; the quarantine protects the buyer who sends after the close (the page's deadline
 * passed while they were in their wallet, or they cancelled and paid anyway): their transfer is
 * recorded on their own order as late, never on a stranger's new attempt. Ten minutes is longer than
 * the longest confirmation delay the settings allow (100 confirmations x 3 s = 5 min) plus a poll
 * interval (30 s), and short enough that 100 offsets per price are not used up by cancellations.
 */
export const USDT_AMOUNT_QUARANTINE_MS = 10 * 60_000;

/**
 * Converts at the configured rate, rounds up to 0.0001 USDT, then takes the first offset whose amount
 * no other open USDT payment holds and no attempt closed or paid within the quarantine used. The
 * partial unique index decides among open ones, so two concurrent orders can never be given the same
 * amount; a quarantined amount cannot become free between the read and the insert (an attempt only
 * ever leaves PENDING, and both states are read as taken).
 */
async function insertUsdtPayment(ctx: Ctx, payable: Payable, rateMinorPerUsdt: number, now: Date): Promise<Payment> {
  const exact = Math.ceil((payable.amountMinor * 1_000_000) / rateMinorPerUsdt);
  const base = Math.ceil(exact / USDT_STEP_MICRO) * USDT_STEP_MICRO;
  const last = base + (USDT_MAX_OFFSETS - 1) * USDT_STEP_MICRO;
  const taken = await ctx.db
    .select({ amount: payments.cryptoAmountMicro })
    .from(payments)
    .where(
      and(
        eq(payments.provider, "usdt_trc20"),
        between(payments.cryptoAmountMicro, base, last),
        or(eq(payments.status, "PENDING"), gt(payments.updatedAt, new Date(now.getTime() - USDT_AMOUNT_QUARANTINE_MS))),
      ),
    );
  const held = new Set(taken.map((r) => r.amount));
  for (let amount = base; amount <= last; amount += USDT_STEP_MICRO) {
    if (held.has(amount)) continue;
    const rows = await ctx.db
      .insert(payments)
      .values({ ...payableIds(payable), userId: payable.userId, provider: "usdt_trc20", tradeNo: newTradeNo(now), amountMinor: payable.amountMinor, cryptoAmountMicro: amount, expiresAt: payable.expiresAt, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (rows[0]) return rows[0];
  }
  throw new DomainError("UNAVAILABLE", "usdt_amounts_exhausted");
}

// [wallet] Recharge orders, the owner's side (behaviour §13): create one (amount within the admin's
// minimum, maximum and step), pay it through a gateway (never from the balance), watch the payment,
// cancel it while it waits. Crediting happens only at the payment door (recharge-credit.ts); every
// status change here is one conditional update, so a cancel racing a credit ends one way or the other.
import { and, count, desc, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import { payments, PAYMENT_PROVIDERS, users, walletRechargeOrders, type RechargeStatus, type WalletRechargeOrder } from "../../db/schema";
import { conflict, DomainError, forbidden, validationError } from "../../errors";
import { minorToDecimal } from "../../integrations/payments/money";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { openGatewayAttempt, type CreateOptions } from "../payments/create-payment";
import type { PaymentView } from "../payments/payment-view";
import { askProvider } from "../payments/query-payment";
import { newReference } from "../payments/trade-no";
import { getSettingsWithSecrets } from "../settings/queries";
import { requireWalletEdition } from "./edition";

/** Unpaid recharges one user may hold at once (like unpaid orders). */
export const MAX_PENDING_RECHARGES = 5;

export const newRechargeNo = (now?: Date) => newReference("W", now);

const missing = () => new DomainError("NOT_FOUND", "recharge_not_found");
const isUuid = (v: unknown): v is string => z.uuid().safeParse(v).success;

/** What the owner (and the contract's GET /api/wallet/recharge/{id}) sees of a recharge. */
export interface RechargeView {
  id: string;
  rechargeNo: string;
  amountMinor: number;
  currency: string;
  status: RechargeStatus;
  /** The method of the latest payment attempt, and its trade number. */
  provider: string | null;
  tradeNo: string | null;
  creditedVia: string | null;
  cancelReason: string | null;
  expiresAt: string;
  creditedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
}

export const rechargeView = (r: WalletRechargeOrder): RechargeView => ({
  id: r.id,
  rechargeNo: r.rechargeNo,
  amountMinor: r.amountMinor,
  currency: r.currency,
  status: r.status,
  provider: r.provider,
  tradeNo: r.tradeNo,
  creditedVia: r.creditedVia,
  cancelReason: r.cancelReason,
  expiresAt: r.expiresAt.toISOString(),
  creditedAt: r.creditedAt?.toISOString() ?? null,
  cancelledAt: r.cancelledAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The amount rules from settings, for the form and the refusal. */
export interface RechargeRules {
  minMinor: number;
  maxMinor: number;
  stepMinor: number;
  currency: string;
}

export async function rechargeRules(db: Tx): Promise<RechargeRules> {
  const s = await getSettingsWithSecrets(db);
  return { minMinor: s.rechargeMinMinor, maxMinor: s.rechargeMaxMinor, stepMinor: s.rechargeStepMinor, currency: s.currency };
}

/** An amount in minor units (a number, or digits as a form sends them) that the rules allow; otherwise recharge_amount_invalid. */
export function checkRechargeAmount(raw: unknown, rules: RechargeRules): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d{1,12}\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < rules.minMinor || n > rules.maxMinor || n % rules.stepMinor !== 0) {
    throw validationError("recharge_amount_invalid", {
      min: minorToDecimal(rules.minMinor),
      max: minorToDecimal(rules.maxMinor),
      step: minorToDecimal(rules.stepMinor),
      fields: { amount: "invalid" },
    });
  }
  return n;
}

const CreateInput = z.object({ amount: z.unknown() });

/** `{ amount }` in minor units. The owner's row lock serializes their recharges, so the pending limit holds under concurrency. */
export async function createRechargeOrder(ctx: Ctx, raw: unknown): Promise<RechargeView> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const input = parseInput(CreateInput, raw ?? {});
  const now = ctx.now();
  const settings = await getSettingsWithSecrets(ctx.db);
  const rules = { minMinor: settings.rechargeMinMinor, maxMinor: settings.rechargeMaxMinor, stepMinor: settings.rechargeStepMinor, currency: settings.currency };
  const amountMinor = checkRechargeAmount(input.amount, rules);
  const recharge = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for("update");
    if (!owner || owner.status !== "ACTIVE") throw forbidden("account_inactive");
    const [pending] = await tx
      .select({ n: count() })
      .from(walletRechargeOrders)
      .where(and(eq(walletRechargeOrders.userId, userId), eq(walletRechargeOrders.status, "PENDING"), gt(walletRechargeOrders.expiresAt, now)));
    if ((pending?.n ?? 0) >= MAX_PENDING_RECHARGES) throw conflict("too_many_pending_recharges", { limit: MAX_PENDING_RECHARGES });
    const expiresAt = new Date(now.getTime() + settings.orderExpiryMinutes * 60_000);
    // The number is random within its second; a collision (the unique index) draws again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(walletRechargeOrders)
        .values({ rechargeNo: newRechargeNo(now), userId, amountMinor, currency: settings.currency, expiresAt, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: walletRechargeOrders.rechargeNo })
        .returning();
      if (row) {
        await recordAudit(ctx, { action: "recharge.created", targetType: "recharge", targetId: row.id, metadata: { rechargeNo: row.rechargeNo, amountMinor } }, tx);
        return row;
      }
    }
    throw new Error("could not draw a unique recharge number");
  });
  return rechargeView(recharge);
}

/**
 * PENDING -> CANCELLED by one conditional update (the balance is not touched); its open payment
 * attempts close, so a USDT amount is freed and money that still arrives is credited as late.
 */
export async function closeRecharge(tx: Tx, id: string, why: "user" | "admin" | "expired", now: Date, ownerId?: string): Promise<WalletRechargeOrder | undefined> {
  const [row] = await tx
    .update(walletRechargeOrders)
    .set({ status: "CANCELLED", cancelReason: why, cancelledAt: now, updatedAt: now })
    .where(and(eq(walletRechargeOrders.id, id), eq(walletRechargeOrders.status, "PENDING"), ownerId ? eq(walletRechargeOrders.userId, ownerId) : undefined))
    .returning();
  if (!row) return undefined;
  await tx.update(payments).set({ status: "CLOSED", updatedAt: now }).where(and(eq(payments.rechargeId, id), eq(payments.status, "PENDING")));
  return row;
}

export async function cancelRechargeOrder(ctx: Ctx, id: string): Promise<RechargeView> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  if (!isUuid(id)) throw missing();
  const row = await ctx.db.transaction(async (tx) => {
    const closed = await closeRecharge(tx, id, "user", ctx.now(), userId);
    if (!closed) {
      const [own] = await tx.select({ id: walletRechargeOrders.id }).from(walletRechargeOrders).where(and(eq(walletRechargeOrders.id, id), eq(walletRechargeOrders.userId, userId)));
      throw own ? conflict("recharge_not_pending") : missing();
    }
    await recordAudit(ctx, { action: "recharge.cancelled", targetType: "recharge", targetId: id, metadata: { by: "owner", rechargeNo: closed.rechargeNo } }, tx);
    return closed;
  });
  return rechargeView(row);
}

async function ownRecharge(ctx: Ctx, userId: string, id: unknown): Promise<WalletRechargeOrder> {
  if (!isUuid(id)) throw missing();
  const [row] = await ctx.db.select().from(walletRechargeOrders).where(and(eq(walletRechargeOrders.id, id), eq(walletRechargeOrders.userId, userId)));
  if (!row) throw missing();
  return row;
}

export interface RechargeDetail extends RechargeView {
  payments: { tradeNo: string; provider: string; status: string; late: boolean; createdAt: string; paidAt: string | null }[];
}

/** GET /api/wallet/recharge/{id}: one of the caller's recharges; anyone else's is "not found". */
export async function getMyRecharge(ctx: Ctx, id: string): Promise<RechargeDetail> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const row = await ownRecharge(ctx, userId, id);
  const attempts = await ctx.db.select().from(payments).where(and(eq(payments.rechargeId, row.id), eq(payments.userId, userId))).orderBy(desc(payments.createdAt));
  return {
    ...rechargeView(row),
    payments: attempts.map((p) => ({ tradeNo: p.tradeNo, provider: p.provider, status: p.status, late: p.late, createdAt: p.createdAt.toISOString(), paidAt: p.paidAt?.toISOString() ?? null })),
  };
}

const ListInput = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(["PENDING", "CREDITED", "CANCELLED"]).optional(),
});

export async function listMyRecharges(ctx: Ctx, raw: unknown = {}): Promise<{ rows: RechargeView[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const f = parseInput(ListInput, raw ?? {});
  const where = and(eq(walletRechargeOrders.userId, userId), f.status ? eq(walletRechargeOrders.status, f.status) : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(walletRechargeOrders).where(where).orderBy(desc(walletRechargeOrders.createdAt), desc(walletRechargeOrders.id)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(walletRechargeOrders).where(where),
  ]);
  return { rows: rows.map(rechargeView), total: total?.n ?? 0, page: f.page, pageSize: f.pageSize };
}

// Exported for the OpenAPI document: the body of POST /api/wallet/recharge/payment/create. `balance`
// is named so that it is refused with its own reason (a recharge is never paid from the balance).
export const RechargePaymentInput = z.object({
  rechargeId: z.string().max(100),
  provider: z.enum([...PAYMENT_PROVIDERS, "balance"]),
  channel: z.string().trim().max(32).optional(),
});

/** A gateway attempt for one of the caller's pending recharges (the same method again reuses the open one). */
export async function createRechargePayment(ctx: Ctx, raw: unknown, opts: CreateOptions): Promise<PaymentView> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const input = parseInput(RechargePaymentInput, raw);
  if (input.provider === "balance") throw validationError("recharge_balance_refused", { fields: { provider: "invalid" } });
  const provider = input.provider;
  const now = ctx.now();
  if (!isUuid(input.rechargeId)) throw missing();
  // The owner's risk restriction rides on the recharge read: refused here too, whoever built the Ctx.
  const [row] = await ctx.db
    .select({ recharge: walletRechargeOrders, role: users.role, riskRestrictedAt: users.riskRestrictedAt })
    .from(walletRechargeOrders)
    .innerJoin(users, eq(users.id, walletRechargeOrders.userId))
    .where(and(eq(walletRechargeOrders.id, input.rechargeId), eq(walletRechargeOrders.userId, userId)));
  if (!row) throw missing();
  if (row.riskRestrictedAt && row.role !== "ADMIN") throw forbidden("account_risk_restricted");
  const recharge = row.recharge;
  if (recharge.status !== "PENDING" || recharge.expiresAt <= now) throw conflict("recharge_not_pending");
  const { view, reused } = await openGatewayAttempt(
    ctx,
    { purpose: "RECHARGE", id: recharge.id, userId, amountMinor: recharge.amountMinor, currency: recharge.currency, expiresAt: recharge.expiresAt, subject: recharge.rechargeNo, returnPath: `/wallet/recharge/${recharge.id}` },
    provider,
    { ...opts, channel: input.channel },
  );
  if (reused) return view;
  await ctx.db
    .update(walletRechargeOrders)
    .set({ provider, tradeNo: view.tradeNo, updatedAt: now })
    .where(and(eq(walletRechargeOrders.id, recharge.id), eq(walletRechargeOrders.status, "PENDING")));
  await recordAudit(ctx, { action: "recharge.payment_created", targetType: "recharge", targetId: recharge.id, metadata: { tradeNo: view.tradeNo, provider } });
  return view;
}

export interface RechargePaymentStatus {
  tradeNo: string;
  provider: string;
  paymentStatus: string;
  /** The recharge the payment was for; null when an admin deleted its record. */
  recharge: RechargeView | null;
}

/**
 * GET /api/wallet/recharge/query/{tradeNo}: one of the caller's recharge payments. While the attempt
 * is open the provider is asked too (throttled), so a payment whose callback was lost is still
 * credited, through the same door as a notify.
 */
export async function queryRechargeByTradeNo(ctx: Ctx, tradeNo: string): Promise<RechargePaymentStatus> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  if (typeof tradeNo !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) throw new DomainError("NOT_FOUND", "payment_not_found");
  const [payment] = await ctx.db.select().from(payments).where(and(eq(payments.tradeNo, tradeNo), eq(payments.userId, userId), eq(payments.purpose, "RECHARGE")));
  if (!payment) throw new DomainError("NOT_FOUND", "payment_not_found");
  const now = ctx.now();
  if (payment.status === "PENDING" && payment.expiresAt > now) await askProvider(ctx, payment, now);
  const [fresh] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
  const [recharge] = payment.rechargeId ? await ctx.db.select().from(walletRechargeOrders).where(and(eq(walletRechargeOrders.id, payment.rechargeId), eq(walletRechargeOrders.userId, userId))) : [];
  return { tradeNo: payment.tradeNo, provider: payment.provider, paymentStatus: fresh?.status ?? payment.status, recharge: recharge ? rechargeView(recharge) : null };
}

// Order reads: the owner's list and detail in the owner's fields (anyone else's order is "not
// found"), and the admin list and detail in full.
import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, requireUser, type Ctx } from "../../context";
import { countCapFor, countUpTo } from "../../db/count-up-to";
import { coupons, orderItems, orders, payments, plans, users, type OrderStatus, type ReviewStatus } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { ownerEmailMatches } from "../accounts/owners-matching";
import { planChangeOfOrder } from "../plan-change/view";

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), pageSize: z.coerce.number().int().min(1).max(100).default(20) });

/**
 * What an order's owner sees of it. The review status and note, the refund note (an admin's words)
 * and the coupon/promotion row ids are staff data and stay out, also when the owner is an admin.
 */
const ownerColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  kind: orders.kind,
  status: orders.status,
  currency: orders.currency,
  subtotalMinor: orders.subtotalMinor,
  couponDiscountMinor: orders.couponDiscountMinor,
  promotionDiscountMinor: orders.promotionDiscountMinor,
  totalMinor: orders.totalMinor,
  provider: orders.provider,
  paidVia: orders.paidVia,
  expiresAt: orders.expiresAt,
  paidAt: orders.paidAt,
  closedAt: orders.closedAt,
  refundedAt: orders.refundedAt,
  refundAmountMinor: orders.refundAmountMinor,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export async function listMyOrders(ctx: Ctx, raw: unknown = {}) {
  const { userId } = requireUser(ctx);
  const { page, pageSize } = parseInput(Page, raw);
  const where = eq(orders.userId, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db.select(ownerColumns).from(orders).where(where).orderBy(desc(orders.createdAt)).limit(pageSize).offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize };
}

async function linesAndAttempts(ctx: Ctx, oid: string) {
  const [lines, attempts] = await Promise.all([
    ctx.db
      .select({ id: orderItems.id, planId: orderItems.planId, planName: plans.name, planKind: plans.kind, kind: orderItems.kind, trafficGb: orderItems.trafficGb, durationDays: orderItems.durationDays, amountMinor: orderItems.amountMinor, subscriptionId: orderItems.resultSubscriptionId, targetSubscriptionId: orderItems.targetSubscriptionId, giftEmail: orderItems.giftEmail })
      .from(orderItems)
      .innerJoin(plans, eq(plans.id, orderItems.planId))
      .where(eq(orderItems.orderId, oid)),
    ctx.db
      .select({ tradeNo: payments.tradeNo, provider: payments.provider, status: payments.status, amountMinor: payments.amountMinor, cryptoAmountMicro: payments.cryptoAmountMicro, late: payments.late, createdAt: payments.createdAt, paidAt: payments.paidAt })
      .from(payments)
      .where(eq(payments.orderId, oid))
      .orderBy(desc(payments.createdAt)),
  ]);
  return { lines, payments: attempts };
}

/**
 * One of the caller's own orders with its lines and payment attempts; anyone else's is "not found".
 * The owner reads the coupon's code (what they typed), not its row. A refunded order's paying payment
 * reads REFUNDED to its owner also while the gateway is still asked or when it was paid back by hand
 * (the payment row itself says PAID then: the admin sees the refund's own state).
 */
export async function getOrderDetail(ctx: Ctx, id: string) {
  const { userId } = requireUser(ctx);
  const oid = parseInput(z.uuid(), id);
  const [order] = await ctx.db
    .select({ ...ownerColumns, couponCode: coupons.code })
    .from(orders)
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(and(eq(orders.id, oid), eq(orders.userId, userId)));
  if (!order) throw new DomainError("NOT_FOUND", "order_not_found");
  const { lines, payments: attempts } = await linesAndAttempts(ctx, oid);
  const shown = attempts.map((p) => (order.status === "REFUNDED" && p.status === "PAID" ? { ...p, status: "REFUNDED" as const } : p));
  return { order, lines, payments: shown, planChange: order.kind === "PLAN_CHANGE" ? await planChangeOfOrder(ctx.db, oid) : null };
}

/**
 * Any order, whole (review and refund notes included), with its buyer and coupon code, for the admin
 * detail drawer: admins only.
 */
export async function getOrderDetailAdmin(ctx: Ctx, id: string) {
  requireAdmin(ctx, "orders.read");
  const oid = parseInput(z.uuid(), id);
  const [row] = await ctx.db
    .select({ order: orders, buyer: { id: users.id, email: users.email }, couponCode: coupons.code })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId))
    .where(eq(orders.id, oid));
  if (!row) throw new DomainError("NOT_FOUND", "order_not_found");
  return {
    order: row.order,
    buyer: row.buyer,
    couponCode: row.couponCode,
    ...(await linesAndAttempts(ctx, oid)),
    planChange: row.order.kind === "PLAN_CHANGE" ? await planChangeOfOrder(ctx.db, oid) : null,
  };
}

const AdminFilter = Page.extend({
  q: z.string().trim().max(200).optional(),
  status: z.enum(["PENDING", "PAID", "CANCELLED", "EXPIRED", "REFUNDED"]).optional(),
  review: z.enum(["NORMAL", "FLAGGED", "RESOLVED"]).optional(),
  provider: z.enum(["epay", "alipay_f2f", "usdt_trc20"]).optional(),
});

/** Orders are counted up to this many (and in steps of it on deeper pages): beyond, "more than". */
export const ORDERS_COUNT_STEP = 1_000;

/**
 * Newest first; filters by status, review state and provider; `q` finds any part of an order number
 * or of the buyer's e-mail (trigram indexes, migration 0026). `total` is exact up to a cap
 * (countCapFor): counting every one of a million orders on each page view cost about a second, so
 * beyond the cap `totalCapped` says there are more.
 */
export async function listOrdersAdmin(ctx: Ctx, raw: unknown = {}) {
  requireAdmin(ctx, "orders.read", "read:orders");
  const f = parseInput(AdminFilter, raw);
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(orders.status, f.status as OrderStatus));
  if (f.review) conds.push(eq(orders.reviewStatus, f.review as ReviewStatus));
  if (f.provider) conds.push(eq(orders.provider, f.provider));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The buyers are found first (users is the small table): a join of every order with its buyer,
    // filtered afterwards, took seconds at 1,100,000 orders.
    conds.push(or(ilike(orders.orderNo, like), await ownerEmailMatches(ctx.db, orders.userId, like))!);
  }
  const where = conds.length ? and(...conds) : undefined;
  // The page's ids first, from orders alone, then their rows and buyers: joined before the OFFSET,
  // every skipped order's buyer was looked up too (10,000 lookups for page 500).
  const pageIds = ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [rows, counted] = await Promise.all([
    ctx.db
      .select({ order: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(inArray(orders.id, pageIds))
      .orderBy(desc(orders.createdAt)),
    // Every order has its user (not null, cascading), and the search names buyers apart: no join.
    countUpTo(ctx.db, orders, where, countCapFor(f.page, f.pageSize, ORDERS_COUNT_STEP)),
  ]);
  return { rows: rows.map((r) => ({ ...r.order, email: r.email })), ...counted, page: f.page, pageSize: f.pageSize };
}

// Creating an order: every scarce thing (plan stock, a streaming slot, a coupon use, the one trial)
// is reserved with a conditional update or an insert backed by a constraint, inside one
// transaction that also holds the buyer's row lock, so per-user rules (plan limit, coupon limit,
// pending orders) are checked without a check-then-insert race (behaviour §3, §4, §14.5).
import { and, count, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Db as Tx } from "../../db/client";
import {
  couponGrants,
  couponRedemptions,
  coupons,
  nodes,
  orderItems,
  orders,
  plans,
  promotions,
  subscriptions,
  trialClaims,
  users,
  type Coupon,
  type Order,
  type OrderKind,
  type Plan,
} from "../../db/schema";
import { conflict, DomainError, forbidden, validationError } from "../../errors";
import { bestPromotion, checkCouponUsable, couponAppliesToPlan, normalizeCouponCode, quotePlanPrice } from "../catalog";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "../settings/queries";
import { kickTasks } from "../tasks";
import { newOrderNo } from "../payments/trade-no";
import { withCouponAttempt } from "./coupon-attempt";
import { checkExtensionTarget } from "./extension-target";
import { findOpenTwin, type ChosenLine } from "./open-order";
import { takePlanUnit } from "./release-order";
import { settleOrder } from "./settle-order";

/** Unpaid orders one user may hold at once: enough to switch plans, too few to hoard stock. */
export const MAX_PENDING_ORDERS = 5;

export interface LineRequest {
  planId: string;
  /** A plan change is priced by its own verb (plan-change/), with the unused value credited. */
  kind: Exclude<OrderKind, "PLAN_CHANGE">;
  trafficGb?: number;
  days?: number;
  targetSubscriptionId?: string;
  /** Issue 28: a new purchase bought as a gift for this address (buy now only; see gifts/purchase-check.ts). */
  giftEmail?: string;
}

interface PricedLine { plan: Plan; request: LineRequest; amountMinor: number; trafficGb: number; durationDays: number; holdsStock: boolean }

const notFoundPlan = () => new DomainError("NOT_FOUND", "plan_not_found");

/**
 * The lines to order: given, or claimed inside the order's transaction (the cart) by a function that
 * runs right after the buyer's row lock, before anything is read or reserved. Whatever it claims
 * (deletes) is gone for every other transaction, so one claimed thing becomes at most one order line.
 */
export type LineSource = LineRequest[] | ((tx: Tx) => Promise<LineRequest[]>);

export interface PlaceOptions {
  /** A one-line purchase that equals the buyer's open unpaid order returns that order (open-order.ts). */
  reuseOpen?: boolean;
}

export async function placeOrder(ctx: Ctx, userId: string, source: LineSource, couponCode?: string, opts: PlaceOptions = {}): Promise<Order> {
  if (Array.isArray(source) && source.length === 0) throw validationError("cart_empty");
  const now = ctx.now();
  const settings = await getSettingsWithSecrets(ctx.db);
  // A typed coupon code is counted against the buyer and the IP before the transaction looks it up.
  const result = await withCouponAttempt(ctx, userId, couponCode, () => ctx.db.transaction(async (tx) => {
    // The buyer's row lock serializes this user's purchases (limits below are per user).
    const [buyer] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for("update");
    if (!buyer || buyer.status !== "ACTIVE") throw forbidden("account_inactive");
    const requests = Array.isArray(source) ? source : await source(tx);
    if (requests.length === 0) throw validationError("cart_empty");
    const lines: PricedLine[] = [];
    for (const request of requests) lines.push(await priceLine(tx, userId, request));
    if (opts.reuseOpen && lines.length === 1) {
      const open = await findOpenTwin(tx, userId, chosen(lines[0]!), couponCode, now);
      if (open) return { order: open, settled: false };
    }
    const [pending] = await tx.select({ n: count() }).from(orders).where(and(eq(orders.userId, userId), eq(orders.status, "PENDING")));
    if ((pending?.n ?? 0) >= MAX_PENDING_ORDERS) throw conflict("too_many_pending_orders", { limit: MAX_PENDING_ORDERS });

    if (lines.some((l) => l.plan.kind === "TRIAL") && lines.length > 1) throw validationError("trial_alone");
    // Each unit this order takes counts toward the per-user limit, including earlier lines of the same plan.
    const taking = new Map<string, number>();
    for (const line of lines) {
      if (!line.holdsStock) continue;
      taking.set(line.plan.id, (taking.get(line.plan.id) ?? 0) + 1);
      await reserveStock(tx, userId, line.plan, taking.get(line.plan.id)!);
    }

    const subtotal = lines.reduce((s, l) => s + l.amountMinor, 0);
    const reserved = couponCode?.trim() ? await reserveCoupon(tx, userId, couponCode, lines, now) : undefined;
    const coupon = reserved?.coupon;
    const couponOff = reserved ? Math.min(reserved.discountMinor, subtotal) : 0;
    const promos = await tx.select().from(promotions).where(eq(promotions.enabled, true));
    const best = bestPromotion(promos, subtotal, now);
    const promo = best?.promotion;
    const promoOff = best ? Math.min(best.discountMinor, subtotal - couponOff) : 0;
    const total = subtotal - couponOff - promoOff;

    const kinds = new Set(lines.map((l) => l.request.kind));
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        kind: kinds.size === 1 ? lines[0]!.request.kind : "NEW_PURCHASE",
        currency: settings.currency,
        subtotalMinor: subtotal,
        couponDiscountMinor: couponOff,
        promotionDiscountMinor: promoOff,
        totalMinor: total,
        couponId: coupon?.id ?? null,
        promotionId: promo && promoOff > 0 ? promo.id : null,
        expiresAt: new Date(now.getTime() + settings.orderExpiryMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order!.id,
        planId: l.plan.id,
        kind: l.request.kind,
        trafficGb: l.trafficGb,
        durationDays: l.durationDays,
        amountMinor: l.amountMinor,
        holdsStock: l.holdsStock,
        targetSubscriptionId: l.request.targetSubscriptionId ?? null,
        giftEmail: l.request.giftEmail ?? null,
      })),
    );
    if (coupon) await tx.insert(couponRedemptions).values({ orderId: order!.id, couponId: coupon.id, userId });
    const trial = lines.find((l) => l.plan.kind === "TRIAL");
    if (trial) await claimTrial(tx, userId, trial.plan.id, order!.id);
    await recordAudit(ctx, { action: "order.created", targetType: "order", targetId: order!.id, metadata: { orderNo: order!.orderNo, totalMinor: total, lines: lines.length } }, tx);
    // Nothing to pay: confirmed now, without a gateway (behaviour §3).
    if (total === 0) {
      const settled = await settleOrder(tx, order!.id, "FREE", now);
      return { order: settled.order!, settled: true };
    }
    return { order: order!, settled: false };
  }));
  if (result.settled) kickTasks();
  return result.order;
}

const chosen = (l: PricedLine): ChosenLine => ({
  planId: l.plan.id,
  kind: l.request.kind,
  trafficGb: l.trafficGb,
  durationDays: l.durationDays,
  amountMinor: l.amountMinor,
  targetSubscriptionId: l.request.targetSubscriptionId ?? null,
  giftEmail: l.request.giftEmail ?? null,
});

async function priceLine(tx: Tx, userId: string, request: LineRequest): Promise<PricedLine> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, request.planId));
  if (!plan) throw notFoundPlan();
  if (request.kind === "NEW_PURCHASE") {
    if (plan.visibility !== "PUBLIC") throw notFoundPlan();
    if (plan.nodeId) {
      const [node] = await tx.select({ visibility: nodes.visibility }).from(nodes).where(eq(nodes.id, plan.nodeId));
      if (node?.visibility !== "VISIBLE") throw conflict("plan_not_for_sale");
    }
  } else {
    await checkExtensionTarget(tx, userId, plan, request.kind, request.targetSubscriptionId);
  }
  const quote = quotePlanPrice(plan, { kind: request.kind, trafficGb: request.trafficGb, days: request.days });
  return { plan, request, ...quote, holdsStock: request.kind === "NEW_PURCHASE" || (await revivesWithoutStock(tx, request)) };
}

/**
 * Stock on revival (behaviour §3): a renewal of a subscription that gave its unit back (it expired)
 * takes a unit again, like a purchase, and provisioning hands it to the subscription on payment.
 */
async function revivesWithoutStock(tx: Tx, request: LineRequest): Promise<boolean> {
  if (request.kind !== "RENEWAL" || !request.targetSubscriptionId) return false;
  const [sub] = await tx.select({ holdsStock: subscriptions.holdsStock }).from(subscriptions).where(eq(subscriptions.id, request.targetSubscriptionId));
  return sub?.holdsStock === false;
}

/** Plan stock (and a streaming slot) by conditional update; then the per-user limit under the row lock. */
async function reserveStock(tx: Tx, userId: string, plan: Plan, unitsInThisOrder: number): Promise<void> {
  await takePlanUnit(tx, plan.id, { serviceMustBeEnabled: true });
  if (plan.perUserLimit !== null) {
    const mine = (await heldElsewhere(tx, userId, plan.id)) + unitsInThisOrder;
    if (mine > plan.perUserLimit) throw conflict("plan_user_limit", { limit: plan.perUserLimit });
  }
}

/** Units of a plan the user already holds: live subscriptions still holding stock plus lines of other pending orders. */
export async function heldElsewhere(tx: Tx, userId: string, planId: string): Promise<number> {
  const [subs] = await tx
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, planId), eq(subscriptions.holdsStock, true), inArray(subscriptions.status, ["ACTIVE", "SUSPENDED"])));
  const [lines] = await tx
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, "PENDING"), eq(orderItems.planId, planId), eq(orderItems.holdsStock, true)));
  return (subs?.n ?? 0) + (lines?.n ?? 0);
}

/**
 * Checks the coupon against the order (window, minimum spend, plan restriction: a restricted coupon
 * discounts only the lines of its plans), then the per-user limit under the buyer's row lock, then
 * takes one use with a conditional update below the total limit.
 */
async function reserveCoupon(tx: Tx, userId: string, code: string, lines: PricedLine[], now: Date): Promise<{ coupon: Coupon; discountMinor: number }> {
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalizeCouponCode(code)));
  let granted = false;
  if (coupon?.audience === "GRANTED") {
    const [grant] = await tx.select().from(couponGrants).where(and(eq(couponGrants.couponId, coupon.id), eq(couponGrants.userId, userId)));
    granted = !!grant;
  }
  const applicable = coupon ? lines.filter((l) => couponAppliesToPlan(coupon, l.plan.id)) : lines;
  const base = applicable.reduce((s, l) => s + l.amountMinor, 0);
  const discountMinor = checkCouponUsable(coupon, { subtotalMinor: base, planIds: lines.map((l) => l.plan.id), now, grantedToUser: granted });
  const c = coupon!;
  if (c.perUserLimit !== null) {
    const [used] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, userId), inArray(couponRedemptions.status, ["HELD", "USED"])));
    if ((used?.n ?? 0) >= c.perUserLimit) throw conflict("coupon_user_limit");
  }
  const taken = await tx
    .update(coupons)
    .set({ usesHeld: sql`${coupons.usesHeld} + 1` })
    .where(and(eq(coupons.id, c.id), or(isNull(coupons.totalLimit), lt(coupons.usesHeld, coupons.totalLimit))))
    .returning({ id: coupons.id });
  if (taken.length === 0) throw conflict("coupon_exhausted");
  return { coupon: c, discountMinor };
}

/** The primary key on trial_claims.user_id is the rule: a second claim, concurrent or not, fails. */
async function claimTrial(tx: Tx, userId: string, planId: string, orderId: string): Promise<void> {
  const claimed = await tx.insert(trialClaims).values({ userId, planId, orderId }).onConflictDoNothing().returning({ userId: trialClaims.userId });
  if (claimed.length === 0) throw conflict("trial_already_used");
}

// What an order would cost, before it is placed: the lines' prices, the coupon's discount and the
// best promotion, worked out the way placeOrder does it, but without reserving anything (no stock,
// no coupon use, no trial claim, no lock). A read: by the time the order is placed a price, a coupon
// or a promotion may have changed, and placeOrder decides.
import { and, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { couponGrants, couponRedemptions, coupons, nodes, plans, promotions, type OrderKind, type Plan } from "../../db/schema";
import { conflict, DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { bestPromotion, checkCouponUsable, couponAppliesToPlan, normalizeCouponCode, quotePlanPrice } from "../catalog";
import { getSettingsWithSecrets } from "../settings/queries";
import { MAX_CART_ITEMS } from "./cart";
import { withCouponAttempt } from "./coupon-attempt";
import { checkExtensionTarget } from "./extension-target";

const PreviewLine = z.object({
  planId: z.uuid(),
  kind: z.enum(["NEW_PURCHASE", "RENEWAL", "TRAFFIC_TOPUP"]).default("NEW_PURCHASE"),
  trafficGb: z.coerce.number().int().min(0).max(100_000).optional(),
  days: z.coerce.number().int().min(0).max(3650).optional(),
  subscriptionId: z.uuid().optional(),
});
const PreviewInput = z.object({
  lines: z.array(PreviewLine).min(1).max(MAX_CART_ITEMS),
  couponCode: z.string().trim().max(64).optional(),
});

export interface OrderPreviewLine {
  planId: string;
  planName: string;
  kind: OrderKind;
  amountMinor: number;
  trafficGb: number;
  durationDays: number;
}

export interface OrderPreview {
  currency: string;
  lines: OrderPreviewLine[];
  subtotalMinor: number;
  /** The normalized code when a coupon was given and applies. */
  couponCode: string | null;
  couponDiscountMinor: number;
  promotionDiscountMinor: number;
  totalMinor: number;
}

const planNotFound = () => new DomainError("NOT_FOUND", "plan_not_found");

/**
 * Prices `lines` for the caller with `couponCode`: the same rules and errors as placing the order
 * (plan_not_found, plan_not_for_sale, subscription_not_found, the price_* validations, the coupon's
 * reasons on the field couponCode, coupon_user_limit, coupon_exhausted), but nothing is reserved. A
 * coupon code is counted like an order's (withCouponAttempt): previewing is no free guessing oracle.
 */
export async function previewOrder(ctx: Ctx, raw: unknown): Promise<OrderPreview> {
  const { userId } = requireUser(ctx);
  const input = parseInput(PreviewInput, raw);
  const now = ctx.now();
  const planIds = [...new Set(input.lines.map((l) => l.planId))];
  const [settings, planRows, promos] = await Promise.all([
    getSettingsWithSecrets(ctx.db),
    ctx.db.select().from(plans).where(inArray(plans.id, planIds)),
    ctx.db.select().from(promotions).where(eq(promotions.enabled, true)),
  ]);
  const byId = new Map(planRows.map((p) => [p.id, p]));

  const lines: OrderPreviewLine[] = [];
  for (const line of input.lines) {
    const plan = byId.get(line.planId);
    if (!plan) throw planNotFound();
    if (line.kind === "NEW_PURCHASE") await checkForSale(ctx, plan);
    else await checkExtensionTarget(ctx.db, userId, plan, line.kind, line.subscriptionId);
    const quote = quotePlanPrice(plan, { kind: line.kind, trafficGb: line.trafficGb || undefined, days: line.days || undefined });
    lines.push({ planId: plan.id, planName: plan.name, kind: line.kind, ...quote });
  }

  const subtotal = lines.reduce((s, l) => s + l.amountMinor, 0);
  const code = input.couponCode?.trim() ? normalizeCouponCode(input.couponCode) : null;
  const couponOff = code ? Math.min(await withCouponAttempt(ctx, userId, code, () => couponDiscountFor(ctx, userId, code, lines, now)), subtotal) : 0;
  const best = bestPromotion(promos, subtotal, now);
  const promoOff = best ? Math.min(best.discountMinor, subtotal - couponOff) : 0;
  return {
    currency: settings.currency,
    lines,
    subtotalMinor: subtotal,
    couponCode: code,
    couponDiscountMinor: couponOff,
    promotionDiscountMinor: promoOff,
    totalMinor: subtotal - couponOff - promoOff,
  };
}

async function checkForSale(ctx: Ctx, plan: Plan): Promise<void> {
  if (plan.visibility !== "PUBLIC") throw planNotFound();
  if (!plan.nodeId) return;
  const [node] = await ctx.db.select({ visibility: nodes.visibility }).from(nodes).where(eq(nodes.id, plan.nodeId));
  if (node?.visibility !== "VISIBLE") throw conflict("plan_not_for_sale");
}

/** The coupon checks of placeOrder, read-only: usable, granted, per-user and total limits not reached. */
async function couponDiscountFor(ctx: Ctx, userId: string, code: string, lines: OrderPreviewLine[], now: Date): Promise<number> {
  const [coupon] = await ctx.db.select().from(coupons).where(eq(coupons.code, code));
  let granted = false;
  if (coupon?.audience === "GRANTED") {
    const [grant] = await ctx.db.select({ id: couponGrants.couponId }).from(couponGrants).where(and(eq(couponGrants.couponId, coupon.id), eq(couponGrants.userId, userId)));
    granted = !!grant;
  }
  const applicable = coupon ? lines.filter((l) => couponAppliesToPlan(coupon, l.planId)) : lines;
  const base = applicable.reduce((s, l) => s + l.amountMinor, 0);
  const discount = checkCouponUsable(coupon, { subtotalMinor: base, planIds: lines.map((l) => l.planId), now, grantedToUser: granted });
  const c = coupon!;
  if (c.perUserLimit !== null) {
    const [used] = await ctx.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, userId), inArray(couponRedemptions.status, ["HELD", "USED"])));
    if ((used?.n ?? 0) >= c.perUserLimit) throw conflict("coupon_user_limit");
  }
  if (c.totalLimit !== null && c.usesHeld >= c.totalLimit) throw conflict("coupon_exhausted");
  return discount;
}

// Buy now with the same choices twice brings back the open unpaid order (issue 24 item 2): the
// same plan, traffic and coupon answer the same order and reserve nothing more; different choices,
// a paid, cancelled or expired order, or a cart order make a new one. The coupon on buy now goes
// through the same pricing and reservation path as the cart's (placeOrder).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couponRedemptions, coupons, orders, plans } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import { addToCart, buyNow, cancelMyOrder, checkoutCart, confirmOrder, MAX_PENDING_ORDERS } from "../../src/server/services/orders";
import type { Ctx } from "../../src/server/context";
import { domainErrorOf } from "../panel/helpers";
import { buyer, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
const ordersOf = (userId: string) => shop.db.select().from(orders).where(eq(orders.userId, userId));
const stockHeld = async (planId: string) => (await shop.db.select().from(plans).where(eq(plans.id, planId)))[0]!.stockHeld;
const at = (ctx: Ctx, ms: number): Ctx => ({ ...ctx, now: () => new Date(ms) });
const code = (p: string) => `${p}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

describe("buy now reuses the open order for the same choices", () => {
  it("six clicks on one plan: one order, one unit of stock, never the pending-orders limit", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 10 });
    const u = await buyer(shop);
    const first = await buyNow(u.ctx, { planId: plan.id });
    for (let i = 0; i < MAX_PENDING_ORDERS + 1; i++) expect((await buyNow(u.ctx, { planId: plan.id })).id).toBe(first.id);
    expect(await ordersOf(u.id)).toHaveLength(1);
    expect(await stockHeld(plan.id)).toBe(1);
  });

  it("a coupon on buy now discounts the order and holds one use; the same coupon again reuses the order", async () => {
    const plan = await proxyPlan(shop);
    const coupon = await createCoupon(shop.admin.ctx, { code: code("BN"), kind: "AMOUNT", amountOffMinor: 300 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id, couponCode: coupon.code.toLowerCase() });
    expect(order).toMatchObject({ subtotalMinor: 1000, couponDiscountMinor: 300, totalMinor: 700, couponId: coupon.id });
    expect((await buyNow(u.ctx, { planId: plan.id, couponCode: ` ${coupon.code} ` })).id).toBe(order.id);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(1);
    expect(await shop.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, u.id))).toHaveLength(1);
  });

  it("different choices make a new order: without the coupon, another coupon, other traffic, another plan", async () => {
    const plan = await proxyPlan(shop);
    const slider = await proxyPlan(shop, { pricingMode: "SLIDER", pricePerGbMinor: 100, minGb: 5, maxGb: 50 });
    const c1 = await createCoupon(shop.admin.ctx, { code: code("A"), kind: "AMOUNT", amountOffMinor: 100 });
    const c2 = await createCoupon(shop.admin.ctx, { code: code("B"), kind: "AMOUNT", amountOffMinor: 200 });
    const u = await buyer(shop);
    const withC1 = await buyNow(u.ctx, { planId: plan.id, couponCode: c1.code });
    const plain = await buyNow(u.ctx, { planId: plan.id });
    const withC2 = await buyNow(u.ctx, { planId: plan.id, couponCode: c2.code });
    const gb5 = await buyNow(u.ctx, { planId: slider.id, trafficGb: 5 });
    const gb6 = await buyNow(u.ctx, { planId: slider.id, trafficGb: 6 });
    expect(new Set([withC1.id, plain.id, withC2.id, gb5.id, gb6.id]).size).toBe(5);
    expect((await buyNow(u.ctx, { planId: slider.id, trafficGb: 5 })).id).toBe(gb5.id);
    // Five open orders: a sixth different purchase meets the limit, the same one still comes back.
    expect((await domainErrorOf(() => buyNow(u.ctx, { planId: slider.id, trafficGb: 7 }))).reason).toBe("too_many_pending_orders");
    expect((await buyNow(u.ctx, { planId: plan.id })).id).toBe(plain.id);
  });

  it("a wrong coupon code is refused as before, even with an open order of the plan", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    await buyNow(u.ctx, { planId: plan.id });
    expect((await domainErrorOf(() => buyNow(u.ctx, { planId: plan.id, couponCode: code("NOPE") }))).reason).toBe("coupon_unusable");
  });

  it("a cancelled, paid or expired order is not reused", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const a = await buyNow(u.ctx, { planId: plan.id });
    await cancelMyOrder(u.ctx, a.id);
    const b = await buyNow(u.ctx, { planId: plan.id });
    expect(b.id).not.toBe(a.id);
    await confirmOrder(shop.admin.ctx, b.id);
    const c = await buyNow(u.ctx, { planId: plan.id });
    expect(c.id).not.toBe(b.id);
    // Past its expiry (not yet swept by the periodic job) it is not offered again either.
    const d = await buyNow(at(u.ctx, c.expiresAt.getTime() + 1_000), { planId: plan.id });
    expect(d.id).not.toBe(c.id);
  });

  it("a cart order with the same plan among other lines is another purchase", async () => {
    const plan = await proxyPlan(shop);
    const other = await proxyPlan(shop);
    const u = await buyer(shop);
    await addToCart(u.ctx, { planId: plan.id });
    await addToCart(u.ctx, { planId: other.id });
    const cart = await checkoutCart(u.ctx, {});
    expect((await buyNow(u.ctx, { planId: plan.id })).id).not.toBe(cart.id);
  });
});

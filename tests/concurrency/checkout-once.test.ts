// One cart, one checkout (issue 21, item 1): concurrent checkouts of one cart must turn each cart
// line into at most one order line. On PostgreSQL every racer has its own pooled connection (odd
// ones through a second pool, as a second app instance would), so the claim on the cart lines is
// what decides; on PGlite the transactions run one after another and prove nothing, so this file
// runs on PostgreSQL only (a collection failure under CI without it).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { cartItems, couponRedemptions, coupons, orderItems, orders, plans, subscriptions } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import { addToCart, checkoutCart, MAX_CART_ITEMS } from "../../src/server/services/orders";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { describeOnPostgres } from "../helpers/requirements";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

describeOnPostgres("one cart, one checkout (PostgreSQL, two pools)", () => {
  const shop = openShop();
  const { on } = secondInstanceForFile(shop);
  const reasons = settledReasons;

  async function raceCheckouts(couponCode?: string) {
    const plan = await proxyPlan(shop, { stockTotal: 100 });
    const u = await buyer(shop);
    await addToCart(u.ctx, { planId: plan.id });
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => checkoutCart(on(i, u.ctx), { couponCode })));
    const o = reasons(rs);
    // Exactly one checkout took the line; the others found the cart empty (nothing else).
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "cart_empty")).toBe(true);
    const mine = await shop.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(mine).toHaveLength(1);
    expect(await shop.db.select().from(orderItems).where(eq(orderItems.orderId, mine[0]!.id))).toHaveLength(1);
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(1);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.userId, u.id))).toHaveLength(0);
    return { u, order: mine[0]! };
  }

  it("10 concurrent checkouts of a one-line cart: one PENDING order, one stock unit held", async () => {
    const { order } = await raceCheckouts();
    expect(order.status).toBe("PENDING");
  });

  it("with a 100 %-off coupon: one PAID order, one subscription, one coupon use", async () => {
    const coupon = await createCoupon(shop.admin.ctx, { code: `FREE${Date.now()}`, kind: "PERCENT", percentOff: 100 });
    const { u, order } = await raceCheckouts(coupon.code);
    expect(order.status).toBe("PAID");
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id))).toHaveLength(1);
    expect(await shop.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, u.id))).toHaveLength(1);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(1);
  });

  it("10 concurrent adds to a cart with room for 2: the cart holds MAX_CART_ITEMS, the rest are cart_full", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    for (let i = 0; i < MAX_CART_ITEMS - 2; i++) await addToCart(u.ctx, { planId: plan.id });
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => addToCart(on(i, u.ctx), { planId: plan.id })));
    const o = reasons(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(2);
    expect(o.filter((x) => x !== "ok").every((x) => x === "cart_full")).toBe(true);
    expect(await shop.db.select().from(cartItems).where(eq(cartItems.userId, u.id))).toHaveLength(MAX_CART_ITEMS);
  });
});

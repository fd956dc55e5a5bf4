// The other verbs that turn one thing into another (issue 21, item 1 audit), raced on PostgreSQL
// over two pools: renewal and top-up orders (each order extends its subscription exactly once, none
// is lost), their settlement by two admins at once (the subscription's row lock), and a coupon's
// per-user limit (counted under the buyer's row lock). These were found safe; the tests keep them so.
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponRedemptions, orders, subscriptions } from "../../src/server/db/schema";
import { createCoupon, grantCoupon } from "../../src/server/services/catalog";
import { addTraffic, buyNow, confirmOrder, renewSubscription } from "../../src/server/services/orders";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { describeOnPostgres } from "../helpers/requirements";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

const DAY_MS = 86_400_000;
const GIB = 1024 ** 3;

describeOnPostgres("renewals, top-ups and coupon limits under concurrency (PostgreSQL, two pools)", () => {
  const shop = openShop();
  const { on } = secondInstanceForFile(shop);
  const reasons = settledReasons;
  const extendable = () => proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900, topupMode: "PER_GB", topupPricePerGbMinor: 50 });
  const subOf = async (userId: string) => (await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;

  async function subscribed(planId: string, free: string) {
    const u = await buyer(shop);
    await buyNow(u.ctx, { planId, couponCode: free });
    return { u, sub: await subOf(u.id) };
  }

  it("5 free renewals and 5 free top-ups of one subscription at once: each order extends it once", async () => {
    const plan = await extendable();
    const free = (await createCoupon(shop.admin.ctx, { code: `FREE${Date.now()}`, kind: "PERCENT", percentOff: 100 })).code;
    const { u, sub } = await subscribed(plan.id, free);
    const rs = await Promise.allSettled(
      // Ten: as many coupon codes as one buyer may have in flight at once (each is counted before its check).
      Array.from({ length: 10 }, (_, i) =>
        i < 5 ? renewSubscription(on(i, u.ctx), { subscriptionId: sub.id, couponCode: free }) : addTraffic(on(i, u.ctx), { subscriptionId: sub.id, trafficGb: 2, couponCode: free }),
      ),
    );
    expect(reasons(rs)).toEqual(Array(10).fill("ok"));
    const paid = await shop.db.select().from(orders).where(and(eq(orders.userId, u.id), eq(orders.status, "PAID")));
    expect(paid.filter((o) => o.kind === "RENEWAL")).toHaveLength(5);
    expect(paid.filter((o) => o.kind === "TRAFFIC_TOPUP")).toHaveLength(5);
    const after = await subOf(u.id);
    expect(after.expiresAt.getTime()).toBe(sub.expiresAt.getTime() + 5 * 30 * DAY_MS);
    expect(after.trafficLimitBytes).toBe(sub.trafficLimitBytes + 5 * 2 * GIB);
  });

  it("five pending extension orders confirmed by two admins at once: every extension lands", async () => {
    const plan = await extendable();
    const free = (await createCoupon(shop.admin.ctx, { code: `FREE${Date.now()}B`, kind: "PERCENT", percentOff: 100 })).code;
    const { u, sub } = await subscribed(plan.id, free);
    const pending = [];
    for (let i = 0; i < 3; i++) pending.push(await renewSubscription(u.ctx, { subscriptionId: sub.id }));
    for (let i = 0; i < 2; i++) pending.push(await addTraffic(u.ctx, { subscriptionId: sub.id, trafficGb: 3 }));
    const rs = await Promise.allSettled(pending.map((o, i) => confirmOrder(on(i, shop.admin.ctx), o.id)));
    expect(reasons(rs).every((x) => x === "ok")).toBe(true);
    const after = await subOf(u.id);
    expect(after.expiresAt.getTime()).toBe(sub.expiresAt.getTime() + 3 * 30 * DAY_MS);
    expect(after.trafficLimitBytes).toBe(sub.trafficLimitBytes + 2 * 3 * GIB);
  });

  it("a coupon limited to one use per buyer (public or granted), 10 orders by one buyer at once: used once", async () => {
    // Ten different purchases (traffic): the same one again would bring back the open order (issue 24 item 2).
    const plan = await proxyPlan(shop, { pricingMode: "SLIDER", pricePerGbMinor: 100, minGb: 5, maxGb: 50 });
    const publicOnce = await createCoupon(shop.admin.ctx, { code: `PU${Date.now()}`, kind: "AMOUNT", amountOffMinor: 100, perUserLimit: 1 });
    const grantedOnce = await createCoupon(shop.admin.ctx, { code: `GR${Date.now()}`, kind: "AMOUNT", amountOffMinor: 100, perUserLimit: 1, audience: "GRANTED" });
    for (const c of [publicOnce, grantedOnce]) {
      const u = await buyer(shop);
      if (c.audience === "GRANTED") await grantCoupon(shop.admin.ctx, c.id, u.email);
      const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => buyNow(on(i, u.ctx), { planId: plan.id, trafficGb: 10 + i, couponCode: c.code })));
      const o = reasons(rs);
      expect(o.filter((x) => x === "ok")).toHaveLength(1);
      expect(o.filter((x) => x !== "ok").every((x) => x === "coupon_user_limit")).toBe(true);
      expect(await shop.db.select().from(couponRedemptions).where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, u.id)))).toHaveLength(1);
    }
  });
});

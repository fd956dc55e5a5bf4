// Buy now clicked many times at once (issue 24 item 2): concurrent purchases of the same plan with
// the same choices by one buyer, each on its own pooled connection (odd ones through a second pool,
// as a second app instance would), make one order; the buyer's row lock orders them and each later
// one finds the first's order. On PGlite the transactions run one after another and prove nothing,
// so this file runs on PostgreSQL only (a collection failure under CI without it).
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { coupons, orders, plans } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import { buyNow } from "../../src/server/services/orders";
import { secondInstanceForFile } from "../helpers/race";
import { describeOnPostgres } from "../helpers/requirements";
import { buyer, openShop, proxyPlan } from "../commerce/fixtures";

describeOnPostgres("buy now twice at once, one order (PostgreSQL, two pools)", () => {
  const shop = openShop();
  const { on } = secondInstanceForFile(shop);

  it("two concurrent buy nows from separate connections: the same order, one unit of stock", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 10 });
    const u = await buyer(shop);
    const [a, b] = await Promise.all([0, 1].map((i) => buyNow(on(i, u.ctx), { planId: plan.id })));
    expect(a!.id).toBe(b!.id);
    expect(await shop.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(1);
  });

  it("ten concurrent buy nows with one coupon: one order, one coupon use held", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 10 });
    const coupon = await createCoupon(shop.admin.ctx, { code: `RACE${Date.now().toString(36)}`.toUpperCase(), kind: "AMOUNT", amountOffMinor: 100 });
    const u = await buyer(shop);
    const placed = await Promise.all(Array.from({ length: 10 }, (_, i) => buyNow(on(i, u.ctx), { planId: plan.id, couponCode: coupon.code })));
    expect(new Set(placed.map((o) => o.id)).size).toBe(1);
    expect(placed[0]).toMatchObject({ couponDiscountMinor: 100, totalMinor: 900 });
    expect(await shop.db.select().from(orders).where(eq(orders.userId, u.id))).toHaveLength(1);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(1);
  });
});

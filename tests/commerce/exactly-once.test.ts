// "Exactly once" under real concurrency: on PostgreSQL every racer has its own pooled connection
// (half of them through a second pool, as a second app instance would), so the conditional updates,
// row locks and constraints are what decides. On PGlite the calls run one after another.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, nodeClients, orders, payments, plans, subscriptions, trialClaims } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import { buyNow } from "../../src/server/services/orders";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { secondInstanceForFile, settledReasons } from "../helpers/race";
import { buyer, drainTasks, proxyPlan, openShop } from "./fixtures";

const shop = openShop();
const second = secondInstanceForFile(shop);
const { on } = second;
const outcomes = settledReasons;

describe("exactly once under concurrency", () => {
  it("stock 1 and 10 concurrent buyers: exactly one order holds it", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer(shop)));
    const rs = await Promise.allSettled(buyers.map((b, i) => buyNow(on(i, b.ctx), { planId: plan.id })));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "out_of_stock")).toBe(true);
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(1);
    expect(await shop.db.select().from(orders).where(eq(orders.userId, buyers[o.indexOf("ok")]!.id))).toHaveLength(1);
  });

  it("a coupon with one use left and 10 concurrent checkouts: used once", async () => {
    const plan = await proxyPlan(shop);
    const coupon = await createCoupon(shop.admin.ctx, { code: `ONE${Date.now()}`, kind: "PERCENT", percentOff: 50, totalLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer(shop)));
    const rs = await Promise.allSettled(buyers.map((b, i) => buyNow(on(i, b.ctx), { planId: plan.id, couponCode: coupon.code })));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "coupon_exhausted")).toBe(true);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(1);
  });

  it("one buyer racing 10 purchases of a plan limited to one per user: one order", async () => {
    // Ten different choices (traffic), so no purchase is the same as another's open order.
    const plan = await proxyPlan(shop, { perUserLimit: 1, pricingMode: "SLIDER", pricePerGbMinor: 100, minGb: 1, maxGb: 50 });
    const u = await buyer(shop);
    const rs = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => buyNow(on(i, u.ctx), { planId: plan.id, trafficGb: i + 1 })));
    const o = outcomes(rs);
    expect(o.filter((x) => x === "ok")).toHaveLength(1);
    expect(o.filter((x) => x !== "ok").every((x) => x === "plan_user_limit")).toBe(true);
  });

  it("one buyer racing 5 trial claims: one trial", async () => {
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    const u = await buyer(shop);
    const rs = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => buyNow(on(i, u.ctx), { planId: trial.id })));
    expect(outcomes(rs).filter((x) => x === "ok")).toHaveLength(1);
    expect(await shop.db.select().from(trialClaims).where(eq(trialClaims.userId, u.id))).toHaveLength(1);
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id))).toHaveLength(1);
  });

  it("the same verified payment recorded 20 times at once: one payment, one subscription, one client per inbound", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    const tradeNo = `X${Date.now()}`;
    await shop.db.insert(payments).values({ orderId: order.id, userId: u.id, provider: "epay", tradeNo, amountMinor: 1000, expiresAt: order.expiresAt });
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => recordVerifiedPayment(i % 2 ? second.db : shop.db, { tradeNo, amountMinor: 1000, evidence: {}, now: new Date() })));
    expect(rs.filter((r) => r.kind === "settled")).toHaveLength(1);
    expect(rs.filter((r) => r.kind === "duplicate")).toHaveLength(19);
    const subs = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(subs).toHaveLength(1);
    await Promise.all([drainTasks(shop.db), drainTasks(second.db)]);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, subs[0]!.id));
    expect(clients).toHaveLength(2);
    const all = shop.sim.state.inbounds.flatMap((i) => shop.sim.state.clientsOf(i));
    for (const c of clients) expect(all.filter((x) => String(x.email).toLowerCase() === c.email)).toHaveLength(1);
  });
});

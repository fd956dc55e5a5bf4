// The owner's subscriptions list: only one's own, live ones first, and renew / add traffic offered
// exactly when placeOrder would accept them (then a paid renewal moves the expiry shown).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../src/server/db/schema";
import { addTraffic, buyNow, confirmOrder, renewSubscription } from "../../src/server/services/orders";
import { listMySubscriptions } from "../../src/server/services/subscriptions";
import { domainErrorOf } from "../panel/helpers";
import { buyer, drainTasks, openShop, proxyPlan } from "./fixtures";

const shop = openShop();

async function subscribe(u: Awaited<ReturnType<typeof buyer>>, planId: string) {
  const order = await buyNow(u.ctx, { planId });
  if (order.status !== "PAID") await confirmOrder(shop.admin.ctx, order.id);
  await drainTasks(shop.db);
}

describe("my subscriptions", () => {
  it("lists one's own, with renew and top-up offered per the plan and the status", async () => {
    const extendable = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900, topupMode: "PER_GB", topupPricePerGbMinor: 50 });
    const plain = await proxyPlan(shop);
    const u = await buyer(shop);
    const other = await buyer(shop);
    await subscribe(u, extendable.id);
    await subscribe(u, plain.id);
    await subscribe(other, plain.id);

    const mine = await listMySubscriptions(u.ctx);
    expect(mine.total).toBe(2);
    const byPlan = new Map(mine.rows.map((r) => [r.planId, r]));
    expect(byPlan.get(extendable.id)).toMatchObject({ status: "ACTIVE", kind: "PROXY", canRenew: true, canAddTraffic: true, renewalMode: "FIXED", renewalPriceMinor: 900, topupMode: "PER_GB", topupPricePerGbMinor: 50, trafficLimitBytes: 10 * 1024 ** 3 });
    expect(byPlan.get(extendable.id)!.nodeName).toBeTruthy();
    expect(byPlan.get(plain.id)).toMatchObject({ canRenew: false, canAddTraffic: false });
    // What the list refuses, placeOrder refuses too.
    const plainSub = byPlan.get(plain.id)!;
    expect((await domainErrorOf(() => renewSubscription(u.ctx, { subscriptionId: plainSub.id }))).reason).toBe("price_renewal_not_allowed");
    // Another user's subscription is neither listed nor extendable.
    const theirs = (await listMySubscriptions(other.ctx)).rows[0]!;
    expect(mine.rows.some((r) => r.id === theirs.id)).toBe(false);
    expect((await domainErrorOf(() => renewSubscription(u.ctx, { subscriptionId: theirs.id }))).reason).toBe("subscription_not_found");
  });

  it("an expired subscription may be renewed but not topped up, and comes after live ones; renewing moves its expiry", async () => {
    const plan = await proxyPlan(shop, { renewalMode: "PER_DAY", renewalPricePerDayMinor: 10, topupMode: "FIXED", topupGb: 5, topupPriceMinor: 300 });
    const u = await buyer(shop);
    await subscribe(u, plan.id);
    await subscribe(u, plan.id);
    const [first, second] = (await listMySubscriptions(u.ctx)).rows;
    const past = new Date(Date.now() - 86_400_000);
    await shop.db.update(subscriptions).set({ status: "EXPIRED", expiresAt: past }).where(eq(subscriptions.id, first!.id));

    const rows = (await listMySubscriptions(u.ctx)).rows;
    expect(rows.map((r) => r.id)).toEqual([second!.id, first!.id]);
    expect(rows[1]).toMatchObject({ status: "EXPIRED", canRenew: true, canAddTraffic: false });
    expect((await domainErrorOf(() => addTraffic(u.ctx, { subscriptionId: first!.id }))).reason).toBe("subscription_not_extendable");

    const renewal = await renewSubscription(u.ctx, { subscriptionId: first!.id, days: 7 });
    expect(renewal.totalMinor).toBe(70);
    await confirmOrder(shop.admin.ctx, renewal.id);
    const after = (await listMySubscriptions(u.ctx)).rows.find((r) => r.id === first!.id)!;
    expect(after.status).toBe("ACTIVE");
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(after.canAddTraffic).toBe(true);
  });

  it("a trial is listed as a trial and never offered renewal or traffic", async () => {
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    const u = await buyer(shop);
    await subscribe(u, trial.id);
    const [row] = (await listMySubscriptions(u.ctx)).rows;
    expect(row).toMatchObject({ trial: true, status: "ACTIVE", canRenew: false, canAddTraffic: false });
  });

  it("pages, and refuses a page size out of range", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    for (let i = 0; i < 3; i++) await subscribe(u, plan.id);
    const p2 = await listMySubscriptions(u.ctx, { page: 2, pageSize: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.rows).toHaveLength(1);
    expect((await domainErrorOf(() => listMySubscriptions(u.ctx, { pageSize: 1000 }))).code).toBe("VALIDATION");
  });
});

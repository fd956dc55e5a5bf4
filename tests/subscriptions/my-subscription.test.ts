// One's own subscription for its detail page: owner only (anyone else, an admin included, gets
// "not found"), content URLs that the content gate accepts, and the states the page explains.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../src/server/db/schema";
import { createPlan, createStreamingService, type PlanInputRaw } from "../../src/server/services/catalog";
import { buyNow, confirmOrder } from "../../src/server/services/orders";
import { openContent } from "../../src/server/services/subscription-content/access";
import { forgetContentSettings } from "../../src/server/services/subscription-content/content-settings";
import { CONTENT_FORMATS } from "../../src/server/services/subscription-content/types";
import { updateSettings } from "../../src/server/services/settings";
import { getMySubscription, listMySubscriptions } from "../../src/server/services/subscriptions";
import { cliCtx, freshIp } from "../helpers/actors";
import { domainErrorOf } from "../panel/helpers";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";

const shop = openShop();
const LIMITS = { perIpPerHour: 1000, perSubscriptionPerHour: 1000 };

async function subscribe(u: Awaited<ReturnType<typeof buyer>>, planId: string): Promise<string> {
  const order = await buyNow(u.ctx, { planId });
  if (order.status !== "PAID") await confirmOrder(shop.admin.ctx, order.id);
  await drainTasks(shop.db);
  return (await listMySubscriptions(u.ctx)).rows.find((r) => r.planId === planId)!.id;
}

describe("getMySubscription", () => {
  it("gives the owner the row and content URLs the gate opens; nobody else sees it", async () => {
    await updateSettings(cliCtx(shop.db), { subscriptionUrl: "https://sub.example.net/" });
    forgetContentSettings();
    const plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 500 });
    const u = await buyer(shop);
    const other = await buyer(shop);
    const id = await subscribe(u, plan.id);

    const d = await getMySubscription(u.ctx, id);
    const listed = (await listMySubscriptions(u.ctx)).rows.find((r) => r.id === id)!;
    // The list's row, plus the detail's fields.
    expect(d).toMatchObject({ ...listed, trafficUpBytes: 0, trafficDownBytes: 0, riskRestricted: false, trafficExhausted: false, live: true, canRevealCredentials: false });
    expect(d.canRenew).toBe(true);

    const base = new URL(d.contentUrl!);
    expect(base.origin + base.pathname).toBe(`https://sub.example.net/api/subscription/${id}`);
    expect(base.searchParams.has("format")).toBe(false);
    const token = base.searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(20);
    for (const f of CONTENT_FORMATS) {
      const u2 = new URL(d.contentUrls![f]);
      expect(u2.searchParams.get("format")).toBe(f);
      expect(u2.searchParams.get("token")).toBe(token);
    }
    // The token on the page is the one the content endpoint accepts, and a changed one is refused.
    const gate = await openContent(shop.db, { id, token, ip: freshIp(), now: new Date(), limits: LIMITS });
    expect(gate.ok).toBe(true);
    const wrong = await openContent(shop.db, { id, token: `${token}x`, ip: freshIp(), now: new Date(), limits: LIMITS });
    expect(wrong).toMatchObject({ ok: false, status: 404 });

    // Another user and an admin who does not own it: not found, the same as an unknown id.
    for (const ctx of [other.ctx, shop.admin.ctx]) {
      const e = await domainErrorOf(() => getMySubscription(ctx, id));
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "subscription_not_found"]);
    }
    expect((await domainErrorOf(() => getMySubscription(u.ctx, "6f1c1a60-0000-4000-8000-000000000000"))).code).toBe("NOT_FOUND");
    expect((await domainErrorOf(() => getMySubscription(u.ctx, "not-a-uuid"))).code).toBe("VALIDATION");
  });

  it("says when traffic is used up, with usage per direction", async () => {
    const plan = await proxyPlan(shop, { trafficGb: 1 });
    const u = await buyer(shop);
    const id = await subscribe(u, plan.id);
    const gb = 1024 ** 3;
    await shop.db.update(subscriptions).set({ trafficUsedBytes: gb - 1, trafficUpBytes: 100, trafficDownBytes: gb - 101 }).where(eq(subscriptions.id, id));
    expect(await getMySubscription(u.ctx, id)).toMatchObject({ trafficExhausted: false, trafficUpBytes: 100, trafficDownBytes: gb - 101 });
    await shop.db.update(subscriptions).set({ trafficUsedBytes: gb, riskRestricted: true }).where(eq(subscriptions.id, id));
    expect(await getMySubscription(u.ctx, id)).toMatchObject({ trafficExhausted: true, riskRestricted: true, status: "ACTIVE" });
  });

  it("a streaming subscription has no content links and reveals credentials only while active", async () => {
    const svc = await createStreamingService(shop.admin.ctx, { name: `stream-${Date.now().toString(36)}`, credentials: "login: a@b.c\npassword: p", slotCount: 3 });
    const plan = await createPlan(shop.admin.ctx, { kind: "STREAMING", name: `sp-${Date.now().toString(36)}`, streamingServiceId: svc.id, pricingMode: "FIXED", priceMinor: 0, durationDays: 30 } as PlanInputRaw);
    const u = await buyer(shop);
    const id = await subscribe(u, plan.id);
    const d = await getMySubscription(u.ctx, id);
    expect(d).toMatchObject({ kind: "STREAMING", contentUrl: null, contentUrls: null, canRevealCredentials: true, trafficExhausted: false });
    expect(d.streamingName).toBe(svc.name);
    await shop.db.update(subscriptions).set({ status: "SUSPENDED" }).where(eq(subscriptions.id, id));
    expect(await getMySubscription(u.ctx, id)).toMatchObject({ live: false, canRevealCredentials: false });
    // Active but past its expiry (the expiry job has not run yet): not live either.
    await shop.db.update(subscriptions).set({ status: "ACTIVE", expiresAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.id, id));
    expect(await getMySubscription(u.ctx, id)).toMatchObject({ live: false, canRevealCredentials: false });
  });
});

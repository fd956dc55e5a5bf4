// The payment page's success screen shows the subscription link the buyer came for (issue 24 item
// 1: landing to a usable URL in five clicks). What a paid order gave: the new subscription, or the
// one a renewal extended; owner only; nothing before the order is paid.
import { describe, expect, it } from "vitest";
import { buyNow, confirmOrder, renewSubscription } from "../../src/server/services/orders";
import { myOrderResult } from "../../src/server/services/orders/order-result";
import { getMySubscription } from "../../src/server/services/subscriptions";
import { domainErrorOf } from "../panel/helpers";
import { buyer, drainTasks, openShop, proxyPlan } from "./fixtures";

const shop = openShop();

describe("what a paid order gave", () => {
  it("nothing while unpaid; then the new subscription with the same content URL as its page", async () => {
    const plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    expect(order.status).toBe("PENDING");
    expect(await myOrderResult(u.ctx, order.id)).toEqual({ paid: false, subscriptions: [] });

    await confirmOrder(shop.admin.ctx, order.id);
    await drainTasks(shop.db);
    const result = await myOrderResult(u.ctx, order.id);
    expect(result.paid).toBe(true);
    expect(result.subscriptions).toHaveLength(1);
    const sub = await getMySubscription(u.ctx, result.subscriptions[0]!.id);
    expect(result.subscriptions[0]).toEqual({ id: sub.id, kind: "PROXY", contentUrl: sub.contentUrl });
    expect(sub.contentUrl).toMatch(/\/api\/subscription\/[0-9a-f-]{36}\?token=/);

    // A renewal names the subscription it extended.
    const renewal = await renewSubscription(u.ctx, { subscriptionId: sub.id });
    await confirmOrder(shop.admin.ctx, renewal.id);
    expect((await myOrderResult(u.ctx, renewal.id)).subscriptions.map((s) => s.id)).toEqual([sub.id]);
  });

  it("another user's order, a malformed id and an unknown one are all 'not found'", async () => {
    const plan = await proxyPlan(shop);
    const owner = await buyer(shop);
    const other = await buyer(shop);
    const order = await buyNow(owner.ctx, { planId: plan.id });
    await confirmOrder(shop.admin.ctx, order.id);
    for (const id of [order.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const e = await domainErrorOf(() => myOrderResult(other.ctx, id));
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "order_not_found"]);
    }
  });
});

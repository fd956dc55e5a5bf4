// Stock on revival (issue 23 item 9, both editions; behaviour §3): an EXPIRED subscription gave its
// unit of plan stock back, so renewing it takes a unit again, like a purchase. The unit is held by the
// renewal order's line (refused out_of_stock when none is free), given back when that order is
// cancelled or expires, and passed to the subscription (not taken twice) when the order is paid.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, subscriptions } from "../../src/server/db/schema";
import { buyNow, cancelMyOrder, confirmOrder, expireDueOrders, renewSubscription } from "../../src/server/services/orders";
import { reassignStreamingSlot } from "../../src/server/services/subscriptions";
import { expireDueSubscriptions } from "../../src/server/services/subscription-lifecycle";
import { domainErrorOf } from "../panel/helpers";
import { gift, planOf, serviceOf, streamingPlan, streamingService, subOf } from "../subscriptions/helpers";
import { buyer, drainTasks, openShop, proxyPlan } from "./fixtures";

const shop = openShop();
const RENEWABLE = { renewalMode: "FIXED", renewalPriceMinor: 500 } as const;

/** The subscription runs out and the expiry job ends it (its unit goes back). */
async function lapse(subscriptionId: string): Promise<void> {
  await shop.db.update(subscriptions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(subscriptions.id, subscriptionId));
  await expireDueSubscriptions(shop.db);
  expect(await subOf(shop.db, subscriptionId)).toMatchObject({ status: "EXPIRED", holdsStock: false });
}

const renewalLine = async (orderId: string) => (await shop.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!;
const held = async (planId: string) => (await planOf(shop.db, planId)).stockHeld;

describe("renewing an expired subscription holds plan stock again", () => {
  it("is refused out_of_stock at the plan's limit; with a free unit it takes it; cancel and expiry give it back; payment passes it to the subscription", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 1, ...RENEWABLE });
    const owner = await buyer(shop);
    const subId = await gift(shop, owner.email, plan.id);
    expect(await held(plan.id)).toBe(1);
    await lapse(subId);
    expect(await held(plan.id)).toBe(0);

    // Someone else buys the free unit: the plan is at its limit and the revival is refused.
    const other = await buyer(shop);
    const bought = await buyNow(other.ctx, { planId: plan.id });
    expect(await held(plan.id)).toBe(1);
    expect((await domainErrorOf(() => renewSubscription(owner.ctx, { subscriptionId: subId }))).reason).toBe("out_of_stock");
    expect(await held(plan.id)).toBe(1);
    expect(await shop.db.select().from(orders).where(and(eq(orders.userId, owner.id), eq(orders.status, "PENDING")))).toHaveLength(0);

    // The unit comes free: the renewal takes it, on its line.
    await cancelMyOrder(other.ctx, bought.id);
    expect(await held(plan.id)).toBe(0);
    const first = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await held(plan.id)).toBe(1);
    expect(await renewalLine(first.id)).toMatchObject({ kind: "RENEWAL", holdsStock: true, targetSubscriptionId: subId });
    // While it waits, nobody else can buy that unit.
    expect((await domainErrorOf(() => buyNow(other.ctx, { planId: plan.id }))).reason).toBe("out_of_stock");

    // Cancelled: the unit goes back once.
    await cancelMyOrder(owner.ctx, first.id);
    expect(await held(plan.id)).toBe(0);

    // Expired unpaid: the unit goes back once (a second expiry run changes nothing).
    const second = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await held(plan.id)).toBe(1);
    const later = new Date(second.expiresAt.getTime() + 1000);
    expect(await expireDueOrders(shop.db, later)).toBeGreaterThanOrEqual(1);
    expect(await held(plan.id)).toBe(0);
    await expireDueOrders(shop.db, later);
    expect(await held(plan.id)).toBe(0);

    // Paid: the subscription is back and holds the line's unit; no second unit is taken.
    const third = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await held(plan.id)).toBe(1);
    await confirmOrder(shop.admin.ctx, third.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true });
    expect(await held(plan.id)).toBe(1);
    await drainTasks(shop.db);

    // It counts against the plan again: nobody else gets in, and its next expiry gives the unit back once.
    expect((await domainErrorOf(() => buyNow(other.ctx, { planId: plan.id }))).reason).toBe("out_of_stock");
    await lapse(subId);
    expect(await held(plan.id)).toBe(0);
    await expireDueSubscriptions(shop.db);
    expect(await held(plan.id)).toBe(0);
  });

  it("renewing a live subscription takes no unit (it holds one already)", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 1, ...RENEWABLE });
    const owner = await buyer(shop);
    const subId = await gift(shop, owner.email, plan.id);
    const order = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await renewalLine(order.id)).toMatchObject({ holdsStock: false });
    expect(await held(plan.id)).toBe(1);
    await confirmOrder(shop.admin.ctx, order.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true });
    expect(await held(plan.id)).toBe(1);
  });

  it("two renewals of one expired subscription both paid: it holds one unit, the other goes back", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3, ...RENEWABLE });
    const owner = await buyer(shop);
    const subId = await gift(shop, owner.email, plan.id);
    await lapse(subId);
    const a = await renewSubscription(owner.ctx, { subscriptionId: subId });
    const b = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await held(plan.id)).toBe(2);
    await confirmOrder(shop.admin.ctx, a.id);
    // One unit now with the subscription, the other still on b's line.
    expect(await held(plan.id)).toBe(2);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true });
    await confirmOrder(shop.admin.ctx, b.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true });
    expect(await held(plan.id)).toBe(1);
  });

  it("the per-user limit counts a revival like a purchase", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 10, perUserLimit: 1, ...RENEWABLE });
    const owner = await buyer(shop);
    const oldId = await gift(shop, owner.email, plan.id);
    await lapse(oldId);
    await gift(shop, owner.email, plan.id);
    expect((await domainErrorOf(() => renewSubscription(owner.ctx, { subscriptionId: oldId }))).reason).toBe("plan_user_limit");
    expect(await held(plan.id)).toBe(1);
  });

  it("a renewal placed while the subscription was live but paid after it expired takes a free unit on payment, or renews without one when none is free", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 1, ...RENEWABLE });
    const owner = await buyer(shop);
    const subId = await gift(shop, owner.email, plan.id);
    const waiting = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect(await renewalLine(waiting.id)).toMatchObject({ holdsStock: false });
    await lapse(subId);
    expect(await held(plan.id)).toBe(0);
    await confirmOrder(shop.admin.ctx, waiting.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true });
    expect(await held(plan.id)).toBe(1);

    // Same again, but the unit is sold meanwhile: the payment still renews it, without a unit.
    const again = await renewSubscription(owner.ctx, { subscriptionId: subId });
    await lapse(subId);
    const other = await buyer(shop);
    await buyNow(other.ctx, { planId: plan.id });
    expect(await held(plan.id)).toBe(1);
    await confirmOrder(shop.admin.ctx, again.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: false });
    expect(await held(plan.id)).toBe(1);
  });

  it("a streaming revival holds a slot on the service the subscription uses, even after an admin moved it", async () => {
    const home = await streamingService(shop, 5);
    const moved = await streamingService(shop, 5);
    const plan = await streamingPlan(shop, home.id, { stockTotal: 5, ...RENEWABLE });
    const owner = await buyer(shop);
    const subId = await gift(shop, owner.email, plan.id);
    await reassignStreamingSlot(shop.admin.ctx, { subscriptionId: subId, serviceId: moved.id });
    expect([(await serviceOf(shop.db, home.id)).slotsHeld, (await serviceOf(shop.db, moved.id)).slotsHeld]).toEqual([0, 1]);
    await lapse(subId);
    expect([(await serviceOf(shop.db, home.id)).slotsHeld, (await serviceOf(shop.db, moved.id)).slotsHeld, await held(plan.id)]).toEqual([0, 0, 0]);

    const order = await renewSubscription(owner.ctx, { subscriptionId: subId });
    expect([(await serviceOf(shop.db, home.id)).slotsHeld, await held(plan.id)]).toEqual([1, 1]);
    await confirmOrder(shop.admin.ctx, order.id);
    expect(await subOf(shop.db, subId)).toMatchObject({ status: "ACTIVE", holdsStock: true, streamingServiceId: moved.id });
    expect([(await serviceOf(shop.db, home.id)).slotsHeld, (await serviceOf(shop.db, moved.id)).slotsHeld, await held(plan.id)]).toEqual([0, 1, 1]);
    await lapse(subId);
    expect([(await serviceOf(shop.db, home.id)).slotsHeld, (await serviceOf(shop.db, moved.id)).slotsHeld, await held(plan.id)]).toEqual([0, 0, 0]);
  });
});

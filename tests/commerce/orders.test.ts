// Orders end to end on the service layer: reservation and release of stock and coupons, free
// orders confirmed without a gateway, provisioning onto the simulated panel after commit, admin
// confirmation (including of a late payment), refunds, and the panel being down during provisioning.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, nodeClients, orders, payments, plans, subscriptions, tasks } from "../../src/server/db/schema";
import { createCoupon } from "../../src/server/services/catalog";
import {
  addToCart,
  buyNow,
  cancelMyOrder,
  checkoutCart,
  confirmOrder,
  expireDueOrders,
  listCart,
  refundOrder,
  renewSubscription,
} from "../../src/server/services/orders";
import { recordVerifiedPayment } from "../../src/server/services/payments/record-payment";
import { domainErrorOf } from "../panel/helpers";
import { buyer, drainTasks, proxyPlan, openShop } from "./fixtures";

const shop = openShop();
const GIB = 1024 ** 3;

async function insertPayment(orderId: string, userId: string, amountMinor: number, tradeNo: string) {
  await shop.db.insert(payments).values({ orderId, userId, provider: "epay", tradeNo, amountMinor, expiresAt: new Date(Date.now() + 600_000) });
}

describe("placing and releasing orders", () => {
  it("a purchase holds one unit of stock until the owner cancels; a stranger's cancel is 'not found'", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 3 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    expect(order).toMatchObject({ status: "PENDING", kind: "NEW_PURCHASE", subtotalMinor: 1000, totalMinor: 1000, currency: "CNY" });
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(1);

    const stranger = await buyer(shop);
    expect((await domainErrorOf(() => cancelMyOrder(stranger.ctx, order.id))).reason).toBe("order_not_found");
    await cancelMyOrder(u.ctx, order.id);
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(0);
    expect((await domainErrorOf(() => cancelMyOrder(u.ctx, order.id))).reason).toBe("order_not_pending");
  });

  it("a sold-out plan refuses the next buyer; expiry gives the unit and the coupon use back", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 1 });
    const coupon = await createCoupon(shop.admin.ctx, { code: `EXP${Date.now()}`, kind: "AMOUNT", amountOffMinor: 200, totalLimit: 1 });
    const first = await buyer(shop);
    const order = await buyNow(first.ctx, { planId: plan.id, couponCode: coupon.code.toLowerCase() });
    expect(order).toMatchObject({ couponDiscountMinor: 200, totalMinor: 800 });
    const second = await buyer(shop);
    expect((await domainErrorOf(() => buyNow(second.ctx, { planId: plan.id }))).reason).toBe("out_of_stock");

    const later = new Date(order.expiresAt.getTime() + 1000);
    expect(await expireDueOrders(shop.db, later)).toBeGreaterThanOrEqual(1);
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("EXPIRED");
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(0);
    expect((await shop.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]!.usesHeld).toBe(0);
    const again = await buyNow(second.ctx, { planId: plan.id, couponCode: coupon.code });
    expect(again.totalMinor).toBe(800);
  });

  it("the cart checks out into one order with one line per item, and empties", async () => {
    const a = await proxyPlan(shop);
    const b = await proxyPlan(shop, { priceMinor: 2500 });
    const u = await buyer(shop);
    await addToCart(u.ctx, { planId: a.id });
    await addToCart(u.ctx, { planId: b.id });
    expect(await listCart(u.ctx)).toHaveLength(2);
    const order = await checkoutCart(u.ctx, {});
    expect(order.subtotalMinor).toBe(3500);
    expect(await listCart(u.ctx)).toHaveLength(0);
    expect((await domainErrorOf(() => checkoutCart(u.ctx, {}))).reason).toBe("cart_empty");
  });
});

describe("provisioning", () => {
  it("a free trial is confirmed at once, provisions a client per inbound on the panel, and is one per user", async () => {
    const trial = await proxyPlan(shop, { kind: "TRIAL", priceMinor: 0, trafficGb: 1, durationDays: 1 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: trial.id });
    expect(order).toMatchObject({ status: "PAID", paidVia: "FREE", totalMinor: 0 });
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(sub).toMatchObject({ status: "ACTIVE", trial: true, trafficLimitBytes: GIB });
    await drainTasks(shop.db);
    const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
    expect(clients).toHaveLength(2);
    for (const c of clients) {
      expect(c.panelState).toBe("SYNCED");
      expect(c.email).toMatch(new RegExp(`^${u.email.replace(/[.+]/g, "\\$&")}-[a-z0-9]{8}$`));
      const onPanel = shop.sim.state.findClientByEmail(c.email)?.client;
      expect(onPanel).toBeTruthy();
      expect(onPanel).toMatchObject({ totalGB: GIB, expiryTime: sub!.expiresAt.getTime(), enable: true, subId: sub!.id });
    }
    expect((await domainErrorOf(() => buyNow(u.ctx, { planId: trial.id }))).reason).toBe("trial_already_used");
  });

  it("a verified payment recorded twice settles once; renewing extends the same subscription and its clients", async () => {
    const plan = await proxyPlan(shop, { renewalMode: "FIXED", renewalPriceMinor: 900 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    const tradeNo = `T${Date.now()}a`;
    await insertPayment(order.id, u.id, 1000, tradeNo);
    const first = await recordVerifiedPayment(shop.db, { tradeNo, amountMinor: 1000, evidence: {}, now: new Date() });
    const second = await recordVerifiedPayment(shop.db, { tradeNo, amountMinor: 1000, evidence: {}, now: new Date() });
    expect([first.kind, second.kind]).toEqual(["settled", "duplicate"]);
    const subs = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(subs).toHaveLength(1);
    await drainTasks(shop.db);

    const renewal = await renewSubscription(u.ctx, { subscriptionId: subs[0]!.id });
    expect(renewal).toMatchObject({ kind: "RENEWAL", totalMinor: 900 });
    const rTrade = `T${Date.now()}b`;
    await insertPayment(renewal.id, u.id, 900, rTrade);
    expect((await recordVerifiedPayment(shop.db, { tradeNo: rTrade, amountMinor: 900, evidence: {}, now: new Date() })).kind).toBe("settled");
    const [renewed] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, subs[0]!.id));
    expect(renewed!.expiresAt.getTime() - subs[0]!.expiresAt.getTime()).toBe(30 * 86_400_000);
    await drainTasks(shop.db);
    const [client] = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, renewed!.id));
    expect(shop.sim.state.findClientByEmail(client!.email)?.client).toMatchObject({ expiryTime: renewed!.expiresAt.getTime() });
  });

  it("a wrong amount changes nothing; a payment after cancellation is recorded, flagged, and an admin can still confirm it", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    const tradeNo = `T${Date.now()}c`;
    await insertPayment(order.id, u.id, 1000, tradeNo);
    expect((await recordVerifiedPayment(shop.db, { tradeNo, amountMinor: 999, evidence: {}, now: new Date() })).kind).toBe("amount_mismatch");
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]!.status).toBe("PENDING");

    await cancelMyOrder(u.ctx, order.id);
    const late = await recordVerifiedPayment(shop.db, { tradeNo, amountMinor: 1000, evidence: {}, now: new Date() });
    expect(late).toMatchObject({ kind: "late", orderStatus: "CANCELLED" });
    const [flagged] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
    expect(flagged).toMatchObject({ status: "CANCELLED", reviewStatus: "FLAGGED" });
    expect((await shop.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)))[0]).toMatchObject({ status: "PAID", late: true });
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(0);

    const confirmed = await confirmOrder(shop.admin.ctx, order.id);
    expect(confirmed.status).toBe("PAID");
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.reviewStatus).toBe("RESOLVED");
    expect(await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id))).toHaveLength(1);
  });

  it("a refund that ends the subscription disables its panel clients and gives the stock back", async () => {
    const plan = await proxyPlan(shop, { stockTotal: 5 });
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    await confirmOrder(shop.admin.ctx, order.id);
    await drainTasks(shop.db);
    const tooMuch = await domainErrorOf(() => refundOrder(shop.admin.ctx, order.id, { amount: 5000, destination: "manual", note: "too much", endSubscription: true }));
    expect(tooMuch).toMatchObject({ reason: "refund_amount_invalid", details: { max: "10.00", maxMinor: 1000 } });
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("PAID");
    await refundOrder(shop.admin.ctx, order.id, { amount: 1000, destination: "manual", note: "asked nicely", endSubscription: true });
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
    expect(sub).toMatchObject({ status: "CANCELLED", holdsStock: false });
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(0);
    await drainTasks(shop.db);
    for (const c of await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id))) {
      expect(shop.sim.state.findClientByEmail(c.email)?.client).toMatchObject({ enable: false });
    }
    expect((await shop.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: "REFUNDED", refundAmountMinor: 1000 });
  });

  it("panel down during provisioning: the task fails with back-off, then succeeds once the panel is back; a second run adds nothing", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });
    await shop.panelDown();
    try {
      await confirmOrder(shop.admin.ctx, order.id);
      await drainTasks(shop.db);
      const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.sourceOrderId, order.id));
      const clients = await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id));
      expect(clients.every((c) => c.panelState === "ERROR")).toBe(true);
      const pending = await shop.db.select().from(tasks).where(and(eq(tasks.kind, "panel.client.sync"), eq(tasks.status, "PENDING")));
      const mine = pending.filter((t) => clients.some((c) => c.id === t.payload.nodeClientId));
      expect(mine).toHaveLength(2);
      for (const t of mine) {
        expect(t.attempts).toBe(1);
        expect(t.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000); // backed off, not retried at once
      }
      await shop.panelUp();
      // Make the backed-off tasks due now, as time passing would.
      for (const t of mine) await shop.db.update(tasks).set({ runAt: new Date() }).where(eq(tasks.id, t.id));
      await drainTasks(shop.db);
      for (const c of await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, sub!.id))) {
        expect(c.panelState).toBe("SYNCED");
        expect(shop.sim.state.inbounds.flatMap((i) => shop.sim.state.clientsOf(i)).filter((x) => String(x.email).toLowerCase() === c.email)).toHaveLength(1);
      }
      // The same sync again (a repeat after a lost lease): still one client each.
      for (const t of mine) await shop.db.update(tasks).set({ status: "PENDING", runAt: new Date() }).where(eq(tasks.id, t.id));
      await drainTasks(shop.db);
      for (const c of clients) expect(shop.sim.state.inbounds.flatMap((i) => shop.sim.state.clientsOf(i)).filter((x) => String(x.email).toLowerCase() === c.email)).toHaveLength(1);
    } finally {
      if (!shop.sim) await shop.panelUp();
    }
  });
});

describe("per-user limits", () => {
  it("count every unit of the plan in the same order too: two of a one-per-user plan in one cart are refused", async () => {
    const plan = await proxyPlan(shop, { perUserLimit: 1, stockTotal: 10 });
    const u = await buyer(shop);
    await addToCart(u.ctx, { planId: plan.id });
    await addToCart(u.ctx, { planId: plan.id });
    expect((await domainErrorOf(() => checkoutCart(u.ctx, {}))).reason).toBe("plan_user_limit");
    expect((await shop.db.select().from(plans).where(eq(plans.id, plan.id)))[0]!.stockHeld).toBe(0);
    expect(await listCart(u.ctx)).toHaveLength(2); // nothing changed, the cart included
  });
});
